import { verdictOf, type Check, type CheckStatus } from '../../agent/checks.js';
import { EXIT } from '../../agent/exit-codes.js';
import type { CliContext } from '../context.js';

const MARK: Record<CheckStatus, string> = { passed: '✓', failed: '✗', not_checked: '–' };

/**
 * Prints the checks and sets the exit code: 0 every check ran and passed; 1 (EXIT.failed) one
 * failed; 6 (EXIT.incomplete) none failed but some could not be run. Never prints ✓ for a check
 * that did not run, and says VERIFIED only when every check ran and passed.
 */
export function finishChecks(
  ctx: CliContext,
  data: Record<string, unknown>,
  checks: readonly Check[],
): void {
  const { ok, verdict } = verdictOf(checks);
  const anyFailed = verdict === 'NOT VERIFIED';
  ctx.print({ ok, verdict, ...data, checks }, () =>
    [
      ...checks.map((c) => {
        const label = c.status === 'not_checked' ? `${c.check}: not checked` : c.check;
        return `${MARK[c.status]} ${label}${c.detail === undefined || c.detail === '' ? '' : `  (${c.detail})`}`;
      }),
      verdict,
    ].join('\n'),
  );
  if (anyFailed) process.exitCode = EXIT.failed;
  else if (!ok) process.exitCode = EXIT.incomplete;
}
