import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { allocationFramework } from '../../treasury/allocation.js';
import { TREASURY_SOURCE } from '../subjects/snapshot.js';
import type { SubjectRow } from '../subjects/repository.js';
import type { ReferenceAllocation } from '../shared/schemas.js';

/** Targets in force at convene, for the treasury's bucket_weights subject; null for any other. */
export async function referenceAllocationFor(
  db: Kysely<DB>,
  subject: SubjectRow,
): Promise<ReferenceAllocation | null> {
  if (subject.recommendation_type !== 'bucket_weights' || subject.source !== TREASURY_SOURCE)
    return null;
  const framework = await allocationFramework(db);
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

/**
 * Total-variation distance between a recommendation and the reference (0 = identical, 1 = disjoint):
 * half the sum of absolute bucket differences, a bucket missing on one side counting as 0.
 */
export function driftFromReference(
  weights: ReadonlyArray<{ bucket: string; weight: number }>,
  reference: ReferenceAllocation | null,
): number | null {
  if (reference === null || weights.length === 0) return null;
  const buckets = new Set([
    ...weights.map((w) => w.bucket),
    ...reference.buckets.map((b) => b.bucket),
  ]);
  const recommended = new Map(weights.map((w) => [w.bucket, w.weight]));
  const target = new Map(reference.buckets.map((b) => [b.bucket, b.weight]));
  let total = 0;
  for (const bucket of [...buckets].sort()) {
    total += Math.abs((recommended.get(bucket) ?? 0) - (target.get(bucket) ?? 0));
  }
  return total / 2;
}
