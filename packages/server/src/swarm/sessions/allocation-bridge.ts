import type { FastifyBaseLogger } from 'fastify';
import type { DataVersions } from '../../db/data-versions.js';
import type { Transactor } from '../../db/transactor.js';
import type { TreasuryAllocations } from '../../treasury/allocation.js';
import { TREASURY_SOURCE } from '../subjects/snapshot.js';
import { SWARM_DATASET } from '../shared/constants.js';
import type { SessionRepository } from './repository.js';
import type { AllocationEffect } from '../tables.js';

/** Only the treasury's own bucket_weights subject sets the treasury's targets. */
export const recordsAllocation = (subject: {
  recommendation_type: string;
  source: string | null;
}): boolean =>
  subject.recommendation_type === 'bucket_weights' && subject.source === TREASURY_SOURCE;

export type { AllocationEffect };

const DETAIL = {
  advisory_subject:
    'this subject does not set the treasury allocation; the recommendation is advisory',
  quorum_not_met: 'the quorum was not met',
  no_weights: 'no counted take carried bucket weights',
  judged_unsafe: 'the rules judge called the release unsafe',
  no_known_bucket: 'the recommendation gave no weight to any bucket the treasury holds',
  superseded: 'a newer published session of the subject was applied first',
} as const;

/**
 * Hands published recommendations to the treasury, once each: the newest published session of a
 * subject awaiting a decision is applied when it is the treasury's bucket_weights subject, its quorum
 * was met and the rules judge did not call it unsafe (treasury/allocation.ts sets the buckets beneath
 * the sleeves; buckets the treasury does not hold are ignored, never blocking the rest). Every
 * decision, applied or not, is recorded on the session in the same transaction as the allocation.
 */
export class AllocationBridge {
  private readonly transactor: Transactor;
  private readonly sessions: SessionRepository;
  private readonly allocations: TreasuryAllocations;
  private readonly versions: DataVersions;
  private readonly log: FastifyBaseLogger;

  constructor(uses: {
    transactor: Transactor;
    sessions: SessionRepository;
    /** The treasury's targets, which a published recommendation sets. */
    allocations: TreasuryAllocations;
    versions: DataVersions;
    log: FastifyBaseLogger;
  }) {
    this.transactor = uses.transactor;
    this.sessions = uses.sessions;
    this.allocations = uses.allocations;
    this.versions = uses.versions;
    this.log = uses.log;
  }

  /** Decides every published session of the subject still awaiting a decision. */
  async syncSubject(subjectId: string, at: Date): Promise<'recorded' | 'skipped'> {
    return this.transactor.transaction(async (trx) => {
      const pending = await this.sessions.publishedAwaitingAllocation(subjectId, trx);
      if (pending.length === 0) return 'skipped';
      const decidedAt = at.toISOString();
      const [newest, ...older] = pending;
      for (const session of older) {
        await this.sessions.setAllocationEffect(
          session.id,
          notApplied('superseded', [], decidedAt),
          trx,
        );
      }
      const aggregate = newest!.aggregate;
      const weights = aggregate?.weights ?? [];
      let effect: AllocationEffect;
      if (!recordsAllocation(newest!)) effect = notApplied('advisory_subject', [], decidedAt);
      else if (aggregate === null || !aggregate.quorum.met)
        effect = notApplied('quorum_not_met', [], decidedAt);
      else if (weights.length === 0) effect = notApplied('no_weights', [], decidedAt);
      else if (newest!.release_safety === 'unsafe')
        effect = notApplied('judged_unsafe', [], decidedAt);
      else {
        const result = await this.allocations.recordSwarmAllocation(trx, {
          sessionId: newest!.id,
          weights,
          at,
        });
        effect =
          result.version === null
            ? notApplied('no_known_bucket', result.ignoredBuckets, decidedAt)
            : {
                status: 'applied',
                version: result.version,
                ignoredBuckets: result.ignoredBuckets,
                decidedAt,
              };
        if (result.ignoredBuckets.length > 0)
          this.log.warn(
            { sessionId: newest!.id, ignoredBuckets: result.ignoredBuckets },
            'swarm weights named buckets the treasury does not hold; ignored',
          );
      }
      await this.sessions.setAllocationEffect(newest!.id, effect, trx);
      await this.versions.bump(SWARM_DATASET, trx);
      return effect.status === 'applied' ? 'recorded' : 'skipped';
    });
  }
}

function notApplied(
  reason: Extract<AllocationEffect, { status: 'not_applied' }>['reason'],
  ignoredBuckets: string[],
  decidedAt: string,
): AllocationEffect {
  return { status: 'not_applied', reason, detail: DETAIL[reason], ignoredBuckets, decidedAt };
}
