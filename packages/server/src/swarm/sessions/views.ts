import type { StoredAggregate } from './aggregation.js';
import type { RosterEntry, SessionRow, SessionTake } from './repository.js';

const iso = (value: Date | null): string | null => value?.toISOString() ?? null;

/** A session list row (spec SwarmSession plus `takeCount` and `referenceAllocation`). */
export function sessionSummary(row: SessionRow, takeCount: number) {
  const aggregate = row.aggregate as StoredAggregate | null;
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
          },
    rationale: row.rationale,
  };
}

/** `full=1`: every stored field, including the regime summary, synthesis and disagreement map. */
export function sessionFull(row: SessionRow, takeCount: number) {
  const aggregate = row.aggregate as StoredAggregate | null;
  return {
    ...sessionSummary(row, takeCount),
    rosterFrozen: row.roster_frozen,
    synthesis: row.synthesis,
    regimeSummary: row.regime_summary ?? null,
    disagreement: aggregate?.disagreement ?? null,
    counted: aggregate?.counted ?? null,
  };
}

export function rosterView(entries: readonly RosterEntry[]) {
  return entries.map((entry) => ({
    memberId: entry.memberId,
    handle: entry.handle,
    displayName: entry.displayName,
    excused: entry.excused,
    addedAt: entry.addedAt.toISOString(),
  }));
}

/**
 * Every take revision with its signature, oldest first; `counted` marks the revision aggregation
 * uses (the highest per roster member) and `supersededBy` points at a member's next revision.
 */
export function takesView(
  takes: readonly SessionTake[],
  roster: readonly RosterEntry[],
  counted: ReadonlySet<string>,
) {
  const handles = new Map(roster.map((entry) => [entry.memberId, entry.handle]));
  return takes.map((take) => {
    const newer = takes.find(
      (t) => t.memberId === take.memberId && t.revision === take.revision + 1,
    );
    return {
      id: take.id,
      recommendationId: take.recommendationId,
      memberId: take.memberId,
      handle: handles.get(take.memberId) ?? null,
      revision: take.revision,
      stance: take.stance,
      confidence: take.confidence,
      body: take.body,
      memoUrl: take.memoUrl === '' ? null : take.memoUrl,
      weights: take.weights,
      canonical: take.canonical,
      signature: take.signature,
      publicKey: take.publicKey,
      receivedAt: take.receivedAt.toISOString(),
      counted: counted.has(take.id),
      supersededBy: newer?.id ?? null,
    };
  });
}
