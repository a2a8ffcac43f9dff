import { readFile, writeFile } from 'node:fs/promises';
import { ERRORS, errorCode, type ErrorName } from '../src/errors.js';

/** docs/errors.md, whose table between these markers is generated from the catalogue. */
export const ERRORS_DOC = new URL('../../../docs/errors.md', import.meta.url);
const BEGIN = '<!-- generated from packages/protocol/src/errors.ts: do not edit by hand -->';
const END = '<!-- end of the generated table -->';

/** A message as the table shows it: a message built from arguments shows them as `<name>`. */
function messageText(message: string | ((...args: never[]) => string)): string {
  if (typeof message === 'string') return message;
  const params = /^\(?([^)=]*)\)?\s*=>/.exec(message.toString())?.[1] ?? '';
  const names = params
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '');
  return (message as (...args: string[]) => string)(...names.map((name) => `<${name}>`));
}

/** The table: one row per catalogue entry, in the catalogue's order. */
export function errorsTable(): string {
  const rows = (Object.keys(ERRORS) as ErrorName[]).map((name) => {
    const entry = ERRORS[name];
    const shape =
      entry.shape === 'domain' ? '`{ ok: false, status, error, code }`' : '`{ error, code }`';
    const message = messageText(entry.message).replaceAll('|', '\\|');
    // A plugin's refusal keeps the plugin's own 4xx status (http/error-handler.ts).
    const status = name === 'refusedByPlugin' ? '4xx' : String(entry.status);
    return `| \`${errorCode(name)}\` | ${status} | ${shape} | \`${message}\` |`;
  });
  return ['| code | status | body | message |', '|---|---|---|---|', ...rows].join('\n');
}

/** The doc with its table replaced by the current one. */
export function withCurrentTable(doc: string): string {
  const start = doc.indexOf(BEGIN);
  const end = doc.indexOf(END);
  if (start < 0 || end < start)
    throw new Error(`docs/errors.md lacks the markers ${BEGIN} … ${END}`);
  return `${doc.slice(0, start + BEGIN.length)}\n\n${errorsTable()}\n\n${doc.slice(end)}`;
}

/** `npx tsx --conditions=source packages/protocol/scripts/errors-doc.ts` rewrites the table. */
if (process.argv[1] !== undefined && import.meta.url.endsWith(process.argv[1].split('/').pop()!)) {
  const doc = await readFile(ERRORS_DOC, 'utf8');
  await writeFile(ERRORS_DOC, withCurrentTable(doc));
}
