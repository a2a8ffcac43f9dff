import type { Clock } from '../../clock.js';
import type { DataVersions } from '../../db/data-versions.js';
import type { Transactor } from '../../db/transactor.js';
import { ANALYTICS_DATASET } from '../dataset.js';
import {
  KINDS,
  toRow,
  type ImportKind,
  type ImportKindName,
  type ValidationIssue,
} from './kinds.js';
import type { SourceLine } from './sources.js';
import { shareEventLoop } from '../../event-loop.js';
import type { ImportRepository } from './repository.js';

/** One rejected record: where it is and what is wrong with it. */
export interface ImportIssue {
  file: string;
  line: number;
  /** The offending field (dotted path), or null when the line as a whole is wrong. */
  field: string | null;
  message: string;
}

export interface ImportReport {
  kind: ImportKindName;
  file: string;
  /** Records read (non-blank lines or array elements). */
  received: number;
  /** Records written (inserted or updated); a key repeated in one batch counts once. */
  imported: number;
  rejected: number;
  /** The first `maxErrors` issues; `rejected` counts them all. */
  errors: ImportIssue[];
}

export interface ImportProgress {
  kind: ImportKindName;
  file: string;
  records: number;
  bytesRead: number;
}

export interface ImportOptions {
  /** Validate only: nothing is written (references between files are not checked). */
  dryRun?: boolean;
  onProgress?: (progress: ImportProgress) => void;
}

/** Formats an issue the way operators read it: `agents.ndjson:12: x402VolumeUsd: must be >= 0`. */
export function formatIssue(issue: ImportIssue): string {
  return `${issue.file}:${issue.line}: ${issue.field === null ? '' : `${issue.field}: `}${issue.message}`;
}

/**
 * Loads records of one kind: validates each, upserts valid ones by natural key in batches (one short
 * transaction per batch, so PGlite's single connection is never held for long) and bumps the
 * analytics data version once at the end when anything was written. Invalid records are reported
 * and skipped; re-running after a fix converges because every write is an upsert.
 */
export class AnalyticsImporter {
  private readonly imports: ImportRepository;
  private readonly transactor: Transactor;
  private readonly versions: DataVersions;
  private readonly clock: Clock;
  private readonly options: { batchSize?: number; maxErrors?: number };

  constructor(uses: {
    imports: ImportRepository;
    transactor: Transactor;
    versions: DataVersions;
    clock: Clock;
    options?: { batchSize?: number; maxErrors?: number };
  }) {
    this.imports = uses.imports;
    this.transactor = uses.transactor;
    this.versions = uses.versions;
    this.clock = uses.clock;
    this.options = uses.options ?? {};
  }

  /** The analytics data version now (after an import: the one it produced, if it wrote). */
  dataVersion(): number {
    return this.versions.current(ANALYTICS_DATASET);
  }

  async importRecords(
    kindName: ImportKindName,
    file: string,
    source: AsyncIterable<SourceLine> | Iterable<SourceLine>,
    options: ImportOptions = {},
  ): Promise<ImportReport> {
    const kind = KINDS[kindName];
    const batchSize = this.options.batchSize ?? 2000;
    const report: ImportReport = {
      kind: kindName,
      file,
      received: 0,
      imported: 0,
      rejected: 0,
      errors: [],
    };
    const importedAt = this.clock.now().toISOString();
    let batch: Array<{ line: number; record: Record<string, unknown> }> = [];
    let bytesRead = 0;
    try {
      for await (const item of source) {
        await shareEventLoop();
        report.received += 1;
        bytesRead = item.bytesRead;
        const record = this.parse(kind, file, item, report);
        if (record !== undefined) batch.push({ line: item.line, record });
        if (batch.length >= batchSize) {
          await this.writeBatch(kind, file, batch, importedAt, report, options.dryRun === true);
          batch = [];
          options.onProgress?.({ kind: kindName, file, records: report.received, bytesRead });
        }
      }
      await this.writeBatch(kind, file, batch, importedAt, report, options.dryRun === true);
      options.onProgress?.({ kind: kindName, file, records: report.received, bytesRead });
    } finally {
      if (report.imported > 0 && options.dryRun !== true)
        await this.versions.bump(ANALYTICS_DATASET);
    }
    return report;
  }

