import type { SwarmEventData, SwarmEventType } from '@convene/protocol';
import { advance, type Cursor, type CursorSource, type Step } from './cursor.js';
import type { EventsRepository, LogEventRow, SessionEventRow } from './repository.js';

/** The newest served checkpoint, from the log's service (null: none signed yet, or no log). */
export interface CheckpointSource {
  latest(): Promise<{ size: number; rootHash: string; createdAt: string } | null>;
}

export type StreamEvent = {
  [K in SwarmEventType]: { type: K; data: SwarmEventData[K] };
}[SwarmEventType];

/** One step of the stream: an event to send, or null for a log entry the stream steps over. */
export interface StreamItem extends Step {
  /** When it happened (ms, the service's clock), to interleave the sources in time. */
  readonly at: number;
  readonly event: StreamEvent | null;
}

export interface EventsSettings {
  /** Rows read from each source per query. */
  readonly batch: number;
  /** How far behind (log entries, session changes) a resume cursor may be and still replay. */
  readonly replayWindow: number;
}

export type Resume =
  | { kind: 'replay'; items: StreamItem[]; reached: Cursor }
  | { kind: 'reset'; reason: string; reached: Cursor };

const SOURCE_ORDER: readonly CursorSource[] = ['session', 'log', 'checkpoint'];
const iso = (date: Date | null) => (date === null ? null : date.toISOString());

/**
 * Turns the ordered sources the service already writes into the stream's events: log entries
 * (takes, member key events) by index, session changes by their number, the newest checkpoint by
 * size. Reads only; nothing here runs on a write path.
 */
export class EventsService {
  constructor(
    private readonly repository: EventsRepository,
    private readonly checkpoints: CheckpointSource | null,
    readonly settings: EventsSettings,
  ) {}

  /** Where the sources stand now. */
  async heads(): Promise<Cursor> {
    const [heads, checkpoint] = await Promise.all([
      this.repository.heads(),
      this.checkpoints?.latest() ?? null,
    ]);
    return { ...heads, checkpoint: checkpoint?.size ?? 0 };
  }

  /**
   * The items after `from` in time order (each source in its own order), as far as one query per
   * source reaches; `more` when a source may hold further rows.
   */
  async read(from: Cursor): Promise<{ items: StreamItem[]; reached: Cursor; more: boolean }> {
    const { batch } = this.settings;
    const [log, sessions, checkpoint] = await Promise.all([
      this.repository.logEntries(from.log, batch),
      this.repository.sessionEvents(from.session, batch),
      this.checkpoints?.latest() ?? null,
    ]);
    let lists: Record<CursorSource, StreamItem[]> = {
      log: carryTimes(log.map(logItem)),
      session: sessions.map(sessionItem),
      checkpoint:
        checkpoint !== null && checkpoint.size > from.checkpoint
          ? [
              {
                source: 'checkpoint',
                position: checkpoint.size,
                at: Date.parse(checkpoint.createdAt),
                event: {
                  type: 'checkpoint',
                  data: { ...checkpoint, href: '/api/log/checkpoint' },
                },
              },
            ]
          : [],
    };
    // A source cut short by the batch limit may hold rows up to its last one's time and beyond, so
    // every source is taken only up to the earliest such time (the rest comes with the next read).
    const full = { log: log.length >= batch, session: sessions.length >= batch } as const;
    const cuts = (['log', 'session'] as const)
      .filter((source) => full[source])
      .map((source) => lists[source].at(-1)!.at);
    if (cuts.length > 0) {
      const cut = Math.min(...cuts);
      const upToCut = Object.fromEntries(
        SOURCE_ORDER.map((source) => {
          const list = lists[source];
          const keep = list.findIndex((item) => item.at > cut);
          return [source, keep < 0 ? list : list.slice(0, keep)];
        }),
      ) as Record<CursorSource, StreamItem[]>;
      // Times out of order within a source could leave nothing: then take everything read.
      if (SOURCE_ORDER.some((source) => upToCut[source].length > 0)) lists = upToCut;
    }
    const items = mergeByTime(lists);
    let reached = from;
    for (const item of items) reached = advance(reached, item);
    return { items, reached, more: cuts.length > 0 };
  }

