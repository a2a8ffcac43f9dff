import {
  aggregate,
  disagreementMap,
  parseCanonicalTake,
  selectCountedTakes,
} from '@convene/protocol';
import type { ReferenceAllocation } from '../shared/schemas.js';
import type { StoredAggregate } from '../shared/stored-aggregate.js';
import { driftFromReference } from './reference-allocation.js';
import type { SessionTake } from './repository.js';

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
