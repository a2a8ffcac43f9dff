import {
  bytesToBase64,
  KeyHistories,
  keyEntryOf,
  keyLogEntry,
  logEntryLeafHash,
  sha256Hex,
  type KeyEvent,
  type KeyFailure,
} from '@convene/protocol';
import type { Tx } from '../db/transactor.js';
import type { EntryRow, LogEntryRepository, LogPosition } from './entry-repository.js';

/** What an `applied` event carries of the member's signed application (docs/protocol.md §14.1). */
export interface AppliedWith {
  canonical: string;
  signature: string;
}

/**
 * Member key events into the log, in the member change's own transaction (docs/protocol.md §14.10,
 * "Key events"): `lockIndex` first (the log's index lock, before any member row is locked, so a
 * take filed meanwhile, which takes the same lock first, never waits on a row this holds), then
 * the change, then `record`, which logs the member's state as the transaction now holds it.
 */
export class KeyEventLog {
  private readonly entries: LogEntryRepository;
  private readonly onAppended: () => void;

  constructor(uses: { entries: LogEntryRepository; onAppended: () => void }) {
    this.entries = uses.entries;
    this.onAppended = uses.onAppended;
  }

  /** Takes the log's index lock for the caller's transaction; returns the next free index. */
  lockIndex(trx: Tx): Promise<number> {
    return this.entries.lockIndexIn(trx);
  }

  /**
   * Appends the member's key event at `index` (from `lockIndex` in this transaction): its state
   * now (keys, status, role), its next sequence number and the index of its previous event.
   */
  async record(
    trx: Tx,
    index: number,
    memberId: string,
    event: KeyEvent,
    at: Date,
    application?: AppliedWith,
  ): Promise<LogPosition> {
    const [state, previous] = await Promise.all([
      this.entries.memberKeyState(memberId, trx),
      this.entries.lastKeyEvent(memberId, trx),
    ]);
    if (state === undefined) throw new Error(`key event for unknown member ${memberId}`);
    const previousEntry = previous === undefined ? null : keyEntryOf(previous.entry);
    const seq =
      previousEntry !== null && previousEntry.kind === 'convene.log.key.v1'
        ? previousEntry.seq + 1
        : 0;
    const entry = keyLogEntry({
      memberId,
      event,
      at: at.toISOString(),
      seq,
      previousIndex: previous?.idx ?? null,
      ...state,
      ...(application === undefined
        ? {}
        : {
            applicationSha256: sha256Hex(application.canonical),
            applicationSignature: application.signature,
          }),
    });
    const leafHash = logEntryLeafHash(entry);
    await this.entries.appendEntries(
      [{ idx: index, leafHash, kind: 'key', subject: memberId, entry }],
      trx,
    );
    this.onAppended();
    return { logIndex: index, leafHash: bytesToBase64(leafHash) };
  }
}

/** Each member's logged key history, folded (or the fold's failure). */
export type MemberKeyHistories = Map<string, KeyHistories | KeyFailure>;

/** How long a read trusts the folded histories without looking for a new key entry. */
export const KEY_HISTORY_RECHECK_MS = 1000;

/**
 * Members' key histories as the log holds them, folded once and kept. Dropped at once when this
 * process appends a key entry (`invalidate`), and otherwise when the highest key entry's index
 * changed, which one indexed query finds; that query runs at most once a second (a key entry another
 * replica or an insider appended is seen within a second), or at once with `fresh` (a reader whose
 * check failed asks again before reporting it, so a member admitted on another replica a moment
 * ago never reads as unlogged). A session read costs no query and no fold while keys do not change.
 */
export class KeyHistoryCache {
  private seen = Number.NaN;
  private checkedAt = Number.NEGATIVE_INFINITY;
  private readonly folded = new Map<string, KeyHistories | KeyFailure>();

  constructor(private readonly entries: LogEntryRepository) {}

  invalidate(): void {
    this.checkedAt = Number.NEGATIVE_INFINITY;
  }

  /**
   * The index of the newest key entry the folded histories reflect (looked up as `of` does): a
   * check computed from the histories holds while this is unchanged.
   */
  async generation(): Promise<number> {
    await this.refresh(false);
    return this.seen;
  }

  async of(
    memberIds: readonly string[],
    options: { fresh?: boolean } = {},
  ): Promise<MemberKeyHistories> {
    await this.refresh(options.fresh === true);
    const missing = [...new Set(memberIds)].filter((id) => !this.folded.has(id));
    if (missing.length > 0) {
      const rows = await this.entries.keyEntries(missing);
      if (this.folded.size + missing.length > 100_000) this.folded.clear();
      for (const id of missing) this.folded.set(id, foldMember(rows, id));
    }
    return new Map(memberIds.map((id) => [id, this.folded.get(id)!]));
  }

  private async refresh(fresh: boolean): Promise<void> {
    const now = performance.now();
    if (!fresh && now - this.checkedAt < KEY_HISTORY_RECHECK_MS) return;
    const last = await this.entries.lastKeyIndex();
    this.checkedAt = now;
    if (last !== this.seen) {
      this.folded.clear();
      this.seen = last;
    }
  }
}

/** The marker and one member's key events, folded. */
export function foldMember(rows: readonly EntryRow[], memberId: string): KeyHistories | KeyFailure {
  const mine = rows.filter((row) => row.kind === 'keys-begin' || row.keyMemberId === memberId);
  const folded = KeyHistories.fold(mine.map((row) => ({ index: row.idx, entry: row.entry })));
  return 'histories' in folded ? folded.histories : folded;
}
