import type { Clock } from '../../clock.js';
import type { DataVersions } from '../../db/data-versions.js';
import type { Tx } from '../../db/transactor.js';
import type { RegimeAsOf } from '../../regime/service.js';
import type { TreasuryAllocations } from '../../treasury/allocation.js';
import type { TreasuryReads } from '../../treasury/reads.js';
import { SWARM_DATASET } from '../shared/constants.js';
import type { SubjectRepository, SubjectRow } from '../subjects/repository.js';
import { captureHoldings } from '../subjects/snapshot.js';
import { referenceAllocationFor } from './reference-allocation.js';
import type { SessionRepository } from './repository.js';
import { nextFire } from './schedule.js';

/** What opening a session reads and writes. */
export interface OpeningUses {
  sessions: SessionRepository;
  subjects: SubjectRepository;
  treasury: TreasuryReads;
  allocations: TreasuryAllocations;
  regime: RegimeAsOf;
  clock: Clock;
  versions: DataVersions;
}

/**
 * A new session row in the caller's transaction (which holds the subject row and has checked the
 * fire and the day): state collecting, the roster frozen (active members with role `member`), the
 * subject's snapshot, the regime summary as of the date and the reference allocation. The deadline
 * is `windowClosesAt` when given, else the schedule's next fire after `fireAt`, else none.
 */
export async function openSessionRow(
  trx: Tx,
  uses: OpeningUses,
  subject: SubjectRow,
  at: {
    date: string;
    fireAt: Date | null;
    windowClosesAt: Date | null | undefined;
    additional: boolean;
  },
): Promise<string> {
  const now = uses.clock.now();
  const windowClosesAt =
    at.windowClosesAt !== undefined
      ? at.windowClosesAt
      : at.fireAt !== null && subject.schedule !== null
        ? nextFire(subject.schedule, at.fireAt)
        : null;
  const [regime, reference] = await Promise.all([
    uses.regime.summaryAsOf(at.date, trx),
    referenceAllocationFor(trx, uses.allocations, subject),
  ]);
  const id = crypto.randomUUID();
  await uses.sessions.insertSession(
    {
      id,
      subject_id: subject.id,
      date: at.date,
      state: 'collecting',
      convened_at: now,
      window_closes_at: windowClosesAt,
      fire_at: at.fireAt,
      additional: at.additional,
      roster_frozen: true,
      regime_summary: JSON.stringify(regime),
      reference_allocation: JSON.stringify(reference),
    },
    trx,
  );
  await uses.sessions.addToRoster(id, await uses.sessions.eligibleRoster(trx), now, trx);
  const holdings = await captureHoldings(trx, uses.treasury, subject);
  await uses.subjects.insertSnapshot(
    { id: crypto.randomUUID(), subjectId: subject.id, sessionId: id, takenAt: now, ...holdings },
    trx,
  );
  await uses.versions.bump(SWARM_DATASET, trx);
  return id;
}
