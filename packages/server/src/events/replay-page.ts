import { covers, type Cursor } from './cursor.js';
import type { EventsService } from './service.js';
import { toWire, type WireItem } from './wire.js';

/** Every item after `start` up to `end`, in stream order, serialized once. */
interface Page {
  readonly start: Cursor;
  readonly end: Cursor;
  readonly items: readonly WireItem[];
}

export type Resumption =
  | { kind: 'replay'; items: readonly WireItem[] }
  | { kind: 'reset'; reason: string; reached: Cursor };

const ahead = (a: Cursor, b: Cursor) =>
  a.log > b.log || a.session > b.session || a.checkpoint > b.checkpoint;

/**
 * The replay window as one shared page: the items of the last `replayWindow` log entries and session
 * changes, read from the database once and serialized once, then extended by what is new (a read
 * after its end) when a resume needs more. Every resume inside the window is served from it, so a
 * reconnect costs a walk over shared strings, not a database read: N reconnects from the same id,
 * or from N different ids in the window, read the database once. The page holds one array of
 * references to shared items (at most two per log entry and session change in the window, plus the
 * newest checkpoint); each update makes a new array and leaves the items alone, so a stream still
 * sending from an older array keeps only that array.
 */
export class ReplayPage {
  private page: Page | undefined;
  private updating: Promise<void> | undefined;
  /** Database reads of the page: `whole` from the window's start, `extend` after its end. */
  readonly reads = { whole: 0, extend: 0 };

  private readonly events: EventsService;

  constructor(uses: { events: EventsService }) {
    this.events = uses.events;
  }

  /**
   * What a reader resuming after `from` is sent: the page's items (the reader skips those its
   * cursor covers), or a reset (outside the window, or ahead of this service). `live` is where the
   * stream's live deliveries start: the page reaches at least there, so nothing falls between.
   */
  async resume(from: Cursor, live: Cursor): Promise<Resumption> {
    let page = await this.reaching(live);
    if (ahead(from, page.end)) {
      // Another replica may have handed out a cursor this one's reader has not reached yet.
      page = await this.reaching(await this.events.heads());
      if (ahead(from, page.end))
        return { kind: 'reset', reason: 'the cursor is ahead of this service', reached: page.end };
    }
    const { replayWindow } = this.events.settings;
    if (page.end.log - from.log > replayWindow || page.end.session - from.session > replayWindow) {
      return {
        kind: 'reset',
        reason: `the cursor is more than ${replayWindow} log entries or session changes behind`,
        reached: page.end,
      };
    }
    return { kind: 'replay', items: page.items };
  }

  /** The page, brought up to `target` (one update at a time; those waiting share it). */
  private async reaching(target: Cursor): Promise<Page> {
    // An update reads up to where the sources stand when it runs, so the one started after
    // `target` was seen reaches it; one already under way may not, hence a second.
    for (let round = 0; ; round++) {
      const page = this.page;
      if (page !== undefined && !ahead(target, page.end)) return page;
      if (round === 3) throw new Error('the replay page did not reach where the event reader is');
      await (this.updating ??= this.update(target).finally(() => (this.updating = undefined)));
    }
  }

  private async update(target: Cursor): Promise<void> {
    const { replayWindow } = this.events.settings;
    const page = this.page;
    if (
      page === undefined ||
      target.log - page.end.log > replayWindow ||
      target.session - page.end.session > replayWindow
    ) {
      const heads = await this.events.heads();
      const start = { ...windowStart(heads, replayWindow), checkpoint: 0 };
      const read = await this.readAll(start);
      this.reads.whole++;
      this.page = trimmed({ start, ...read }, replayWindow);
      return;
    }
    const read = await this.readAll(page.end);
    this.reads.extend++;
    // A read gives only the newest checkpoint: one newer than the page's replaces it.
    const kept = read.items.some((item) => item.source === 'checkpoint')
      ? page.items.filter((item) => item.source !== 'checkpoint')
      : page.items;
    this.page = trimmed(
      { start: page.start, end: read.end, items: [...kept, ...read.items] },
      replayWindow,
    );
  }

  private async readAll(from: Cursor): Promise<{ end: Cursor; items: WireItem[] }> {
    const items: WireItem[] = [];
    let end = from;
    for (;;) {
      const read = await this.events.read(end);
      for (const item of read.items) items.push(toWire(item));
      end = read.reached;
      if (!read.more) return { end, items };
    }
  }
}

function windowStart(at: Cursor, replayWindow: number): { log: number; session: number } {
  return {
    log: Math.max(0, at.log - replayWindow),
    session: Math.max(0, at.session - replayWindow),
  };
}

/** The page without what no cursor inside the window can still need. */
function trimmed(page: Page, replayWindow: number): Page {
  const window = windowStart(page.end, replayWindow);
  const start = {
    log: Math.max(page.start.log, window.log),
    session: Math.max(page.start.session, window.session),
    checkpoint: 0,
  };
  if (start.log === page.start.log && start.session === page.start.session) return page;
  return { start, end: page.end, items: page.items.filter((item) => !covers(start, item)) };
}
