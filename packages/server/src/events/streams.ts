import { PassThrough } from 'node:stream';
import { EVENTS_RESET, type EventsResetData, type SwarmEventType } from '@convene/protocol';
import { fail } from '../errors.js';
import { advance, covers, encodeCursor, type Cursor } from './cursor.js';
import type { EventFeed } from './feed.js';
import type { EventsService, StreamItem } from './service.js';

export interface StreamSettings {
  readonly heartbeatMs: number;
  readonly retryMs: number;
  readonly maxPerAddress: number;
}

/** A reader this far behind (bytes buffered and unsent) is cut off; it resumes with its last id. */
const MAX_BUFFERED_BYTES = 16 * 1024 * 1024;

export interface OpenStream {
  /** The SSE body: Fastify sends it as it is written (no compression, no replay). */
  readonly body: PassThrough;
  /** Ends it (the client went away, or the server is closing). */
  close(): void;
}

/**
 * The open event streams of this process: each an SSE body fed by the shared EventFeed, resumed from
 * its reader's cursor, kept alive by heartbeats, counted per client address, ended on shutdown.
 */
export class EventStreams {
  private readonly perAddress = new Map<string, number>();
  private readonly open = new Set<OpenStream>();

  private readonly events: EventsService;
  private readonly feed: EventFeed;
  readonly settings: StreamSettings;

  constructor(uses: { events: EventsService; feed: EventFeed; settings: StreamSettings }) {
    this.events = uses.events;
    this.feed = uses.feed;
    this.settings = uses.settings;
  }

  /**
   * A new stream for `address`, starting after `cursor` (replayed within the window, else a reset
   * event) or from now. Refuses (429) an address at its limit.
   */
  async start(
    address: string,
    cursor: Cursor | undefined,
    types: ReadonlySet<SwarmEventType> | undefined,
    /** Aborted when the client goes away (also while the stream is still being set up). */
    gone: AbortSignal,
  ): Promise<OpenStream> {
    if (this.isFull(address)) throw fail('tooManyEventStreams');
    this.perAddress.set(address, (this.perAddress.get(address) ?? 0) + 1);
    const body = new PassThrough();
    let position: Cursor | undefined;
    let pending: StreamItem[] | undefined = [];
    let unsubscribe: (() => void) | undefined;
    let closed = false;

    const write = (text: string) => {
      if (closed) return;
      body.write(text);
      if (body.writableLength > MAX_BUFFERED_BYTES) stream.close();
    };
    const send = (items: readonly StreamItem[]) => {
      let text = '';
      for (const item of items) {
        if (covers(position!, item)) continue;
        position = advance(position!, item);
        const event = item.event;
        if (event === null || (types !== undefined && !types.has(event.type))) continue;
        text += `id: ${encodeCursor(position)}\nevent: ${event.type}\ndata: ${JSON.stringify(event.data)}\n\n`;
      }
      if (text !== '') write(text);
    };
    const heartbeat = setInterval(() => write(': heartbeat\n\n'), this.settings.heartbeatMs);
    heartbeat.unref();
    const stream: OpenStream = {
      body,
      close: () => {
        if (closed) return;
        closed = true;
        clearInterval(heartbeat);
        unsubscribe?.();
        this.open.delete(stream);
        const left = (this.perAddress.get(address) ?? 1) - 1;
        if (left > 0) this.perAddress.set(address, left);
        else this.perAddress.delete(address);
        body.end();
      },
    };
    this.open.add(stream);
    try {
      // Subscribe first, then read: whatever the read did not reach is delivered (and what it did,
      // skipped by position).
      write(`retry: ${this.settings.retryMs}\n\n`);
      unsubscribe = await this.feed.subscribe({
        deliver: (items) => {
          if (pending !== undefined) pending.push(...items);
          else send(items);
        },
      });
      if (cursor === undefined) {
        position = await this.events.heads();
      } else {
        const resumed = await this.events.resume(cursor);
        if (resumed.kind === 'reset') {
          position = resumed.reached;
          const data: EventsResetData = { reason: resumed.reason };
          write(
            `id: ${encodeCursor(position)}\nevent: ${EVENTS_RESET}\ndata: ${JSON.stringify(data)}\n\n`,
          );
        } else {
          position = cursor;
          send(resumed.items);
          position = resumed.reached;
        }
      }
      const queued = pending;
      pending = undefined;
      send(queued);
    } catch (error) {
      stream.close();
      throw error;
    }
    if (gone.aborted) stream.close();
    else gone.addEventListener('abort', () => stream.close(), { once: true });
    return stream;
  }

  isFull(address: string): boolean {
    return (this.perAddress.get(address) ?? 0) >= this.settings.maxPerAddress;
  }

  /** Ends every stream (server shutdown): readers see the stream end and reconnect elsewhere. */
  closeAll(): void {
    for (const stream of [...this.open]) stream.close();
  }

  get count(): number {
    return this.open.size;
  }
}