  /** Everything after `from` for a reader resuming there, or a reset when it is out of the window. */
  async resume(from: Cursor): Promise<Resume> {
    const heads = await this.heads();
    const { replayWindow } = this.settings;
    const ahead =
      from.log > heads.log || from.session > heads.session || from.checkpoint > heads.checkpoint;
    if (ahead)
      return { kind: 'reset', reason: 'the cursor is ahead of this service', reached: heads };
    if (heads.log - from.log > replayWindow || heads.session - from.session > replayWindow) {
      return {
        kind: 'reset',
        reason: `the cursor is more than ${replayWindow} log entries or session changes behind`,
        reached: heads,
      };
    }
    const items: StreamItem[] = [];
    let reached = from;
    for (;;) {
      const read = await this.read(reached);
      items.push(...read.items);
      reached = read.reached;
      if (!read.more) break;
    }
    return { kind: 'replay', items, reached };
  }
}

/**
 * Entries the stream steps over (receipts, outcomes) carry no time of the service's clock: they take
 * the previous entry's, so they never hold back or hurry the entries after them.
 */
function carryTimes(items: StreamItem[]): StreamItem[] {
  let at = -Infinity;
  return items.map((item) => {
    if (item.event === null) return { ...item, at };
    at = item.at;
    return item;
  });
}

/** Merges the sources by time, each kept in its own order (ties: session, log, checkpoint). */
function mergeByTime(lists: Record<CursorSource, StreamItem[]>): StreamItem[] {
  const heads = { log: 0, session: 0, checkpoint: 0 };
  const merged: StreamItem[] = [];
  for (;;) {
    let next: CursorSource | undefined;
    for (const source of SOURCE_ORDER) {
      const item = lists[source][heads[source]];
      if (item === undefined) continue;
      if (next === undefined || item.at < lists[next][heads[next]]!.at) next = source;
    }
    if (next === undefined) return merged;
    merged.push(lists[next][heads[next]++]!);
  }
}

function logItem(row: LogEventRow): StreamItem {
  const step = { source: 'log' as const, position: row.idx + 1 };
  const take = row.take;
  if (take !== null) {
    return {
      ...step,
      at: take.receivedAt.getTime(),
      event: {
        type: 'take-accepted',
        data: {
          sessionId: take.sessionId,
          subjectId: take.subjectId,
          date: take.date,
          takeId: take.id,
          memberId: take.memberId,
          handle: take.handle,
          revision: take.revision,
          stance: take.stance,
          confidence: take.confidence,
          body: take.body,
          memoUrl: take.memoUrl === '' ? null : take.memoUrl,
          weights: take.weights,
          receivedAt: take.receivedAt.toISOString(),
          logIndex: row.idx,
          href: `/api/swarm/takes/${take.id}`,
        },
      },
    };
  }
  if (row.kind !== 'key' || row.entry === null) return { ...step, at: -Infinity, event: null };
  const entry = JSON.parse(row.entry) as SwarmEventData['member-key'];
  return {
    ...step,
    at: Date.parse(entry.at),
    event: {
      type: 'member-key',
      data: {
        memberId: entry.memberId,
        logIndex: row.idx,
        event: entry.event,
        at: entry.at,
        activeKey: entry.activeKey,
        pendingKey: entry.pendingKey,
        status: entry.status,
        role: entry.role,
        href: `/api/log/members/${entry.memberId}/keys`,
      },
    },
  };
}

function sessionItem(row: SessionEventRow): StreamItem {
  // The times the lifecycle recorded (the service's clock, as takes' receivedAt), not the row's.
  const at = {
    opened: row.brief?.createdAt,
    aggregated: row.aggregatedAt,
    published: row.publishedAt,
  }[row.kind];
  const step = { source: 'session' as const, position: row.seq, at: (at ?? row.at).getTime() };
  const ids = { sessionId: row.sessionId, subjectId: row.subjectId, date: row.date };
  if (row.kind === 'opened' && row.brief !== null) {
    return {
      ...step,
      event: {
        type: 'session-opened',
        data: {
          ...ids,
          convenedAt: row.convenedAt.toISOString(),
          windowClosesAt: iso(row.windowClosesAt),
          brief: {
            id: row.brief.id,
            createdAt: row.brief.createdAt.toISOString(),
            href: `/api/swarm/brief?session=${row.sessionId}`,
            regime: row.brief.regime,
          },
        },
      },
    };
  }
  if (row.kind === 'aggregated') {
    return {
      ...step,
      event: {
        type: 'session-aggregated',
        data: { ...ids, aggregatedAt: iso(row.aggregatedAt) },
      },
    };
  }
  if (row.kind === 'published' && row.receiptDigest !== null) {
    return {
      ...step,
      event: {
        type: 'session-published',
        data: {
          ...ids,
          publishedAt: iso(row.publishedAt),
          receiptDigest: row.receiptDigest,
          href: `/api/swarm/sessions/${row.sessionId}/consensus-receipt`,
        },
      },
    };
  }
  return { ...step, event: null };
}
