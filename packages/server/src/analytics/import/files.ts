import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { IMPORT_KINDS, kindOfFile, type ImportKindName } from './kinds.js';
import type { AnalyticsImporter, ImportOptions, ImportReport } from './importer.js';
import { fileRecords } from './sources.js';

export interface ImportFile {
  path: string;
  kind: ImportKindName;
  bytes: number;
}

/**
 * The files to import from a directory (every file named after a kind, in dependency order; other
 * files are listed as ignored) or a single file (its name gives the kind unless `kind` is passed).
 */
export async function planImport(
  target: string,
  kind?: ImportKindName,
): Promise<{ files: ImportFile[]; ignored: string[] }> {
  const info = await stat(target);
  if (info.isFile()) {
    const fileKind = kind ?? kindOfFile(path.basename(target));
    if (fileKind === undefined) {
      throw new Error(
        `cannot tell the kind of ${path.basename(target)}: name it <kind>.ndjson or <kind>.json ` +
          `(kinds: ${IMPORT_KINDS.join(', ')}) or pass --kind`,
      );
    }
    return { files: [{ path: target, kind: fileKind, bytes: info.size }], ignored: [] };
  }
  const files: ImportFile[] = [];
  const ignored: string[] = [];
  for (const name of (await readdir(target)).sort()) {
    const fileKind = kindOfFile(name);
    const full = path.join(target, name);
    if (fileKind === undefined) ignored.push(name);
    else files.push({ path: full, kind: fileKind, bytes: (await stat(full)).size });
  }
  files.sort((a, b) => IMPORT_KINDS.indexOf(a.kind) - IMPORT_KINDS.indexOf(b.kind));
  return { files, ignored };
}

/** Imports every planned file in order; one report per file. */
export async function importFiles(
  importer: AnalyticsImporter,
  files: readonly ImportFile[],
  options: (file: ImportFile) => ImportOptions = () => ({}),
): Promise<ImportReport[]> {
  const reports: ImportReport[] = [];
  for (const file of files) {
    const label = path.basename(file.path);
    reports.push(
      await importer.importRecords(file.kind, label, fileRecords(file.path), options(file)),
    );
  }
  return reports;
}
