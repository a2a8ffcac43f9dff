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

/** The full in-browser log check of one take (on the take page and the log page). */
export function InclusionLines({ take }: { take: LoggedTake }) {
  const lines = useLogCheck(() => checkTakeInLog(take), `${take.id}:${take.logIndex}`);
  return <LogLines lines={lines} />;
}

/** The in-browser log check of a consensus receipt (on the session page). */
export function ReceiptInclusionLines({ receipt }: { receipt: ConsensusReceipt }) {
  const lines = useLogCheck(() => checkReceiptInLog(receipt), receipt.digest);
  return <LogLines lines={lines} />;
}
