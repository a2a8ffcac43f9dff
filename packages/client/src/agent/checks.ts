/** One line of a verifier's report: run and passed, run and failed, or not run (and why). */
export type CheckStatus = 'passed' | 'failed' | 'not_checked';

export interface Check {
  check: string;
  status: CheckStatus;
  /** Why it failed or was not checked; for a pass, what it was checked against. */
  detail?: string;
}

export const passed = (check: string, detail?: string): Check =>
  detail === undefined ? { check, status: 'passed' } : { check, status: 'passed', detail };
export const failed = (check: string, detail: string): Check => ({
  check,
  status: 'failed',
  detail,
});
export const notChecked = (check: string, why: string): Check => ({
  check,
  status: 'not_checked',
  detail: why,
});
export const checked = (check: string, ok: boolean, detail: string): Check =>
  ok ? passed(check) : failed(check, detail);

/** VERIFIED only when every check ran and passed; NOT VERIFIED when one failed; else INCOMPLETE. */
export function verdictOf(checks: readonly Check[]): {
  ok: boolean;
  verdict: 'VERIFIED' | 'NOT VERIFIED' | 'INCOMPLETE';
} {
  const anyFailed = checks.some((c) => c.status === 'failed');
  const anySkipped = checks.some((c) => c.status === 'not_checked');
  return {
    ok: !anyFailed && !anySkipped,
    verdict: anyFailed ? 'NOT VERIFIED' : anySkipped ? 'INCOMPLETE' : 'VERIFIED',
  };
}
