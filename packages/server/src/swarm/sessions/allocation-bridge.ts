import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database.js';
import type { DataVersions } from '../../db/data-versions.js';
import { RequestError } from '../../errors.js';
import { recordSwarmAllocation } from '../../treasury/allocation.js';
import type { StoredAggregate } from './aggregation.js';
import { TREASURY_SOURCE } from '../subjects/snapshot.js';

/** Only the treasury's own bucket_weights subject sets the treasury's targets. */
export const recordsAllocation = (subject: {
  recommendation_type: string;
  source: string | null;
}): boolean =>
  subject.recommendation_type === 'bucket_weights' && subject.source === TREASURY_SOURCE;

/**
 * Hands a published recommendation to the treasury: the newest published session of the treasury's
 * bucket_weights subject, when its quorum was met and the rules judge did not call it unsafe, becomes
 * the allocation in force (treasury/allocation.ts `recordSwarmAllocation`). It runs after the publish
 * commits (the treasury writes in its own transaction), so it checks first whether it already did.
 */
export class AllocationBridge {
  constructor(
    private readonly database: Database,
    private readonly versions: DataVersions,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Records the subject's newest published recommendation if it applies and is not yet recorded. */
  async syncSubject(subjectId: string, at: Date): Promise<'recorded' | 'skipped'> {
    const { db } = this.database;
    const newest = await db
      .selectFrom('swarm_session')
      .innerJoin('subject', 'subject.id', 'swarm_session.subject_id')
      .innerJoin('judgement', (join) =>
        join
          .onRef('judgement.session_id', '=', 'swarm_session.id')
          .on('judgement.judged_by', '=', 'convene-rules'),
      )
      .select([
        'swarm_session.id',
        'swarm_session.aggregate',
        'subject.recommendation_type',
        'subject.source',
        'judgement.release_safety',
      ])
      .where('swarm_session.subject_id', '=', subjectId)
      .where('swarm_session.state', '=', 'published')
      .orderBy('swarm_session.published_at', 'desc')
      .orderBy('swarm_session.seq', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (newest === undefined) return 'skipped';
    if (!recordsAllocation(newest)) return 'skipped';
    const aggregate = newest.aggregate as StoredAggregate | null;
    if (
      aggregate === null ||
      !aggregate.quorum.met ||
      aggregate.weights.length === 0 ||
      newest.release_safety === 'unsafe'
    )
      return 'skipped';
    const recorded = await db
      .selectFrom('allocation_target')
      .select('version')
      .where('session_id', '=', newest.id)
      .executeTakeFirst();
    if (recorded !== undefined) return 'skipped';
    try {
      await recordSwarmAllocation(
        { database: this.database, versions: this.versions },
        { sessionId: newest.id, weights: aggregate.weights, at },
      );
      return 'recorded';
    } catch (error) {
      // Buckets the treasury does not know: the recommendation stays advisory only.
      if (error instanceof RequestError) {
        this.log.warn({ sessionId: newest.id, err: error.message }, 'swarm weights not recordable');
        return 'skipped';
      }
      throw error;
    }
  }
}
