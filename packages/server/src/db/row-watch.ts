import { LRUCache } from 'lru-cache';

/** The channel the watched tables' triggers notify (migration 0020-row-watch). */
export const ROW_WATCH_CHANNEL = 'convene_rows';

/** The start option that turns the triggers on (PGlite only: see migration 0020-row-watch). */
export const ROW_WATCH_OPTION = 'convene.watch_rows';

/**
 * Moves each time a change to a watched table commits, on a database where this process sees every
 * writer (PGlite). A read may reuse what it read and checked at one epoch for as long as the epoch
 * has not moved: nothing it rests on can have changed. The notification is handled before the
 * writing statement's own promise settles, so even the writer's next read sees the move.
 */
export class RowWatch {
  private moves = 0;
  private readonly listeners: Array<() => void> = [];

  get epoch(): number {
    return this.moves;
  }

  changed(): void {
    this.moves++;
    for (const listener of this.listeners) listener();
  }

  /** Calls `listener` on every move (it must be cheap: a move follows every watched statement). */
  onChange(listener: () => void): void {
    this.listeners.push(listener);
  }
}

/**
 * The cache form for reads on a watched database: a value read at some epoch, reused while the
 * epoch stands. Without a watch (PostgreSQL) every call reads.
 */
export class WatchedReads<T> {
  // Keyed by what a request names (a session id, a day and subject): bounded, least recent first out.
  private readonly values: LRUCache<string, { epoch: number; value: T }>;

  constructor(
    private readonly watch: RowWatch | undefined,
    capacity = 256,
  ) {
    this.values = new LRUCache({ max: capacity });
  }

  async get(key: string, read: () => Promise<T>): Promise<T> {
    if (this.watch === undefined) return read();
    const epoch = this.watch.epoch;
    const known = this.values.get(key);
    if (known !== undefined && known.epoch === epoch) return known.value;
    const value = await read();
    this.values.set(key, { epoch, value });
    return value;
  }
}
