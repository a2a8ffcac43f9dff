/** How a job run ended (a run another replica held the lock for is not recorded). */
export type JobOutcome = 'success' | 'skipped' | 'failed';

/** Where the jobs' columns are narrower than the database's types (db/columns.generated.ts). */
export interface JobColumns {
  job_run: { outcome: JobOutcome };
}