  private parse(
    kind: ImportKind,
    file: string,
    item: SourceLine,
    report: ImportReport,
  ): Record<string, unknown> | undefined {
    let value: unknown;
    try {
      value = JSON.parse(item.text);
    } catch (error) {
      this.reject(report, {
        file,
        line: item.line,
        field: null,
        message: `invalid JSON: ${(error as Error).message}`,
      });
      return undefined;
    }
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      this.reject(report, {
        file,
        line: item.line,
        field: null,
        message: 'a record must be a JSON object',
      });
      return undefined;
    }
    if (kind.validator.Check(value)) return value as Record<string, unknown>;
    const issues = describeIssues(kind.validator.Errors(value));
    report.rejected += 1;
    for (const issue of issues.slice(0, 5))
      this.reject(report, { file, line: item.line, ...issue }, false);
    return undefined;
  }

  private reject(report: ImportReport, issue: ImportIssue, count = true): void {
    if (count) report.rejected += 1;
    if (report.errors.length < (this.options.maxErrors ?? 1000)) report.errors.push(issue);
  }

  private async writeBatch(
    kind: ImportKind,
    file: string,
    batch: ReadonlyArray<{ line: number; record: Record<string, unknown> }>,
    importedAt: string,
    report: ImportReport,
    dryRun: boolean,
  ): Promise<void> {
    if (batch.length === 0) return;
    if (dryRun) {
      report.imported += batch.length;
      return;
    }
    // The last occurrence of a key in a batch wins, as it would across batches.
    const byKey = new Map<string, { line: number; row: Record<string, unknown> }>();
    for (const { line, record } of batch) {
      const row = toRow(kind, record, importedAt);
      byKey.set(kind.key.map((column) => String(row[column])).join('\u0000'), { line, row });
    }
    await this.transactor.transaction(async (trx) => {
      let entries = [...byKey.values()];
      const parent = kind.parent;
      if (parent !== undefined) {
        const column =
          kind.columns.find(([, , field]) => field === parent.field)?.[0] ?? parent.field;
        const wanted = [...new Set(entries.map(({ row }) => String(row[column])))];
        const known = await this.imports.existingKeys(parent.table, parent.column, wanted, trx);
        entries = entries.filter(({ line, row }) => {
          if (known.has(String(row[column]))) return true;
          this.reject(report, {
            file,
            line,
            field: parent.field,
            message: `no ${parent.noun} with ${parent.column} ${String(row[column])} (import ${parent.noun}s first)`,
          });
          return false;
        });
      }
      await this.imports.upsertRows(
        kind,
        entries.map(({ row }) => row),
        trx,
      );
      report.imported += entries.length;
    });
  }
}

/** One issue per offending field, in words: unknown fields, missing fields, then the first rule broken. */
function describeIssues(
  errors: ValidationIssue[],
): Array<{ field: string | null; message: string }> {
  const issues: Array<{ field: string | null; message: string }> = [];
  const seen = new Set<string>();
  const path = (pointer: string) => (pointer === '' ? null : pointer.slice(1).replaceAll('/', '.'));
  for (const error of errors) {
    const params = (error.params ?? {}) as Record<string, unknown>;
    if (error.keyword === 'additionalProperties') {
      for (const name of (params.additionalProperties as string[] | undefined) ?? []) {
        const field = [path(error.instancePath), name].filter(Boolean).join('.');
        if (!seen.has(field)) issues.push({ field, message: 'unknown field' });
        seen.add(field);
      }
    } else if (error.keyword === 'required') {
      for (const name of (params.requiredProperties as string[] | undefined) ?? []) {
        const field = [path(error.instancePath), name].filter(Boolean).join('.');
        if (!seen.has(field)) issues.push({ field, message: 'required field is missing' });
        seen.add(field);
      }
    } else if (error.keyword !== 'anyOf' && error.keyword !== 'boolean') {
      const field = path(error.instancePath);
      const key = field ?? '';
      if (!seen.has(key)) issues.push({ field, message: error.message });
      seen.add(key);
    }
  }
  return issues.length > 0
    ? issues
    : [{ field: null, message: 'record does not match the format' }];
}
