import type { ImportProgress } from './importer.js';

/**
 * Progress of a long import on a text stream (stderr): percent by bytes, records and records/s,
 * written at most every `intervalMs` and rewritten in place on a terminal.
 */
export function progressReporter(
  out: NodeJS.WritableStream & { isTTY?: boolean },
  totalBytes: number,
  intervalMs = 500,
): { onProgress: (progress: ImportProgress) => void; done: () => void } {
  const started = performance.now();
  let lastWrite = 0;
  let last: ImportProgress | undefined;
  let printed: ImportProgress | undefined;
  const render = (progress: ImportProgress): string => {
    const seconds = Math.max(0.001, (performance.now() - started) / 1000);
    const percent = totalBytes > 0 ? Math.min(100, (progress.bytesRead / totalBytes) * 100) : 100;
    const rate = Math.round(progress.records / seconds);
    return `${progress.file}: ${percent.toFixed(1)}% ${progress.records.toLocaleString('en-US')} records ${rate.toLocaleString('en-US')} records/s`;
  };
  return {
    onProgress: (progress) => {
      last = progress;
      const now = performance.now();
      if (now - lastWrite < intervalMs) return;
      lastWrite = now;
      printed = progress;
      out.write(out.isTTY === true ? `\r${render(progress)}\u001b[K` : `${render(progress)}\n`);
    },
    done: () => {
      if (last === undefined) return;
      // The whole file has been read once the importer finishes.
      const final = { ...last, bytesRead: totalBytes };
      if (out.isTTY === true) out.write(`\r${render(final)}\u001b[K\n`);
      else if (printed !== last) out.write(`${render(final)}\n`);
    },
  };
}
