import type { ComponentChildren } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import type { ConsensusReceipt } from '@convene/protocol';
import {
  checkReceiptInLog,
  checkTakeInLog,
  type LogCheckLine,
  type LoggedTake,
} from './log-check.js';

const MARK = { passed: '✓', failed: '✗', 'not-checked': '–' } as const;
const WORD = { passed: 'passed', failed: 'failed', 'not-checked': 'not checked' } as const;

/** Check lines as the CLI prints them: the mark and the word, so status never rests on colour. */
export function LogLines({ lines }: { lines: LogCheckLine[] | null }) {
  if (lines === null) return <p class="muted small">Checking in your browser…</p>;
  return (
    <ul class="check-lines" data-testid="log-check">
      {lines.map((line) => (
        <li key={line.label} class={line.state} data-state={line.state}>
          <span aria-hidden="true">{MARK[line.state]}</span> {line.label}:{' '}
          <strong>{WORD[line.state]}</strong>
          {line.detail !== undefined ? <span class="small"> ({line.detail})</span> : null}
        </li>
      ))}
    </ul>
  );
}

/** Runs `check` once per `key` and shows its lines. */
export function useLogCheck(
  check: () => Promise<LogCheckLine[]>,
  key: unknown,
): LogCheckLine[] | null {
  const [lines, setLines] = useState<LogCheckLine[] | null>(null);
  useEffect(() => {
    let live = true;
    setLines(null);
    check()
      .then((result) => live && setLines(result))
      .catch(
        (error: unknown) =>
          live &&
          setLines([
            {
              label: 'transparency log check',
              state: 'not-checked',
              detail: error instanceof Error ? error.message : String(error),
            },
          ]),
      );
    return () => {
      live = false;
    };
  }, [key]);
  return lines;
}

/** Where a check sits on a page: a summary that tallies it, opened by itself when one failed. */
interface Placement {
  summary?: ComponentChildren;
  testId?: string;
}

/** The tally a summary shows: a failure is never folded away behind a closed disclosure. */
export function tally(lines: LogCheckLine[] | null): string {
  if (lines === null) return 'checking in your browser…';
  const failed = lines.filter((line) => line.state === 'failed').length;
  const skipped = lines.filter((line) => line.state === 'not-checked').length;
  if (failed > 0) return `✗ ${failed} of ${lines.length} checks failed in your browser`;
  if (skipped > 0) {
    return `✓ ${lines.length - skipped} checks passed in your browser, ${skipped} not checked`;
  }
  return `✓ all ${lines.length} checks passed in your browser`;
}

export function PlacedLines({
  lines,
  summary,
  testId,
}: Placement & { lines: LogCheckLine[] | null }) {
  if (summary === undefined) return <LogLines lines={lines} />;
  const failed = lines?.some((line) => line.state === 'failed') ?? false;
  return (
    <details class="log-inclusion" data-testid={testId} open={failed}>
      <summary>
        {summary} · <span data-testid="log-tally">{tally(lines)}</span>
      </summary>
      <LogLines lines={lines} />
    </details>
  );
}

/** The full in-browser log check of one take (on the take page and the log page). */
export function InclusionLines({ take, ...placement }: Placement & { take: LoggedTake }) {
  const lines = useLogCheck(() => checkTakeInLog(take), `${take.id}:${take.logIndex}`);
  return <PlacedLines lines={lines} {...placement} />;
}

/** The in-browser log check of a consensus receipt (on the session page and the log page). */
export function ReceiptInclusionLines({
  receipt,
  ...placement
}: Placement & { receipt: ConsensusReceipt }) {
  const lines = useLogCheck(() => checkReceiptInLog(receipt), receipt.digest);
  return <PlacedLines lines={lines} {...placement} />;
}
