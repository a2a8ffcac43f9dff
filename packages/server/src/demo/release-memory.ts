import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/**
 * One full garbage collection, once the demo seed is done. Seeding leaves a large young and old
 * generation behind (~150 MB on the first start) that V8 would otherwise keep until memory pressure,
 * so a fresh demo server would sit well above its steady size. Node warns that flags set at run time
 * may behave unpredictably; `--expose-gc` only makes `gc` visible to contexts created afterwards, and
 * one new context is all this uses.
 */
export function releaseSeedingMemory(): void {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as (() => void) | undefined;
  gc?.();
}
