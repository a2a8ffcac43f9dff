import {
  aggregate,
  disagreementMap,
  parseCanonicalTake,
  selectCountedTakes,
} from '@convene/protocol';
import type { ReferenceAllocation } from '../shared/schemas.js';
import type { StoredAggregate } from '../shared/stored-aggregate.js';
import { driftFromReference } from './reference-allocation.js';
import type { RosterEntry, SessionTake } from './repository.js';

/**
 * The roster expected to file: neither excused nor a judge. A member made judge after the roster
 * froze files no takes (submit refuses it), so it is neither counted nor absent (spec §2).
 */
export function expectedEntries(roster: readonly RosterEntry[]): RosterEntry[] {
  return roster.filter((entry) => !entry.excused && entry.role !== 'judge');
}

export const expectedRoster = (roster: readonly RosterEntry[]): string[] =>
  expectedEntries(roster).map((entry) => entry.memberId);

/**
 * The roster a stored aggregate was computed over (counted plus absent members), so the receipt
 * signs the quorum that was aggregated even if a role changed since.
 */
export const aggregatedRoster = (aggregate: StoredAggregate): string[] => [
  ...aggregate.counted.map((entry) => entry.memberId),
  ...aggregate.quorum.absent,
];

/**
 * Aggregates a session exactly as its consensus receipt will: the highest revision per member of the
 * roster (excused members removed), read from the signed canonical text, never from other columns.
 */
export function aggregateTakes(
  takes: readonly SessionTake[],
  roster: readonly string[],
  requiredQuorum: number,
  reference: ReferenceAllocation | null,
): StoredAggregate {
  const counted = selectCountedTakes(takes, roster);
  const drafts = counted.map((take) => {
    const draft = parseCanonicalTake(take.canonical);
    if (draft === null) throw new TypeError(`take ${take.id} is not a canonical take`);
    return draft;
  });
  const result = aggregate({ submissions: drafts, roster, requiredQuorum });
  return {
    ...result,
    disagreement: disagreementMap(drafts),
    counted: counted.map((take) => ({
      memberId: take.memberId,
      takeId: take.id,
      revision: take.revision,
    })),
    drift: driftFromReference(result.weights, reference),
  };
}
