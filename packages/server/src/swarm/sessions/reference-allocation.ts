import type { Tx } from '../../db/transactor.js';
import type { TreasuryAllocations } from '../../treasury/allocation.js';
import { TREASURY_SOURCE } from '../subjects/snapshot.js';
import type { SubjectRow } from '../subjects/repository.js';
import type { ReferenceAllocation } from '../shared/schemas.js';

/** Targets in force at convene, for the treasury's bucket_weights subject; null for any other. */
export async function referenceAllocationFor(
  trx: Tx,
  allocations: TreasuryAllocations,
  subject: SubjectRow,
): Promise<ReferenceAllocation | null> {
  if (subject.recommendation_type !== 'bucket_weights' || subject.source !== TREASURY_SOURCE)
    return null;
  const framework = await allocations.allocationFramework(trx);
  return {
    version: framework.version,
    asOf: framework.asOf,
    setBy: framework.setBy.kind,
    sleeves: framework.sleeves.map((s) => ({ key: s.key, target: s.target })),
    buckets: framework.sleeves.flatMap((s) =>
      s.buckets.map((b) => ({ bucket: b.key, weight: b.target })),
    ),
  };
}

type Weights = ReadonlyArray<{ bucket: string; weight: number }>;

/** Buckets the recommendation weights that the reference allocation does not know, sorted. */
export function unknownBuckets(weights: Weights, reference: ReferenceAllocation | null): string[] {
  if (reference === null) return [];
  const known = new Set(reference.buckets.map((b) => b.bucket));
  return weights
    .filter((w) => w.weight > 0 && !known.has(w.bucket))
    .map((w) => w.bucket)
    .sort();
}

/**
 * Total-variation distance between a recommendation and the reference (0 = identical, 1 = disjoint):
 * half the sum of absolute bucket differences, a bucket missing on one side counting as 0. Only
 * buckets the reference knows count, renormalised to sum 1, since the allocation ignores the rest
 * (allocation-bridge.ts): a take weighting an unknown bucket cannot add drift. Null without a
 * reference or without weight on a known bucket.
 */
export function driftFromReference(
  weights: Weights,
  reference: ReferenceAllocation | null,
): number | null {
  if (reference === null) return null;
  const target = new Map(reference.buckets.map((b) => [b.bucket, b.weight]));
  const known = weights.filter((w) => target.has(w.bucket));
  const knownTotal = known.reduce((sum, w) => sum + w.weight, 0);
  if (knownTotal <= 0) return null;
  const buckets = new Set([...known.map((w) => w.bucket), ...target.keys()]);
  const recommended = new Map(known.map((w) => [w.bucket, w.weight / knownTotal]));
  let total = 0;
  for (const bucket of [...buckets].sort()) {
    total += Math.abs((recommended.get(bucket) ?? 0) - (target.get(bucket) ?? 0));
  }
  return total / 2;
}
