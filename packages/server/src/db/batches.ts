interface Waiting<I, O> {
  item: I;
  settle: (result: O) => void;
  fail: (error: unknown) => void;
}

/**
 * Group commit for any statement that can take many items at once: an item arriving while a batch
 * is in flight waits for it and goes out with every other item that arrived meanwhile, in one
 * statement. Under load that turns N round trips (and commits) into a few. An idle batcher waits
 * one turn of the event loop (setImmediate, no timer) before it sends: every request already read
 * from the sockets joins. That turn matters on PGlite, whose statements run synchronously on this
 * thread: without it, each request would finish its statement before the next one is even parsed.
 * `run` answers one result per item, in order; if it throws, every item of that batch fails.
 */
export class Batches<I, O> {
  private waiting: Array<Waiting<I, O>> = [];
  private flying = false;

  constructor(
    private readonly run: (items: readonly I[]) => Promise<readonly O[]>,
    private readonly maxBatch: number,
  ) {}

  add(item: I): Promise<O> {
    return new Promise((settle, fail) => {
      this.waiting.push({ item, settle, fail });
      if (!this.flying) {
        this.flying = true;
        setImmediate(() => void this.fly());
      }
    });
  }

  private async fly(): Promise<void> {
    try {
      while (this.waiting.length > 0) {
        const batch = this.waiting.splice(0, this.maxBatch);
        try {
          const results = await this.run(batch.map((w) => w.item));
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
