import { createReadStream } from 'node:fs';
import { readFile } from 'node:fs/promises';

/** One record's text and where it came from (1-based line; bytes read so far, for progress; characters for .json). */
export interface SourceLine {
  line: number;
  text: string;
  bytesRead: number;
}

/** Splits NDJSON chunks into lines, skipping blank ones; tolerates CRLF and a missing final newline. */
export async function* ndjsonLines(
  chunks: AsyncIterable<Buffer | string> | Iterable<Buffer | string>,
): AsyncGenerator<SourceLine> {
  let pending = '';
  let line = 0;
  let bytesRead = 0;
  const decoder = new TextDecoder('utf-8', { fatal: false });
  for await (const chunk of chunks) {
    bytesRead += typeof chunk === 'string' ? Buffer.byteLength(chunk) : chunk.length;
    pending += typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true });
    let from = 0;
    let newline = pending.indexOf('\n', from);
    while (newline >= 0) {
      line += 1;
      const text = pending.slice(from, newline).replace(/\r$/, '');
      if (text.trim() !== '') yield { line, text, bytesRead };
      from = newline + 1;
      newline = pending.indexOf('\n', from);
    }
    pending = pending.slice(from);
  }
  pending += decoder.decode();
  if (pending.trim() !== '') yield { line: line + 1, text: pending.replace(/\r$/, ''), bytesRead };
}

/** NDJSON from a string (an HTTP body). */
export function ndjsonText(text: string): AsyncGenerator<SourceLine> {
  return ndjsonLines([text]);
}

/**
 * The elements of a top-level JSON array with the line each starts on, found by scanning brackets
 * and strings (JSON.parse alone would lose the line numbers that error messages need).
 */
export function* jsonArrayElements(text: string): Generator<SourceLine> {
  let index = text.indexOf('[');
  if (index < 0 || text.slice(0, index).trim() !== '') {
    throw new Error('a .json import file must hold one JSON array of records');
  }
  let line = 1 + countNewlines(text, 0, index);
  let depth = 0;
  let inString = false;
  let start = -1;
  let startLine = line;
  for (index += 1; index < text.length; index += 1) {
    const char = text[index];
    if (char === '\n') line += 1;
    if (inString) {
      if (char === '\\') index += 1;
      else if (char === '"') inString = false;
      continue;
    }
    if (start < 0 && char !== undefined && !/\s|,/.test(char) && !(char === ']' && depth === 0)) {
      start = index;
      startLine = line;
    }
    if (char === '"') inString = true;
    else if (char === '{' || char === '[') depth += 1;
    else if ((char === '}' || char === ']') && depth > 0) depth -= 1;
    else if ((char === ',' || char === ']') && depth === 0) {
      if (start >= 0) yield { line: startLine, text: text.slice(start, index), bytesRead: index };
      start = -1;
      if (char === ']') return;
    }
  }
  throw new Error('the JSON array is not closed');
}

function countNewlines(text: string, from: number, to: number): number {
  let count = 0;
  for (let i = from; i < to; i += 1) if (text.charCodeAt(i) === 10) count += 1;
  return count;
}

/** Records of a file: `.json` holds one array (read whole), `.ndjson`/`.jsonl` one record per line (streamed). */
export async function* fileRecords(path: string): AsyncGenerator<SourceLine> {
  if (path.endsWith('.json')) {
    yield* jsonArrayElements(await readFile(path, 'utf8'));
    return;
  }
  yield* ndjsonLines(createReadStream(path, { highWaterMark: 1 << 20 }));
}
