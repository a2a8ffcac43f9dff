import type { DataVersions } from '../db/data-versions.js';
import type { Transactor, Tx } from '../db/transactor.js';
import { DEFAULT_TARGET_WEIGHTS, SLEEVE_OF_BUCKET, SLEEVES, TREASURY_DATASETS } from './catalog.js';
import type { TreasuryRepository } from './repository.js';
import { fail } from '../errors.js';

export interface BucketWeight {
  readonly bucket: string;
  readonly weight: number;
}

/**
 * Validates and normalises target weights: every bucket known and named once, every weight finite and
 * ≥ 0, a positive total. Buckets not named get 0; sleeve targets are the sums of their buckets.
 */
export function normaliseTargets(weights: readonly BucketWeight[]): BucketWeight[] {
  const seen = new Set<string>();
  for (const { bucket, weight } of weights) {
    if (!SLEEVE_OF_BUCKET.has(bucket)) throw fail('unknownBucket', bucket);
    if (seen.has(bucket)) throw fail('bucketNamedTwice', bucket);
    if (!Number.isFinite(weight) || weight < 0) throw fail('invalidBucketWeight', bucket);
    seen.add(bucket);
  }
  const total = weights.reduce((sum, w) => sum + w.weight, 0);
  if (!(total > 0)) throw fail('weightsNotPositive');
  const given = new Map(weights.map((w) => [w.bucket, w.weight / total]));
  return SLEEVES.flatMap((sleeve) =>
    sleeve.buckets.map((b) => ({ bucket: b.key, weight: given.get(b.key) ?? 0 })),
  );
}

/** What a swarm recommendation did to the targets: the new version, or null when nothing applied. */
export interface SwarmAllocationResult {
  version: number | null;
  /** Buckets the recommendation named that no sleeve holds: ignored, never blocking the rest. */
  ignoredBuckets: string[];
}

/**
 * The targets after a recommendation: every sleeve keeps its total from `current`; within a sleeve
 * the recommendation's known, finite, non-negative weights set the split when they sum above 0.
 * Null when the recommendation sets no sleeve's split.
 */
export function bucketsBeneathSleeves(
  current: readonly BucketWeight[],
  recommended: readonly BucketWeight[],
): BucketWeight[] | null {
  const now = new Map(current.map((w) => [w.bucket, w.weight]));
  const wanted = new Map(
    recommended
      .filter((w) => SLEEVE_OF_BUCKET.has(w.bucket) && Number.isFinite(w.weight) && w.weight >= 0)
      .map((w) => [w.bucket, w.weight]),
  );
  let changed = false;
  const result = SLEEVES.flatMap((sleeve) => {
    const sleeveTarget = sleeve.buckets.reduce((sum, b) => sum + (now.get(b.key) ?? 0), 0);
    const total = sleeve.buckets.reduce((sum, b) => sum + (wanted.get(b.key) ?? 0), 0);
    if (!(total > 0))
      return sleeve.buckets.map((b) => ({ bucket: b.key, weight: now.get(b.key) ?? 0 }));
    changed = true;
    return sleeve.buckets.map((b) => ({
      bucket: b.key,
      weight: (sleeveTarget * (wanted.get(b.key) ?? 0)) / total,
    }));
  });
  return changed ? result : null;
}

type TargetRow = Awaited<ReturnType<TreasuryRepository['allocationHistory']>>[number];

function sleevesOf(weights: readonly BucketWeight[]) {
  const byBucket = new Map(weights.map((w) => [w.bucket, w.weight]));
  return SLEEVES.map((sleeve) => {
    const target = sleeve.buckets.reduce((sum, b) => sum + (byBucket.get(b.key) ?? 0), 0);
    return {
      key: sleeve.key,
      label: sleeve.label,
      target: round(target),
      buckets: sleeve.buckets.map((b) => {
        const weight = byBucket.get(b.key) ?? 0;
        return {
          key: b.key,
          label: b.label,
          target: round(weight),
          withinSleeve: target > 0 ? round(weight / target) : 0,
        };
      }),
    };
  });
}

