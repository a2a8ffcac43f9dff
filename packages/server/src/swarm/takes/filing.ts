import type { FilingResult, TakeRepository, TakeToFile } from './repository.js';

/** At most this many takes share one statement. */
export const MAX_FILING_BATCH = 64;

interface Waiting {
  take: TakeToFile;
  settle: (result: FilingResult) => void;
  fail: (error: unknown) => void;
}

/**
 * Files takes in batches: a take arriving while a batch is in flight waits for it and goes out with
 * every other take that arrived meanwhile, in one statement and one commit. Under load that turns N
 * commits (each holding the log's index counter through its fsync) into a few; alone, a take goes
 * out at once. Each take still succeeds or fails on its own (see `convene_file_takes`).
 */
export class TakeFiler {
  private waiting: Waiting[] = [];
  private flying = false;

  constructor(private readonly repository: TakeRepository) {}

  file(take: TakeToFile): Promise<FilingResult> {
    return new Promise((settle, fail) => {
      this.waiting.push({ take, settle, fail });
      if (!this.flying) void this.fly();
    });
  }

  private async fly(): Promise<void> {
    this.flying = true;
    try {
      while (this.waiting.length > 0) {
        const batch = this.waiting.splice(0, MAX_FILING_BATCH);
        try {
          const results = await this.repository.fileTakes(batch.map((w) => w.take));
          batch.forEach((w, i) => w.settle(results[i]!));
        } catch (error) {
          for (const w of batch) w.fail(error);
        }
      }
    } finally {
      this.flying = false;
    }
  }
}
