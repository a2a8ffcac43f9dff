import { takeStatement, type SwarmEventData, type SwarmEventType } from '@convene/protocol';
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
  /**
   * Where it falls among the log's entries, which interleaves the sources without clocks: a log
   * entry at its index; a session change at the log's next index when it was numbered (it came
   * after every entry below); a checkpoint at its size (it covers the entries below).
   */
  readonly order: number;
  /** At the same `order`: session changes, then checkpoints, then the log entry. */
  readonly rank: number;
  readonly event: StreamEvent | null;
}

const RANK = { session: 0, checkpoint: 1, log: 2 } as const;
const before = (a: Pick<StreamItem, 'order' | 'rank'>, b: Pick<StreamItem, 'order' | 'rank'>) =>
  a.order < b.order || (a.order === b.order && a.rank < b.rank);

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
  private readonly repository: EventsRepository;
  private readonly checkpoints: CheckpointSource | null;
  readonly settings: EventsSettings;

  constructor(uses: {
    repository: EventsRepository;
    /** The log's latest checkpoint (null: the log is not kept). */
    checkpoints: CheckpointSource | null;
    settings: EventsSettings;
  }) {
    this.repository = uses.repository;
    this.checkpoints = uses.checkpoints;
    this.settings = uses.settings;
  }

  /** Where the sources stand now. */
  async heads(): Promise<Cursor> {
    const [heads, checkpoint] = await Promise.all([
      this.repository.heads(),
      this.checkpoints?.latest() ?? null,
    ]);
    return { ...heads, checkpoint: checkpoint?.size ?? 0 };
  }

  /**
   * The items after `from` in stream order (each source in its own order, interleaved by where they
   * fall among the log's entries), as far as one query per source reaches; `more` when a source may
   * hold further rows.
   */
  async read(from: Cursor): Promise<{ items: StreamItem[]; reached: Cursor; more: boolean }> {
    const { batch } = this.settings;
    const [log, sessions, checkpoint] = await Promise.all([
      this.repository.logEntries(from.log, batch),
      this.repository.sessionEvents(from.session, batch),
      this.checkpoints?.latest() ?? null,
    ]);
    let lists: Record<CursorSource, StreamItem[]> = {
      log: log.map(logItem),
      session: sessions.map(sessionItem),
      checkpoint:
        checkpoint !== null && checkpoint.size > from.checkpoint
          ? [
              {
                source: 'checkpoint',
                position: checkpoint.size,
                order: checkpoint.size,
                rank: RANK.checkpoint,
                event: {
                  type: 'checkpoint',
                  data: { ...checkpoint, href: '/api/log/checkpoint' },
                },
              },
            ]
          : [],
    };
    // A source cut short by the batch limit may hold rows that fall after its last one read, so
    // every source is taken only up to the earliest such place (the rest comes with the next read).
    const full = { log: log.length >= batch, session: sessions.length >= batch } as const;
    const cuts = (['log', 'session'] as const)
      .filter((source) => full[source])
      .map((source) => lists[source].at(-1)!);
    if (cuts.length > 0) {
      const cut = cuts.reduce((a, b) => (before(b, a) ? b : a));
      lists = Object.fromEntries(
        SOURCE_ORDER.map((source) => {
          const list = lists[source];
          const keep = list.findIndex((item) => before(cut, item));
          return [source, keep < 0 ? list : list.slice(0, keep)];
        }),
      ) as Record<CursorSource, StreamItem[]>;
    }
    const items = mergeInOrder(lists);
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

/** Merges the sources by where their items fall among the log's entries, each kept in its own order. */
function mergeInOrder(lists: Record<CursorSource, StreamItem[]>): StreamItem[] {
  const heads = { log: 0, session: 0, checkpoint: 0 };
  const merged: StreamItem[] = [];
  for (;;) {
    let next: CursorSource | undefined;
    for (const source of SOURCE_ORDER) {
      const item = lists[source][heads[source]];
      if (item === undefined) continue;
      if (next === undefined || before(item, lists[next][heads[next]]!)) next = source;
    }
    if (next === undefined) return merged;
    merged.push(lists[next][heads[next]++]!);
  }
}

function logItem(row: LogEventRow): StreamItem {
  const step = { source: 'log' as const, position: row.idx + 1, order: row.idx, rank: RANK.log };
  const take = row.take;
  if (take !== null) {
    return {
      ...step,
      event: {
        type: 'take-accepted',
        data: {
          sessionId: take.sessionId,
          subjectId: take.subjectId,
          date: take.date,
          takeId: take.id,
          memberId: take.memberId,
          handle: take.handle,
          ...takeStatement(take),
          receivedAt: take.receivedAt.toISOString(),
          logIndex: row.idx,
          href: `/api/swarm/takes/${take.id}`,
        },
      },
    };
  }
  if (row.kind !== 'key' || row.entry === null) return { ...step, event: null };
  const entry = JSON.parse(row.entry) as SwarmEventData['member-key'];
  return {
    ...step,
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
  const step = {
    source: 'session' as const,
    position: row.seq,
    order: row.logNext,
    rank: RANK.session,
  };
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
