import { bytesToBase64, logEntryLeafHash, outcomeLogEntry } from '@convene/protocol';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import { TlogRepository } from './repository.js';

/** Where an outcome entry landed. */
export interface OutcomePosition {
  logIndex: number;
  leafHash: string;
}

/**
 * Outcome records into the log in the transaction that stores them (docs/methodology.md §6), the
 * way key events are: `lockIndex` first (the log's index lock, before any row), then the outcome's
 * row, then `append` at that index. An outcome is stored and logged together or not at all.
 */
export class OutcomeEntryLog {
  constructor(private readonly onAppended: () => void = () => undefined) {}

  /** Takes the log's index lock for the caller's transaction; returns the next free index. */
  async lockIndex(trx: Kysely<DB>): Promise<number> {
    let next = 0;
    await new TlogRepository(trx).withLockedIndexIn(async (index) => {
      next = index;
    });
    return next;
  }

  /** Appends the outcome entries of `records` (their rows already stored) from `index` on. */
  async append(
    trx: Kysely<DB>,
    index: number,
    records: ReadonlyArray<{ sessionId: string; horizonDays: number }>,
  ): Promise<OutcomePosition[]> {
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
    await new TlogRepository(trx).appendEntries(entries);
    if (entries.length > 0) this.onAppended();
    return entries.map((e) => ({ logIndex: e.idx, leafHash: bytesToBase64(e.leafHash) }));
  }
}
