import { bytesToBase64, logEntryLeafHash, outcomeLogEntry } from '@convene/protocol';
import type { Tx } from '../db/transactor.js';
import type { LogEntryRepository, LogPosition } from './entry-repository.js';

/**
 * Outcome records into the log in the transaction that stores them (docs/methodology.md §6), the
 * way key events are: `lockIndex` first (the log's index lock, before any row), then the outcome's
 * row, then `append` at that index. An outcome is stored and logged together or not at all.
 */
export class OutcomeEntryLog {
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

  /** Appends the outcome entries of `records` (their rows already stored) from `index` on. */
  async append(
    trx: Tx,
    index: number,
    records: ReadonlyArray<{ sessionId: string; horizonDays: number }>,
  ): Promise<LogPosition[]> {
    const entries = records.map((record, i) => {
      const entry = outcomeLogEntry(record);
      return {
        idx: index + i,
        leafHash: logEntryLeafHash(entry),
        kind: 'outcome' as const,
        subject: record.sessionId,
        horizonDays: record.horizonDays,
        entry,
      };
    });
    // 50 entries (about 150 KB) per statement, so no statement runs long on PGlite's thread.
    for (let i = 0; i < entries.length; i += 50)
      await this.entries.appendEntries(entries.slice(i, i + 50), trx);
    if (entries.length > 0) this.onAppended();
    return entries.map((e) => ({ logIndex: e.idx, leafHash: bytesToBase64(e.leafHash) }));
  }
}
