import { Batches } from '../../db/batches.js';
import type { FilingResult, TakeRepository, TakeToFile } from './repository.js';

/** At most this many takes share one statement. */
export const MAX_FILING_BATCH = 64;

/**
 * Files takes in batches (group commit, see Batches): the takes that arrived while a batch was in
 * flight go out together in one statement and one commit, so N commits (each holding the log's
 * index lock through its fsync) become a few. Each take still succeeds or fails on its own (see
 * `convene_file_takes`).
 */
export class TakeFiler {
  private readonly batches: Batches<TakeToFile, FilingResult>;

  constructor(repository: TakeRepository) {
    this.batches = new Batches((takes) => repository.fileTakes(takes), MAX_FILING_BATCH);
  }

  file(take: TakeToFile): Promise<FilingResult> {
    return this.batches.add(take);
  }
}
