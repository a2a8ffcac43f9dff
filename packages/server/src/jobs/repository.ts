import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import type { JobOutcome } from './scheduler.js';

/** A finished run of a job, for `GET /api/admin/status` and the operators' record. */
export async function recordJobRun(
  db: Kysely<DB>,
  run: { job: string; startedAt: Date; finishedAt: Date; outcome: JobOutcome },
): Promise<void> {
  await db
    .insertInto('job_run')
    .values({
      job: run.job,
      started_at: run.startedAt,
      finished_at: run.finishedAt,
      outcome: run.outcome,
      detail: null,
    })
    .execute();
}
