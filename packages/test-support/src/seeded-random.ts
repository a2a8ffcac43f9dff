/**
 * A seeded pseudo-random source for tests that draw random moments or inputs: the seed comes from
 * the environment variable `envName` when set (to replay a failure), otherwise it is drawn fresh;
 * either way the test prints it.
 */
export interface SeededRandom {
  readonly seed: number;
  /** A float in [0, 1). */
  next(): number;
}

export function seededRandom(envName: string): SeededRandom {
  const fromEnv = process.env[envName];
  const seed =
    fromEnv === undefined || fromEnv === '' ? Math.floor(Math.random() * 2 ** 32) : Number(fromEnv);
  if (!Number.isInteger(seed) || seed < 0 || seed >= 2 ** 32)
    throw new Error(`${envName} must be an integer from 0 to 2^32 - 1 (got "${fromEnv}")`);
  // mulberry32: small, fast and well distributed enough for picking test timings.
  let state = seed;
  return {
    seed,
    next() {
      state = (state + 0x6d2b79f5) >>> 0;
      let t = state;
      t = Math.imul(t ^ (t >>> 15), t | 1);
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    },
  };
}
