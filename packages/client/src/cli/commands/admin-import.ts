import { IMPORT_KINDS } from '@convene/protocol';
import { createReadStream } from 'node:fs';
import { readFile, readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';
import type { Command } from 'commander';
import type { CliContext } from '../context.js';
import { AgentError, EXIT } from '../../agent/exit-codes.js';

const CHUNK_BYTES = 512 * 1024;

interface FileReport {
  file: string;
  kind: string;
  received: number;
  imported: number;
  rejected: number;
  errors: Array<{ line: number; field: string | null; message: string }>;
}

/** convene admin import <dir|file>: streams NDJSON in chunks to the admin import route, with progress. */
export function registerAdminImport(admin: Command, context: () => CliContext): void {
  admin
    .command('import <path>')
    .description(
      'load an analytics dataset (a directory of <kind>.ndjson|.jsonl|.json files, or one file)',
    )
    .option(
      '--kind <kind>',
      `the kind of a single file whose name does not say it (${IMPORT_KINDS.join(', ')})`,
    )
    .option('--check', 'validate only, write nothing')
    .addHelpText(
      'after',
      '\nExample:\n  CONVENE_ADMIN_TOKEN=… convene admin import ./dataset/\n\nFormats: docs/analytics-import.md',
    )
    .action(async (target: string, options: { kind?: string; check?: boolean }) => {
      const ctx = context();
      const files = await planFiles(target, options.kind);
      const reports: FileReport[] = [];
      for (const { file, kind } of files)
        reports.push(await importFile(ctx, file, kind, options.check === true));
      ctx.print({ files: reports }, () =>
        reports
          .map((r) =>
            [
              `${path.basename(r.file)} (${r.kind}): ${r.imported} imported, ${r.rejected} rejected of ${r.received}`,
              ...r.errors
                .slice(0, 20)
                .map(
                  (e) => `  ${path.basename(r.file)}:${e.line}: ${e.field ?? '-'}: ${e.message}`,
                ),
            ].join('\n'),
          )
          .join('\n'),
      );
      if (reports.some((report) => report.rejected > 0)) process.exitCode = EXIT.failed;
    });
}

async function planFiles(
  target: string,
  kind: string | undefined,
): Promise<Array<{ file: string; kind: string }>> {
  const info = await stat(target).catch(() => {
    throw new AgentError(`no such file or directory: ${target}`, EXIT.usage);
  });
  if (info.isFile()) {
    const inferred = kind ?? kindOf(target);
    if (inferred === undefined || !(IMPORT_KINDS as readonly string[]).includes(inferred)) {
      throw new AgentError(
        `cannot tell the kind of ${target}: name it <kind>.ndjson or pass --kind`,
        EXIT.usage,
      );
    }
    return [{ file: target, kind: inferred }];
  }
  const names = await readdir(target);
  const planned = IMPORT_KINDS.flatMap((k) =>
    names
      .filter((name) => kindOf(name) === k)
      .map((name) => ({ file: path.join(target, name), kind: k })),
  );
  if (planned.length === 0)
    throw new AgentError(`no <kind>.ndjson|.jsonl|.json files in ${target}`, EXIT.usage);
  return planned;
}

function kindOf(file: string): string | undefined {
  const match = /^(.+)\.(ndjson|jsonl|json)$/.exec(path.basename(file));
  return match?.[1];
}

async function importFile(
  ctx: CliContext,
  file: string,
  kind: string,
  check: boolean,
): Promise<FileReport> {
  const report: FileReport = { file, kind, received: 0, imported: 0, rejected: 0, errors: [] };
  const total = (await stat(file)).size;
  const started = Date.now();
  let sentBytes = 0;
  let chunk: string[] = [];
  let chunkBytes = 0;
  let chunkFirstLine = 1;
  const flush = async (): Promise<void> => {
    if (chunk.length === 0) return;
    const result = await postChunk(ctx, kind, check, `${chunk.join('\n')}\n`);
    report.received += result.received;
    report.imported += result.imported;
    report.rejected += result.rejected;
    for (const error of result.errors)
      report.errors.push({ ...error, line: error.line + chunkFirstLine - 1 });
    sentBytes += chunkBytes;
    const perSecond = Math.round(report.received / Math.max(0.001, (Date.now() - started) / 1000));
    ctx.progress(
      `${path.basename(file)}: ${Math.min(100, Math.round((sentBytes / Math.max(1, total)) * 100))}%  ${report.received} records  ${perSecond}/s`,
    );
    chunk = [];
    chunkBytes = 0;
  };
  let lineNumber = 0;
  for await (const line of readLines(file)) {
    lineNumber++;
    if (chunk.length === 0) chunkFirstLine = lineNumber;
    chunk.push(line);
    chunkBytes += Buffer.byteLength(line) + 1;
    if (chunkBytes >= CHUNK_BYTES) await flush();
  }
  await flush();
  ctx.progressDone();
  return report;
}

/** NDJSON lines as they are; a .json array becomes one line per element. */
async function* readLines(file: string): AsyncGenerator<string> {
  if (file.endsWith('.json')) {
    const parsed = JSON.parse(await readFile(file, 'utf8')) as unknown;
    if (!Array.isArray(parsed))
      throw new AgentError(`${file}: a .json file must hold one array of records`, EXIT.usage);
    for (const element of parsed) yield JSON.stringify(element);
    return;
  }
  yield* createInterface({ input: createReadStream(file), crlfDelay: Infinity });
}

async function postChunk(ctx: CliContext, kind: string, check: boolean, body: string) {
  const token = await ctx.adminToken();
  const response = await ctx.fetch(
    `/api/admin/analytics/import?kind=${encodeURIComponent(kind)}${check ? '&check=true' : ''}`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/x-ndjson', 'x-admin-token': token },
      body,
    },
  );
  const json = (await response.json().catch(() => ({}))) as {
    error?: string;
    received?: number;
    imported?: number;
    rejected?: number;
    errors?: FileReport['errors'];
  };
  if (!response.ok) {
    throw new AgentError(
      `${response.status}: ${json.error ?? 'import refused'}`,
      response.status >= 500 ? EXIT.unavailable : EXIT.refused,
    );
  }
  return {
    received: json.received ?? 0,
    imported: json.imported ?? 0,
    rejected: json.rejected ?? 0,
    errors: json.errors ?? [],
  };
}
