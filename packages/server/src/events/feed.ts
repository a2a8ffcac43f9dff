import type { FastifyBaseLogger } from 'fastify';
import type { Cursor } from './cursor.js';
import type { EventsService } from './service.js';
import { toWire, type WireItem } from './wire.js';

export interface Subscriber {
  deliver(items: readonly WireItem[]): void;
}

/**
 * The one reader per process: when woken (a data version moved, a watched table changed, the
 * safety-net poll), it reads what is new once, serializes it once and hands the same items to every
 * connected stream.
 * Reads run one at a time; wakes while one runs fold into one more. With no stream open it reads
 * nothing and forgets its position, taking the sources' heads again when the next stream opens.
 */
export class EventFeed {
  private head: Cursor | undefined;
  private readonly subscribers = new Set<Subscriber>();
  private chain: Promise<void> = Promise.resolve();
  private queued = false;
  private poll: NodeJS.Timeout | undefined;

  private readonly events: EventsService;
  private readonly log: FastifyBaseLogger;
  private readonly pollMs: number;

  constructor(uses: { events: EventsService; log: FastifyBaseLogger; pollMs: number }) {
    this.events = uses.events;
    this.log = uses.log;
    this.pollMs = uses.pollMs;
  }

  get size(): number {
    return this.subscribers.size;
  }

  /**
   * Where the reader stands (undefined with no stream open): a subscriber is handed everything
   * after it, so a stream that subscribed needs a replay reaching at least here.
   */
  get position(): Cursor | undefined {
    return this.head;
  }

  /** Something may have been written: read once more, soon (coalesced). */
  wake(): void {
    if (this.subscribers.size === 0 || this.queued) return;
    this.queued = true;
    void this.enqueue(async () => {
      this.queued = false;
      await this.step();
    });
  }

  /**
   * Adds `subscriber` to every later delivery. Resolves once the feed has its position, so a caller
   * that reads the sources after this misses nothing: anything newer than what it read is delivered.
   */
  async subscribe(subscriber: Subscriber): Promise<() => void> {
    if (this.head === undefined) {
      await this.enqueue(async () => {
        this.head ??= await this.events.heads();
      });
    }
    this.subscribers.add(subscriber);
    if (this.poll === undefined) {
      this.poll = setInterval(() => this.wake(), this.pollMs);
      this.poll.unref();
    }
    return () => {
      this.subscribers.delete(subscriber);
      if (this.subscribers.size > 0) return;
      clearInterval(this.poll);
      this.poll = undefined;
      this.head = undefined;
    };
  }

  private enqueue(work: () => Promise<void>): Promise<void> {
    const run = this.chain.then(work);
    this.chain = run.catch((error: unknown) => {
      this.log.warn({ err: error }, 'event stream read failed; the next wake retries');
    });
    return run;
  }

  private async step(): Promise<void> {
    if (this.subscribers.size === 0) return;
    if (this.head === undefined) {
      this.head = await this.events.heads();
      return;
    }
    for (;;) {
      const read = await this.events.read(this.head);
      if (this.subscribers.size === 0) return;
      this.head = read.reached;
      if (read.items.length > 0) {
        const items = read.items.map(toWire);
        for (const subscriber of this.subscribers) subscriber.deliver(items);
      }
      if (!read.more) return;
    }
  }
}
