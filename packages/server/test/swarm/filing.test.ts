import { canonicalTake, logEntryLeafHash, signTake, takeLogEntry } from '@convene/protocol';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { TakeFiler } from '../../src/swarm/takes/filing.js';
import { TakeRepository, type TakeToFile } from '../../src/swarm/takes/repository.js';
import { LogEntryRepository } from '../../src/tlog/entry-repository.js';
import { createTestApp, type TestContext } from '../support/app.js';
import { describeEachDatabase } from '../support/databases.js';
import { draft, newMember, newSession, newSubject, type TestMember } from '../support/swarm.js';

/*
 * The batched write path (0014-tlog-at-submit): takes that arrive together are filed in one
 * statement, yet each succeeds or fails on its own, with the error a lone insert would raise, and
 * the accepted ones get consecutive log indices in the order they were filed.
 */
describeEachDatabase('filing takes in batches', (kind) => {
  let ctx: TestContext;
  let alice: TestMember;
  let bob: TestMember;
  let sessionId: string;
  let keys: Map<string, number>;

  beforeAll(async () => {
    ctx = await createTestApp(kind);
    const db = ctx.testDb.database.db;
    alice = await newMember(ctx.app, 'Alice');
    bob = await newMember(ctx.app, 'Bob');
    await newSubject(db);
    sessionId = await newSession(db, {
      subjectId: 'convene-treasury',
      date: '2026-06-01',
      convenedAt: ctx.clock.now(),
      roster: [alice.memberId, bob.memberId],
    });
    const rows = await db.selectFrom('member_key').select(['id', 'member_id']).execute();
    keys = new Map(rows.map((row) => [row.member_id, Number(row.id)]));
  });
  afterAll(async () => {
    await ctx.close();
  });

  async function takeOf(member: TestMember, revision: number, nonce?: string) {
    const take = draft(member, nonce === undefined ? {} : { nonce });
    const signature = await signTake(take, member.seed);
    const id = crypto.randomUUID();
    const receivedAt = ctx.clock.now();
    const canonical = canonicalTake(take);
    const entry = takeLogEntry({
      canonical_submission: canonical,
      memberId: member.memberId,
      publicKey: member.publicKey,
      receivedAt: receivedAt.toISOString(),
      revision,
      sessionId,
      signature,
      takeId: id,
    });
    return {
      take: {
        id,
        sessionId,
        memberId: member.memberId,
        revision,
        keyId: keys.get(member.memberId)!,
        nonce: take.nonce,
        stance: take.stance,
        confidence: take.confidence,
        body: take.body ?? '',
        memoUrl: '',
        weights: null,
        canonical,
        signature,
        publicKey: member.publicKey,
        receivedAt: receivedAt,
      },
      leafHash: logEntryLeafHash(entry),
    } satisfies TakeToFile;
  }

  test('one statement, each take on its own: a replayed nonce and a lost revision fail alone', async () => {
    const repository = new TakeRepository(ctx.testDb.database.db);
    const first = await takeOf(alice, 1, 'shared-nonce');
    const replay = await takeOf(alice, 2, 'shared-nonce');
    const bobs = await takeOf(bob, 1);
    const race = await takeOf(bob, 1);
    const results = await repository.fileTakes([first, replay, bobs, race]);
    expect(results.map((r) => r.ok)).toEqual([true, false, true, false]);
    expect(results[1]).toMatchObject({
      ok: false,
      error: { code: '23505', constraint: 'nonce_ledger_pkey' },
    });
    expect(results[3]).toMatchObject({
      ok: false,
      error: { code: '23505', constraint: 'take_revision_unique' },
    });
    const [a, , b] = results as Array<{ logIndex: number }>;
    expect(b!.logIndex).toBe(a!.logIndex + 1);
    // Nothing of the refused takes was stored, everything of the accepted ones was.
    const db = ctx.testDb.database.db;
    const stored = await db
      .selectFrom('take')
      .select('id')
      .where('session_id', '=', sessionId)
      .execute();
    expect(stored.map((r) => r.id).sort()).toEqual([first.take.id, bobs.take.id].sort());
    const entries = await db
      .selectFrom('tlog_entries')
      .select(['idx', 'take_id'])
      .where('take_id', 'in', [first.take.id, replay.take.id, bobs.take.id, race.take.id])
      .orderBy('idx')
      .execute();
    expect(entries.map((e) => e.take_id)).toEqual([first.take.id, bobs.take.id]);
    // The refused takes used no index: the next one is right after the last filed.
    expect(await new LogEntryRepository(db).nextIndex()).toBe(b!.logIndex + 1);
  });

  test('takes arriving together share one statement, and so do those arriving while it is in flight', async () => {
    const repository = new TakeRepository(ctx.testDb.database.db);
    const batches: number[] = [];
    const counting = Object.assign(Object.create(repository) as TakeRepository, {
      fileTakes: (takes: readonly TakeToFile[]) => {
        batches.push(takes.length);
        return repository.fileTakes(takes);
      },
    });
    const filer = new TakeFiler(counting);
    const takes = [
      await takeOf(alice, 2),
      await takeOf(alice, 3),
      await takeOf(alice, 4),
      await takeOf(bob, 2),
    ];
    const first = filer.file(takes[0]!);
    const second = filer.file(takes[1]!);
    // The first two go out together after this turn; the two arriving meanwhile share the next.
    await new Promise((resolve) => setImmediate(resolve));
    const rest = takes.slice(2).map((take) => filer.file(take));
    const results = await Promise.all([first, second, ...rest]);
    expect(results.every((r) => r.ok)).toBe(true);
    expect(batches).toEqual([2, 2]);
    const indices = results.map((r) => (r.ok ? r.logIndex! : -1));
    expect(indices).toEqual([indices[0]!, indices[0]! + 1, indices[0]! + 2, indices[0]! + 3]);
  });
});
