import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/**
 * A garbage collection, for the few moments a large amount of garbage is known to be left behind
 * that V8 would otherwise keep until memory pressure. `full` (after PGlite's initdb, before the
 * server listens: its WebAssembly instances, ~400 MB of RSS) stops the process for the whole heap;
 * `young` only for the young generation (a few ms), for moments the server is answering: a full
 * collection after each demo seeder held every request for 86 ms on an idle machine and up to 217 ms
 * under load, where the old generation's garbage is left to V8's incremental marking. Node warns that
 * flags set at run time may behave unpredictably; `--expose-gc` only makes `gc` visible to contexts
 * created afterwards, and one new context is all this uses.
 */
export function collectGarbage(kind: 'full' | 'young' = 'full'): void {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as ((options?: { type: 'major' | 'minor' }) => void) | undefined;
  // gc() with no options is the full, synchronous collection the initdb release was measured with.
  if (kind === 'full') gc?.();
  else gc?.({ type: 'minor' });
}
