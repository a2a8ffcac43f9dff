import { readFile } from 'node:fs/promises';
import type { LogApi } from '@convene/protocol';
import { ApiError, createConveneClient, type ConveneApi } from '../sdk/client.js';
import { sdkLogApi } from '../sdk/log-api.js';
import { CliError, EXIT } from './exit-codes.js';
import { MemberHome } from './home.js';

export interface GlobalOptions {
  baseUrl?: string;
  json?: boolean;
  home?: string;
  adminTokenFile?: string;
}

/** What every command gets: where the service is, where the member's files are, how to print. */
export class CliContext {
  readonly home: MemberHome;
  readonly json: boolean;

  constructor(private readonly options: GlobalOptions) {
    this.home = MemberHome.resolve(options.home);
    this.json = options.json === true;
  }

  /** --base-url, else CONVENE_URL; never a built-in default. */
  baseUrl(): string {
    const url = this.options.baseUrl ?? process.env.CONVENE_URL;
    if (url === undefined || url === '')
      throw new CliError(
        'set CONVENE_URL or pass --base-url (e.g. http://localhost:8080)',
        EXIT.setup,
      );
    try {
      return new URL(url).toString().replace(/\/+$/, '');
    } catch {
      throw new CliError(`not a URL: ${url}`, EXIT.usage);
    }
  }

  publicApi(): ConveneApi {
    return createConveneClient({ baseUrl: this.baseUrl(), fetch: fetchNamingUrl });
  }

  /** The log's read routes over the typed client, for the protocol's log audit workflow. */
  logApi(): LogApi {
    return sdkLogApi(this.publicApi());
  }

  async memberApi(): Promise<ConveneApi> {
    return createConveneClient({
      baseUrl: this.baseUrl(),
      token: await this.home.token(),
      fetch: fetchNamingUrl,
    });
  }

  /** The admin token from CONVENE_ADMIN_TOKEN or --admin-token-file, never from a flag value. */
  async adminApi(): Promise<ConveneApi> {
    return createConveneClient({
      baseUrl: this.baseUrl(),
      adminToken: await this.adminToken(),
      fetch: fetchNamingUrl,
    });
  }

  /** `fetch` of a path on the service; an unreachable service is an error naming the URL tried. */
  fetch(path: string, init?: RequestInit): Promise<Response> {
    return fetchNamingUrl(`${this.baseUrl()}${path}`, init);
  }

  async adminToken(): Promise<string> {
    let token = process.env.CONVENE_ADMIN_TOKEN;
    if (this.options.adminTokenFile !== undefined) {
      token = (
        await readFile(this.options.adminTokenFile, 'utf8').catch(() => {
          throw new CliError(`cannot read ${this.options.adminTokenFile}`, EXIT.setup);
        })
      ).trim();
    }
    if (token === undefined || token === '') {
      throw new CliError('set CONVENE_ADMIN_TOKEN or pass --admin-token-file <path>', EXIT.setup);
    }
    return token;
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
  if (error instanceof CliError) return { code: error.exitCode, message: error.message };
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

/** The global fetch, but a connection that fails (refused, unknown host, reset) names the URL tried. */
export const fetchNamingUrl: typeof fetch = async (input, init) => {
  try {
    return await fetch(input, init);
  } catch (error) {
    if (!(error instanceof TypeError) || !/fetch failed/i.test(error.message)) throw error;
    const url = input instanceof Request ? input.url : String(input);
    const { cause } = error as { cause?: { code?: string; message?: string } };
    const why = cause?.code ?? cause?.message;
    throw new CliError(
      `cannot reach ${url}${why === undefined ? '' : ` (${why})`}`,
      EXIT.unavailable,
    );
  }
};
