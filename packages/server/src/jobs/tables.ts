import type { Timestamp, Generated } from '../db/column-types.js';

/** How a job run ended (a run another replica held the lock for is not recorded). */
export type JobOutcome = 'success' | 'skipped' | 'failed';

export interface JobRunTable {
  id: Generated<number>;
  job: string;
  started_at: Timestamp;
  finished_at: Timestamp | null;
  outcome: JobOutcome | null;
  detail: string | null;
}

export interface JobTables {
  job_run: JobRunTable;
}
