/**
 * The receipt keys a reader pinned: one, or after a rotation several (the current key and the
 * retired ones, `convene keys` prints them all), comma-separated in `--service-key` and
 * `CONVENE_SERVICE_KEY`. A receipt signed with any of them passes the key check.
 */
export function serviceKeyList(text: string): string[] {
  return text.split(/[\s,]+/).filter((key) => key !== '');
}
