/**
 * A take's `memoUrl` is any string up to 2,000 characters (the spec limits only its length), signed
 * as written. A client that shows it as a link or hands it to something that will (a browser, a
 * model's markdown) must first ask this: only an absolute http or https URL is a link; anything else
 * (`javascript:`, `data:`, a relative path, text) is shown as text or withheld, never followed.
 */
export function webLink(url: string | null | undefined): string | null {
  if (typeof url !== 'string' || url.length === 0) return null;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? url : null;
}
