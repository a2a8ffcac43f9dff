import { ApiError } from '../sdk/client.js';
import { AgentContext, type AgentOptions } from '../agent/context.js';
import { AgentError, EXIT } from '../agent/exit-codes.js';

export interface GlobalOptions extends AgentOptions {
  json?: boolean;
}

/** What every command gets: the agent's context (service, member files), and how to print. */
export class CliContext extends AgentContext {
  readonly json: boolean;

  constructor(options: GlobalOptions) {
    super(options);
    this.json = options.json === true;
  }

  /** JSON for scripts with --json, readable text otherwise. */
  print(data: unknown, human: () => string): void {
    process.stdout.write(this.json ? `${JSON.stringify(data, null, 2)}\n` : `${human()}\n`);
  }

  /** Progress for long operations goes to stderr so --json output stays clean. */
  progress(line: string): void {
    if (process.stderr.isTTY) process.stderr.write(`\r\x1b[2K${line}`);
    else process.stderr.write(`${line}\n`);
  }

  progressDone(): void {
    if (process.stderr.isTTY) process.stderr.write('\n');
  }
}

/** Maps any error to a plain message and the documented exit code. */
export function exitCodeFor(error: unknown): { code: number; message: string } {
  if (error instanceof AgentError) return { code: error.exitCode, message: error.message };
  if (error instanceof ApiError) {
    return {
      code: error.status >= 500 ? EXIT.unavailable : EXIT.refused,
      message: `${error.status}: ${error.message}`,
    };
  }
  return { code: EXIT.failed, message: error instanceof Error ? error.message : String(error) };
}

/** A fixed-width text table. */
export function table(
  headers: string[],
  rows: Array<Array<string | number | null | undefined>>,
): string {
  const cells = [
    headers,
    ...rows.map((row) =>
      row.map((cell) => (cell === null || cell === undefined ? '—' : String(cell))),
    ),
  ];
  const widths = headers.map((_, column) =>
    Math.max(...cells.map((row) => (row[column] ?? '').length)),
  );
  return cells
    .map((row, index) => {
      const line = row
        .map((cell, column) => cell.padEnd(widths[column] ?? 0))
        .join('  ')
        .trimEnd();
      return index === 0 ? `${line}\n${widths.map((width) => '-'.repeat(width)).join('  ')}` : line;
    })
    .join('\n');
}
