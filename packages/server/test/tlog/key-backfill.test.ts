import {
  advanceMonitor,
  bytesToBase64,
  canonicalTake,
  EMPTY_MONITOR_STATE,
  formatVerifierKey,
  generateKeyPair,
  KEY_REASONS,
  KeyHistories,
  logEntryLeafHash,
  MemoryMerkleTree,
  parseLogEntry,
  publicKeyFromSeed,
  signCheckpoint,
  signTake,
  takeLogEntry,
  utf8Encode,
  type KeyPair,
} from '@convene/protocol';
import { sql } from 'kysely';
import { expect, test } from 'vitest';
import { migrateToLatest } from '../../src/db/migrate.js';
import { MIGRATIONS } from '../../src/db/migrations/index.js';
import { createEmptyDatabase, describeEachDatabase } from '../support/databases.js';

/*
 * A log from before member keys were logged (migration 0018): its takes stay valid by the legacy
 * rule (the key is one the member held, listed by its `imported` event), every take after the
 * marker is checked strictly, and the entries the migration writes in SQL are exactly the RFC 8785
 * text the protocol parses, with their leaf hashes.
 */
const BEFORE = MIGRATIONS.findIndex((m) => m.name === '0018-member-key-log');
const A = 'a0000000-0000-4000-8000-0000000000a1';
const B = 'a0000000-0000-4000-8000-0000000000b2';

async function legacyTake(memberId: string, keys: KeyPair, takeId: string): Promise<string> {
  const draft = {
    memberId,
    date: '2026-05-01',
    subjectId: 'robotmoney-allocation',
    nonce: `n-${takeId}`,
    stance: 'bullish' as const,
    confidence: 0.7,
  };
  return takeLogEntry({
    takeId,
    sessionId: 'b0000000-0000-4000-8000-000000000001',
    memberId,
    revision: 1,
    receivedAt: '2026-05-01T10:00:00.000Z',
    publicKey: keys.publicKey,
    canonical_submission: canonicalTake(draft),
    signature: await signTake(draft, keys.secretKey),
  });
}

describeEachDatabase('the key history of a log that began without one', (kind) => {
  test('the migration appends the marker and one imported event per member; legacy takes need a held key, later ones an active key', async () => {
    const empty = await createEmptyDatabase(kind);
    const { database } = empty;
    const drop = () => empty.destroy();
    try {
      await migrateToLatest(database, MIGRATIONS.slice(0, BEFORE));
      const [old, current, pending, planted] = await Promise.all([
        generateKeyPair(),
        generateKeyPair(),
        generateKeyPair(),
        generateKeyPair(),
      ]);
      const db = database.db;
      const at = new Date('2026-04-01T00:00:00Z');
      await sql`insert into member (id, handle, display_name, status, role, applied_at)
        values (${A}, 'alpha', 'Alpha', 'active', 'member', ${at}),
               (${B}, 'beta', 'Beta', 'applied', 'member', ${new Date(at.getTime() + 1000)})`.execute(
        db,
      );
      await sql`insert into member_key (member_id, public_key, state, created_at)
        values (${A}, ${old.publicKey}, 'retired', ${at}),
               (${A}, ${current.publicKey}, 'active', ${at}),
               (${B}, ${pending.publicKey}, 'pending', ${at})`.execute(db);
      const legacy = [
        await legacyTake(A, old, 'c0000000-0000-4000-8000-000000000001'),
        await legacyTake(A, planted, 'c0000000-0000-4000-8000-000000000002'),
      ];
      await db.transaction().execute(async (trx) => {
        await sql`set local session_replication_role = replica`.execute(trx);
        for (const [idx, entry] of legacy.entries()) {
          const takeId = (parseLogEntry(entry) as { entry: { takeId: string } }).entry.takeId;
          await sql`insert into tlog_entry (idx, leaf_hash, kind, take_id, entry)
            values (${idx}, ${Buffer.from(logEntryLeafHash(entry))}, 'take', ${takeId}, ${entry})`.execute(
            trx,
          );
        }
      });

      await migrateToLatest(database);

      const { rows } = await sql<{
        idx: number | string;
        kind: string;
        entry: string;
        leaf_hash: Uint8Array;
      }>`
        select idx, kind, entry, leaf_hash from tlog_entry order by idx`.execute(db);
      expect(rows.map((r) => [Number(r.idx), r.kind])).toEqual([
        [0, 'take'],
        [1, 'take'],
        [2, 'keys-begin'],
        [3, 'key'],
        [4, 'key'],
      ]);
      for (const row of rows) {
        // Exactly the canonical text the protocol parses, and its leaf hash.
        expect(parseLogEntry(row.entry)).toMatchObject({ ok: true });
        expect(bytesToBase64(new Uint8Array(row.leaf_hash))).toBe(
          bytesToBase64(logEntryLeafHash(row.entry)),
        );
      }
      expect(JSON.parse(rows[2]!.entry)).toMatchObject({ members: 2 });
      expect(JSON.parse(rows[3]!.entry)).toMatchObject({
        memberId: A,
        event: 'imported',
        activeKey: current.publicKey,
        pendingKey: null,
        heldKeys: [old.publicKey, current.publicKey],
      });
      expect(JSON.parse(rows[4]!.entry)).toMatchObject({
        memberId: B,
        activeKey: null,
        pendingKey: pending.publicKey,
        status: 'applied',
      });

      const entries = rows.map((r) => ({ index: Number(r.idx), entry: r.entry }));
      const folded = KeyHistories.fold(entries);
      if (!('histories' in folded)) throw new Error(folded.message);
      const histories = folded.histories;
      const check = (key: KeyPair, index: number) =>
        histories.checkTake({ memberId: A, publicKey: key.publicKey }, index)?.code ?? null;
      expect(check(old, 0)).toBeNull(); // legacy, a key A held
      expect(check(planted, 1)).toBe(KEY_REASONS.notLogged); // legacy, a key A never held
      expect(check(current, 5)).toBeNull(); // after the marker: A's active key
      expect(check(old, 5)).toBe(KEY_REASONS.notActive); // the legacy rule never applies again

      // A monitor walking from 0 defers the legacy takes to the imports, then fails the planted one.
      const seed = bytesToBase64(new Uint8Array(32).fill(0x4c));
      const origin = 'backfill.test/log';
      const logKey = formatVerifierKey(origin, await publicKeyFromSeed(seed));
      const tree = new MemoryMerkleTree();
      for (const { entry } of entries) tree.appendEntry(utf8Encode(entry));
      const checkpoint = await signCheckpoint(
        { origin, size: tree.size, rootHash: tree.root() },
        seed,
      );
      const step = await advanceMonitor(
        EMPTY_MONITOR_STATE,
        checkpoint,
        entries.map((e) => e.entry),
        { logKey },
      );
      expect(step.ok).toBe(false);
      if (!step.ok)
        expect({ code: step.code, index: step.index }).toEqual({
          code: KEY_REASONS.notLogged,
          index: 1,
        });
    } finally {
      await drop();
    }
  });
});
