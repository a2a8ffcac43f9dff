import { Readable } from 'node:stream';
import { EVENTS_RESET, type EventsResetData, type SwarmEventType } from '@convene/protocol';
import { StreamAdmission, type Admission, type RefusalReason } from './admission.js';
import { advance, covers, encodeCursor, type Cursor } from './cursor.js';
import type { EventFeed } from './feed.js';
import type { ReplayPage } from './replay-page.js';
import type { WireItem } from './wire.js';

export interface StreamSettings {
  readonly heartbeatMs: number;
  readonly retryMs: number;
  readonly maxPerAddress: number;
  readonly maxStreams: number;
  readonly maxUnsentBytes: number;
  readonly connectsPerMinute: number;
}

/**
 * What a stream's body buffers before it waits for the reader (Node's default, said aloud): the
 * rest stays as references to the shared items, so an idle or slow stream holds little of its own.
 */
const CHUNK_BYTES = 16 * 1024;

export interface OpenStream {
  /** The SSE body: Fastify sends it as it is read (no compression, no replay). */
  readonly body: Readable;
  /** Ends it (the client went away, or the server is closing). */
  close(): void;
}

/** What the streams of this replica amount to, for /metrics and admin status. */
export interface StreamStatus {
  open: number;
  max: number;
  maxPerAddress: number;
  /** Address groups (IPv4 addresses, IPv6 /64s) with a stream open. */
  addresses: number;
  refused: Record<RefusalReason, number>;
  /** Streams closed because their reader stopped reading (more than maxUnsentBytes behind). */
  droppedStalled: number;
  /** Database reads of the shared replay page. */
  replayReads: { whole: number; extend: number };
}

/**
 * The open event streams of this process: each an SSE body fed by the shared EventFeed, resumed from
 * the shared replay page, kept alive by heartbeats, admitted by rate, per-address group and total
 * limits, dropped when its reader stalls, ended on shutdown.
 */
export class EventStreams {
  private readonly open = new Set<OpenStream>();
  private readonly admission: StreamAdmission;
  private droppedStalled = 0;

  private readonly feed: EventFeed;
  private readonly page: ReplayPage;
  readonly settings: StreamSettings;

  constructor(uses: {
    feed: EventFeed;
    page: ReplayPage;
    settings: StreamSettings;
    /** Milliseconds, monotonic (the connect rate's clock). */
    now?: () => number;
  }) {
    this.feed = uses.feed;
    this.page = uses.page;
    this.settings = uses.settings;
    this.admission = new StreamAdmission(uses.settings, uses.now);
  }

  /**
   * Takes a place for a stream from `address`, or says why not (429: its connect rate or its open
   * streams; 503: the replica's) and when to retry. An admitted place is given back when the
   * stream `start` opens with it closes (or when `start` fails).
   */
  admit(address: string): Admission {
    return this.admission.admit(address);
  }

  /**
   * A new stream in the place `admit` gave `group`, starting after `cursor` (replayed within the
   * window, else a reset event) or from now.
   */
  async start(
    group: string,
    cursor: Cursor | undefined,
    types: ReadonlySet<SwarmEventType> | undefined,
    /** Aborted when the client goes away (also while the stream is still being set up). */
    gone: AbortSignal,
  ): Promise<OpenStream> {
    let unsubscribe: (() => void) | undefined;
    const sender = new Sender(types, this.settings.maxUnsentBytes, (stalled) => {
      clearInterval(heartbeat);
      unsubscribe?.();
      this.open.delete(stream);
      this.admission.release(group);
      if (stalled) this.droppedStalled++;
    });
    const heartbeat = setInterval(() => sender.heartbeat(), this.settings.heartbeatMs);
    heartbeat.unref();
    const stream: OpenStream = { body: sender.body, close: () => sender.close('end') };
    this.open.add(stream);
    try {
      // Subscribe first, then replay up to at least where the feed stands: what the replay did not
      // reach is delivered (and what it did, skipped by position).
      unsubscribe = await this.feed.subscribe({ deliver: (items) => sender.deliver(items) });
      const live = this.feed.position!;
      const retry = `retry: ${this.settings.retryMs}\n\n`;
      if (cursor === undefined) {
        sender.begin(live, [], retry);
      } else {
        const resumed = await this.page.resume(cursor, live);
        if (resumed.kind === 'reset') {
          const data: EventsResetData = { reason: resumed.reason };
          sender.begin(
            resumed.reached,
            [],
            `${retry}id: ${encodeCursor(resumed.reached)}\nevent: ${EVENTS_RESET}\ndata: ${JSON.stringify(data)}\n\n`,
          );
        } else {
          sender.begin(cursor, resumed.items, retry);
        }
      }
    } catch (error) {
      sender.close('end');
      throw error;
    }
    if (gone.aborted) sender.close('gone');
    else gone.addEventListener('abort', () => sender.close('gone'), { once: true });
    return stream;
  }

