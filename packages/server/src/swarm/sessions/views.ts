import { unknownBuckets } from './reference-allocation.js';
import type { RosterEntry, SessionRow, SessionTake } from './repository.js';
import { signedTakeFields } from '../takes/served-fields.js';
import type { TakeVerdict } from '../takes/verification.js';

const iso = (value: Date | null): string | null => value?.toISOString() ?? null;

/** A session list row (spec SwarmSession plus `takeCount` and `referenceAllocation`). */
export function sessionSummary(row: SessionRow, takeCount: number) {
  const aggregate = row.aggregate;
  return {
    id: row.id,
    date: row.date,
    subjectId: row.subject_id,
    state: row.state,
    convenedAt: row.convened_at.toISOString(),
    windowClosesAt: iso(row.window_closes_at),
    closedAt: iso(row.closed_at),
    aggregatedAt: iso(row.aggregated_at),
    publishedAt: iso(row.published_at),
    fireAt: iso(row.fire_at),
    takeCount,
    referenceAllocation: row.reference_allocation ?? null,
    quorum: aggregate?.quorum ?? null,
    recommendation:
      aggregate === null
        ? null
        : {
            stances: aggregate.stances,
            score: aggregate.score,
            confidence: aggregate.confidence,
            weights: aggregate.weights,
            drift: aggregate.drift,
            unknownBuckets: unknownBuckets(aggregate.weights, row.reference_allocation ?? null),
          },
    rationale: row.rationale,
    allocationEffect: row.allocation_effect ?? null,
  };
}

/** `full=1`: every stored field, including the regime summary, synthesis and disagreement map. */
export function sessionFull(row: SessionRow, takeCount: number) {
  const aggregate = row.aggregate;
  return {
    ...sessionSummary(row, takeCount),
    rosterFrozen: row.roster_frozen,
    synthesis: row.synthesis,
    regimeSummary: row.regime_summary ?? null,
    disagreement: aggregate?.disagreement ?? null,
    counted: aggregate?.counted ?? null,
  };
}

/**
 * The roster as it froze, excused members flagged: the session's record, whatever roles change
 * later. Who was expected to file (not excused, not a judge) is the quorum's, not this list's.
 */
export function rosterView(entries: readonly RosterEntry[]) {
  return entries.map((entry) => ({
    memberId: entry.memberId,
    handle: entry.handle,
    displayName: entry.displayName,
    excused: entry.excused,
    addedAt: entry.addedAt.toISOString(),
  }));
}

/** A session's take as served: its member's highest revision, checked on the read being answered. */
export interface SessionTakeView {
  take: SessionTake;
  verdict: TakeVerdict;
  counted: boolean;
}

/**
 * One take per member, its highest revision (spec §3: reads resolve to the highest revision per
 * member), oldest first. `counted` marks the takes the aggregate used (after aggregation: the ones
 * it recorded; before: every roster member's take); earlier revisions stay at GET /api/swarm/takes/{id}.
 */
export function takesView(takes: readonly SessionTakeView[], roster: readonly RosterEntry[]) {
  const handles = new Map(roster.map((entry) => [entry.memberId, entry.handle]));
  return takes.map(({ take, verdict, counted }) => ({
    id: take.id,
    recommendationId: take.recommendationId,
    memberId: take.memberId,
    handle: handles.get(take.memberId) ?? null,
    ...signedTakeFields(take, verdict),
    counted,
    supersededBy: null,
  }));
}

/** The highest revision per member, in the order each member's first revision arrived. */
export function newestPerMember<T extends { memberId: string; revision: number }>(
  takes: readonly T[],
): T[] {
  const newest = new Map<string, T>();
  for (const take of takes) {
    const held = newest.get(take.memberId);
    if (held === undefined || take.revision > held.revision) newest.set(take.memberId, take);
  }
  return [...newest.values()];
}