function setBy(row: TargetRow | undefined) {
  return row === undefined
    ? { kind: 'default' as const, sessionId: null }
    : { kind: row.set_by_kind, sessionId: row.session_id };
}

export function round(value: number, digits = 6): number {
  const scale = 10 ** digits;
  return Math.round(value * scale) / scale;
}

/** The treasury's target allocation: read as the AllocationFramework, set by admins and by the swarm. */
export class TreasuryAllocations {
  private readonly treasury: TreasuryRepository;
  private readonly transactor: Transactor;
  private readonly versions: DataVersions;

  constructor(uses: {
    treasury: TreasuryRepository;
    transactor: Transactor;
    versions: DataVersions;
  }) {
    this.treasury = uses.treasury;
    this.transactor = uses.transactor;
    this.versions = uses.versions;
  }

  private async record(row: {
    setAt: Date;
    kind: 'admin' | 'swarm';
    sessionId: string | null;
    note: string | null;
    weights: readonly BucketWeight[];
  }): Promise<number> {
    const weights = normaliseTargets(row.weights);
    return this.transactor.transaction(async (trx) => {
      const { version } = await this.treasury.insertAllocation({ ...row, weights }, trx);
      await this.versions.bump(TREASURY_DATASETS.allocation, trx);
      return version;
    });
  }

  /** An admin sets new targets (X-Admin-Token checked by the route). Returns the new version. */
  async setAdminAllocation(input: {
    weights: readonly BucketWeight[];
    note?: string | undefined;
    at: Date;
  }): Promise<number> {
    return this.record({
      setAt: input.at,
      kind: 'admin',
      sessionId: null,
      note: input.note ?? null,
      weights: input.weights,
    });
  }

  /**
   * Records a published swarm recommendation beneath the sleeves (spec §2: the framework's two
   * strategy sleeves, 95 % conservative yield / 5 % agent tokens, are set by admins; the swarm sets
   * the per-bucket targets beneath them). Each sleeve keeps its target in force; the recommendation's
   * weights over that sleeve's buckets, normalised within the sleeve, split it. A sleeve the
   * recommendation gives no weight keeps its current split; unknown buckets are ignored and reported.
   * Runs in the caller's transaction.
   */
  async recordSwarmAllocation(
    trx: Tx,
    input: { sessionId: string; weights: readonly BucketWeight[]; at: Date },
  ): Promise<SwarmAllocationResult> {
    const ignoredBuckets = [
      ...new Set(input.weights.filter((w) => !SLEEVE_OF_BUCKET.has(w.bucket)).map((w) => w.bucket)),
    ].sort();
    const current =
      (await this.treasury.allocationHistory(1, trx))[0]?.weights ?? DEFAULT_TARGET_WEIGHTS;
    const weights = bucketsBeneathSleeves(current, input.weights);
    if (weights === null) return { version: null, ignoredBuckets };
    const { version } = await this.treasury.insertAllocation(
      {
        setAt: input.at,
        kind: 'swarm',
        sessionId: input.sessionId,
        note: null,
        weights,
      },
      trx,
    );
    await this.versions.bump(TREASURY_DATASETS.allocation, trx);
    return { version, ignoredBuckets };
  }

  /** The AllocationFramework: targets in force, who set them, and the recent versions. */
  async allocationFramework(trx?: Tx) {
    const rows = await this.treasury.allocationHistory(20, trx);
    const current = rows[0];
    const weights = current?.weights ?? DEFAULT_TARGET_WEIGHTS;
    return {
      asOf: current?.set_at.toISOString() ?? null,
      version: current?.version ?? 0,
      setBy: setBy(current),
      note: current?.note ?? null,
      sleeves: sleevesOf(weights),
      history: rows.map((row) => ({
        version: row.version,
        setAt: row.set_at.toISOString(),
        setBy: setBy(row),
        sleeves: Object.fromEntries(sleevesOf(row.weights).map((s) => [s.key, s.target])),
      })),
    };
  }
}
