/**
 * The log's integrity check (issue 45): a server that lost acknowledged takes (two processes on one
 * embedded database, a restored backup, a damaged disk) must never answer "ok". At start it checks
 * every entry against its stored row and its tree leaf, and every row the log should hold against
 * its entry; any gap degrades /health with the reason, lists every problem in the admin status and
 * raises an alarm. Here the rows are damaged as an insider would (past every trigger), then the check
 * runs as a start runs it.
 */
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { integrityProblems } from '../../src/tlog/integrity.js';
import type { IntegritySurvey } from '../../src/tlog/integrity-repository.js';
import { TEST_ADMIN_TOKEN } from '../support/app.js';
import { describeEachDatabase } from '../support/databases.js';
import { logFixture, type LogFixture } from './log-fixture.js';

describeEachDatabase('the log and its rows are checked against each other at start', (kind) => {
  let log: LogFixture;
  const filed: Array<{ recommendationId: number; logIndex: number }> = [];

  beforeEach(async () => {
    log = await logFixture(kind);
    filed.length = 0;
    const member = await log.member();
    for (let i = 0; i < 5; i++) filed.push(await log.fileTake(member));
    await log.checkpoint();
  });
  afterEach(async () => {
    await log.ctx.close();
  });

  const health = async () => (await log.ctx.app.inject({ url: '/health' })).json();
  const integrity = async () =>
    (
      await log.ctx.app.inject({
        url: '/api/admin/status',
        headers: { 'x-admin-token': TEST_ADMIN_TOKEN },
      })
    ).json().log.integrity;
  const problemsGauge = async () =>
    /^convene_tlog_integrity_problems (\d+)$/m.exec(
      (await log.ctx.app.inject({ url: '/metrics' })).body,
    )?.[1];
  const takeAt = (logIndex: number) =>
    log.ctx.testDb.database.db
      .selectFrom('take')
      .select(['id', 'recommendation_id'])
      .where('log_index', '=', logIndex)
      .executeTakeFirstOrThrow();
  /** Loses a take as two processes on one database did: its row, nonce and log position gone. */
  const loseTake = async (logIndex: number) => {
    const take = await takeAt(logIndex);
    await log.tamper(sql`delete from nonce_ledger where take_id = ${take.id}`);
    await log.tamper(sql`delete from take where id = ${take.id}`);
  };

  test('an intact log: ok everywhere, and the check counts its entries', async () => {
    expect(await log.ctx.app.convene.tlog.checkIntegrity()).toEqual([]);
    expect(await health()).toMatchObject({ status: 'ok', transparency_log: 'ok' });
    const checked = await integrity();
    expect(checked).toMatchObject({ state: 'ok', problems: [] });
    // The member's application and activation, then five takes.
    expect(checked.entries).toBe(filed.at(-1)!.logIndex + 1);
    expect(await problemsGauge()).toBe('0');
  });

  test('an acknowledged take lost from the middle: degraded, naming the missing index and the unmatched leaf', async () => {
    const lost = filed[2]!.logIndex;
    await loseTake(lost);
    const problems = await log.ctx.app.convene.tlog.checkIntegrity();
    const next = filed.at(-1)!.logIndex + 1;
    expect(problems).toEqual([
      `1 entry missing below index ${next}: the first is index ${lost}`,
      `1 tree leaf has no stored entry with its hash (entries lost or replaced): the first is index ${lost}`,
    ]);
    const answer = await health();
    expect(answer.status).toBe('degraded');
    expect(answer.transparency_log).toBe(
      `inconsistent: ${problems[0]} (+1 more, in the admin status)`,
    );
    expect(answer.reason).toContain(`transparency log: inconsistent: ${problems[0]}`);
    expect(await integrity()).toMatchObject({ state: 'inconsistent', problems });
    expect(await problemsGauge()).toBe('2');
    const alarms = (await log.ctx.app.inject({ url: '/metrics' })).body;
    expect(alarms).toMatch(/^convene_tlog_alarms_total\{kind="integrity_failed"\} 1$/m);
  });

  test('the last takes lost and their indices handed out again (the 246 takes): every replaced leaf is named', async () => {
    const [first, second] = [filed[3]!.logIndex, filed[4]!.logIndex];
    await loseTake(second);
    await loseTake(first);
    // The next submits reuse the freed indices: no index is missing, but the tree's leaves there
    // are the lost takes', not these.
    const member = await log.member();
    expect((await log.fileTake(member)).logIndex).toBe(first + 2);
    const problems = await log.ctx.app.convene.tlog.checkIntegrity();
    expect(problems).toEqual([
      `2 tree leaves have no stored entry with their hash (entries lost or replaced): the first is index ${first}`,
    ]);
    expect((await health()).status).toBe('degraded');
  });

  test('a take whose entry is gone (its row kept) is named as not in the log, once a minute old', async () => {
    const index = filed[1]!.logIndex;
    const take = await takeAt(index);
    await log.tamper(sql`update take set log_index = null, leaf_hash = null where id = ${take.id}`);
    const fresh = await log.ctx.app.convene.tlog.checkIntegrity();
    expect(fresh).not.toContain('1 accepted take older than 60 s not in the log');
    log.ctx.clock.advance(61_000);
    const problems = await log.ctx.app.convene.tlog.checkIntegrity();
    expect(problems).toContain('1 accepted take older than 60 s not in the log');
    expect(problems).toContain(
      `1 tree leaf has no stored entry with its hash (entries lost or replaced): the first is index ${index}`,
    );
  });

  test('a restart runs the check: the app answers degraded from its first /health', async () => {
    await loseTake(filed[0]!.logIndex);
    // What onReady runs at every start: recovery, a checkpoint, then the check.
    await log.ctx.app.convene.tlog.start(false);
    expect((await health()).status).toBe('degraded');
    expect((await integrity()).state).toBe('inconsistent');
  });
});

describe('integrity problems, as sentences', () => {
  const intact: IntegritySurvey = {
    stored: 10,
    distinctIndices: 10,
    nextIndex: 10,
    firstMissing: null,
    head: 10,
    leaves: 10,
    matchingLeaves: 10,
    firstUnmatchedLeaf: null,
    orphans: { take: 0, receipt: 0, outcome: 0 },
    unlogged: { take: 0, receipt: 0 },
  };

  test('none for an intact log', () => {
    expect(integrityProblems(intact)).toEqual([]);
  });

  test('each kind of gap, counted', () => {
    expect(
      integrityProblems({
        ...intact,
        stored: 1_300,
        distinctIndices: 1_298,
        nextIndex: 2_000,
        firstMissing: 754,
        head: 1_999,
        leaves: 1_990,
        matchingLeaves: 1_744,
        firstUnmatchedLeaf: 754,
        orphans: { take: 0, receipt: 1, outcome: 3 },
        unlogged: { take: 2, receipt: 1 },
      }),
    ).toEqual([
      '2 log indices are held twice',
      '702 entries missing below index 2000: the first is index 754',
      '246 tree leaves have no stored entry with their hash (entries lost or replaced): the first is index 754',
      'the tree head says 1999 leaves but 1990 are stored',
      '1 receipt entry names a receipt no longer stored',
      '3 outcome entries name outcomes no longer stored',
      '2 accepted takes older than 60 s not in the log',
      '1 published receipt older than 60 s not in the log',
    ]);
  });
});