  /** Ends every stream (server shutdown): readers see the stream end and reconnect elsewhere. */
  closeAll(): void {
    for (const stream of [...this.open]) stream.close();
  }

  get count(): number {
    return this.open.size;
  }

  status(): StreamStatus {
    return {
      open: this.open.size,
      max: this.settings.maxStreams,
      maxPerAddress: this.settings.maxPerAddress,
      addresses: this.admission.groups,
      refused: { ...this.admission.refused },
      droppedStalled: this.droppedStalled,
      replayReads: { ...this.page.reads },
    };
  }
}

/**
 * One stream's body, pulled by its reader: the replay (shared items), then live deliveries and
 * heartbeats queued as references, each event given this stream's `id:` only when the reader takes
 * it. A reader with more than `maxUnsentBytes` waiting that took nothing between two deliveries or
 * heartbeats is dropped: its connection is destroyed and everything queued for it let go.
 */
class Sender {
  readonly body: Readable;
  private position: Cursor | undefined;
  private first = '';
  private replay: readonly WireItem[] = [];
  private replayAt = 0;
  private readonly queue: Array<WireItem | string> = [];
  private queueAt = 0;
  private queuedBytes = 0;
  /** What the reader has taken so far (characters handed to the body), and at the last check. */
  private pushed = 0;
  private pushedAtCheck = 0;
  /** The reader asked for more than there was: the next item is pushed at once. */
  private wanted = false;
  private closed = false;

  constructor(
    private readonly types: ReadonlySet<SwarmEventType> | undefined,
    private readonly maxUnsentBytes: number,
    private readonly onClose: (stalled: boolean) => void,
  ) {
    this.body = new Readable({
      highWaterMark: CHUNK_BYTES,
      read: () => {
        this.wanted = true;
        this.pump();
      },
    });
  }

  /** Starts sending: `text` first, then `replay` and the queue, ids counted from `position`. */
  begin(position: Cursor, replay: readonly WireItem[], text: string): void {
    this.position = position;
    this.replay = replay;
    this.first = text;
    this.pump();
  }

  deliver(items: readonly WireItem[]): void {
    if (this.stalled()) return;
    for (const item of items) {
      this.queue.push(item);
      this.queuedBytes += item.bytes;
    }
    this.pump();
  }

  heartbeat(): void {
    if (this.stalled()) return;
    const text = ': heartbeat\n\n';
    this.queue.push(text);
    this.queuedBytes += text.length;
    this.pump();
  }

  /** `end`: the stream ends after what the body holds; `gone`: the reader left, nothing to send. */
  close(how: 'end' | 'gone' | 'stalled'): void {
    if (this.closed) return;
    this.closed = true;
    this.queue.length = 0;
    this.replay = [];
    this.onClose(how === 'stalled');
    if (how === 'end') this.body.push(null);
    else this.body.destroy();
  }

  /**
   * Whether the reader has stalled (and is now dropped): more than `maxUnsentBytes` wait for it and
   * it took nothing since the last delivery or heartbeat. A reader busy with a burst larger than
   * the bound is still taking, so it stays.
   */
  private stalled(): boolean {
    if (this.closed) return true;
    const took = this.pushed !== this.pushedAtCheck;
    this.pushedAtCheck = this.pushed;
    if (took || this.queuedBytes + this.body.readableLength <= this.maxUnsentBytes) return false;
    this.close('stalled');
    return true;
  }

  private pump(): void {
    while (this.wanted && !this.closed && this.position !== undefined) {
      let text = this.first;
      this.first = '';
      while (text.length < CHUNK_BYTES) {
        const next = this.next();
        if (next === undefined) break;
        if (typeof next === 'string') {
          text += next;
          continue;
        }
        if (covers(this.position, next)) continue;
        this.position = advance(this.position, next);
        if (next.type === null || (this.types !== undefined && !this.types.has(next.type)))
          continue;
        text += `id: ${encodeCursor(this.position)}\n${next.text}`;
      }
      if (text === '') return;
      this.pushed += text.length;
      this.wanted = this.body.push(text);
    }
  }

  private next(): WireItem | string | undefined {
    if (this.replayAt < this.replay.length) return this.replay[this.replayAt++];
    if (this.queueAt === this.queue.length) return undefined;
    const item = this.queue[this.queueAt++]!;
    this.queuedBytes -= typeof item === 'string' ? item.length : item.bytes;
    if (this.queueAt === this.queue.length || this.queueAt > 1024) {
      this.queue.splice(0, this.queueAt);
      this.queueAt = 0;
    }
    return item;
  }
}
