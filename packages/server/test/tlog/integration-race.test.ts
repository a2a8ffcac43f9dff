import { leafHash, MerkleFrontier, treeRootPlan, utf8Encode } from '@convene/protocol';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { openPostgres } from '../../src/db/postgres.js';
import type { Database } from '../../src/db/database.js';
import { LogEntryRepository } from '../../src/tlog/entry-repository.js';
import { TlogSequencer } from '../../src/tlog/sequencer.js';
import { LogTreeRepository, nodeKey } from '../../src/tlog/tree-repository.js';
import {
  createTestDatabase,
  describeEachDatabase,
  type TestDatabase,
} from '../support/databases.js';

const entryText = (index: number) => `{"race":${index}}`;

/** Appends `count` receipt-kind entries at the next indices, as the index lock hands them out. */
async function appendEntries(entries: LogEntryRepository, count: number): Promise<void> {
  await entries.withLockedIndex(async (trx, next) => {
    await entries.appendEntries(
      Array.from({ length: count }, (_, i) => ({
        idx: next + i,
        leafHash: leafHash(utf8Encode(entryText(next + i))),
        kind: 'take' as const,
        subject: crypto.randomUUID(),
        entry: entryText(next + i),
      })),
      trx,
    );
  });
}

describeEachDatabase('integrators racing', (kind) => {
  let testDb: TestDatabase;
  const replicas: Database[] = [];

  beforeAll(async () => {
    testDb = await createTestDatabase(kind);
    // Synthetic entries name no real take.
    await sql`alter table tlog_entry drop constraint tlog_entry_take_id_fkey`.execute(
      testDb.database.db,
    );
    // On PostgreSQL each "replica" has its own pool; PGlite has one process, so its sequencers share it.
    for (let i = 0; i < 3; i++) {
      replicas.push(
        kind === 'postgres' ? openPostgres({ connectionString: testDb.url! }) : testDb.database,
      );
    }
  });
  afterAll(async () => {
    for (const replica of replicas) if (replica !== testDb.database) await replica.close();
    await testDb.destroy();
  });

  test('several sequencers integrating while entries arrive build the tree once: every entry, the right root', async () => {
    const sequencers = replicas.map(
      (replica) =>
        new TlogSequencer({
          entries: new LogEntryRepository(replica.db),
          tree: new LogTreeRepository(replica.db),
        }),
    );
    const writer = new LogEntryRepository(testDb.database.db);
    const tree = new LogTreeRepository(testDb.database.db);
    // Entries already there: the keys-begin marker every log opens with.
    const base = await writer.nextIndex();
    const existing = await writer.entriesInRange(0, base);
    const rounds = 40;
    await Promise.all([
      (async () => {
        for (let round = 0; round < rounds; round++) await appendEntries(writer, 1 + (round % 7));
      })(),
      ...sequencers.map(async (sequencer) => {
        for (let round = 0; round < rounds; round++) await sequencer.integrate();
      }),
    ]);
    for (const sequencer of sequencers) await sequencer.integrate();

    const total = await writer.nextIndex();
    expect(total).toBe(
      base + Array.from({ length: rounds }, (_, r) => 1 + (r % 7)).reduce((a, b) => a + b),
    );
    expect(await tree.headSize()).toBe(total);
    const frontier = new MerkleFrontier();
    for (const entry of existing) frontier.appendLeafHash(entry.leafHash);
    for (let i = base; i < total; i++) frontier.appendLeafHash(leafHash(utf8Encode(entryText(i))));
    const plan = treeRootPlan(total);
    const { nodes } = await tree.integrationInputs(total, 1, plan);
    // The stored frontier is the frontier of the entries' own tree: its root is the tree's root.
    const stored = new MerkleFrontier(
      total,
      plan.map((node) => ({ ...node, hash: nodes.get(nodeKey(node.level, node.index))! })),
    );
    expect(Buffer.from(stored.root())).toEqual(Buffer.from(frontier.root()));
    // Every level-0 node once, one per entry: no integrator stored a run another had stored.
    const { rows } = await sql<{
      n: string;
    }>`select count(*) as n from tlog_node where level = 0`.execute(testDb.database.db);
    expect(Number(rows[0]!.n)).toBe(total);
  });
});
