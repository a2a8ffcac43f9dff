import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/**
 * One full garbage collection, for the few moments a large amount of garbage is known to be left
 * behind that V8 would otherwise keep until memory pressure: after PGlite's initdb (its WebAssembly
 * instances, ~400 MB of RSS) and after each demo seeder (~70 MB of young and old generation). Node warns
 * that flags set at run time may behave unpredictably; `--expose-gc` only makes `gc` visible to
 * contexts created afterwards, and one new context is all this uses.
 */
export function collectGarbage(): void {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as (() => void) | undefined;
  gc?.();
}
