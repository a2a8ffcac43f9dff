import { signApplication } from '@convene/protocol';
import { signedApplication } from '@convene/test-support';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { migrateToLatest } from '../../src/db/migrate.js';
import { MIGRATIONS } from '../../src/db/migrations/index.js';
import { displayNameKey } from '../../src/swarm/members/names.js';
import { createTestApp, type TestContext } from '../support/app.js';
import { createEmptyDatabase, describeEachDatabase } from '../support/databases.js';
import { applyMember } from '../support/swarm.js';
import { secondApp } from './session-support.js';

/*
 * Display names are unique among members, compared after NFKC, lower case and whitespace trimmed
 * and collapsed (issue 46, item 6: the docs' example made a second "Athena" beside the house
 * member ranked #1). The unique index on member.name_key is the truth, so a race gives one member.
 */

const apply = async (app: FastifyInstance, name: string) => {
  const { body } = await signedApplication(name);
  return app.inject({ method: 'POST', url: '/api/swarm/apply', payload: body });
};

const taken = (name: string) => ({
  ok: false,
  status: 409,
  error: `display name already taken: ${name}`,
  code: 'display_name_taken',
});

test('the key: NFKC, lower case, whitespace trimmed and collapsed', () => {
  expect(displayNameKey('Hestia Ledger')).toBe('hestia ledger');
  expect(displayNameKey('ＨＥＳＴＩＡ\u3000Ｌｅｄｇｅｒ')).toBe('hestia ledger');
  expect(displayNameKey(' \tHestia \u00a0  Ledger\n')).toBe('hestia ledger');
  expect(displayNameKey('ﬁnch')).toBe('finch');
  expect(displayNameKey('Hestia Ledgers')).not.toBe(displayNameKey('Hestia Ledger'));
});

describeEachDatabase('display names are unique after normalisation', (kind) => {
  let ctx: TestContext;
  const members = async () =>
    Number(
      (
        await ctx.testDb.database.db
          .selectFrom('member')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeAll(async () => {
    ctx = await createTestApp(kind);
  });
  afterAll(async () => {
    await ctx.close();
  });

  test('the same name in another case, in full-width letters or with other spaces: 409, nothing recorded', async () => {
    expect((await apply(ctx.app, 'Hestia Ledger')).statusCode).toBe(201);
    const before = await members();
    for (const name of [
      'Hestia Ledger',
      'hestia ledger',
      'HESTIA LEDGER',
      'ＨＥＳＴＩＡ Ｌｅｄｇｅｒ',
      '  Hestia   Ledger ',
      'Hestia\u00a0Ledger',
    ]) {
      const response = await apply(ctx.app, name);
      expect(response.statusCode, name).toBe(409);
      expect(response.json(), name).toEqual(taken(name));
    }
    expect(await members()).toBe(before);

    const distinct = await apply(ctx.app, 'Hestia Ledgers');
    expect(distinct.statusCode).toBe(201);
    expect(await members()).toBe(before + 1);
  });

  test("re-applying with the pending key may keep one's own name, not take another's", async () => {
    const first = await applyMember(ctx.app, 'Iris Quant');
    await applyMember(ctx.app, 'Juno Quant');
    const reapply = async (name: string) => {
      const application = { ...first.application, name };
      return ctx.app.inject({
        method: 'POST',
        url: '/api/swarm/apply',
        payload: { ...application, signature: await signApplication(application, first.seed) },
      });
    };
    const own = await reapply('IRIS  quant');
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ memberId: first.memberId });

    const other = await reapply('juno quant');
    expect(other.statusCode).toBe(409);
    expect(other.json()).toEqual(taken('juno quant'));
    const row = await ctx.testDb.database.db
      .selectFrom('member')
      .select(['display_name', 'name_key'])
      .where('id', '=', first.memberId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ display_name: 'IRIS  quant', name_key: 'iris quant' });
  });

  test('applicants racing for one name, through two replicas: exactly one is admitted', async () => {
    const other = await secondApp(ctx);
    try {
      const names = [
        'Kore Signal',
        'kore signal',
        'KORE SIGNAL',
        'Kore  Signal',
        'ＫＯＲＥ Signal',
      ];
      const responses = await Promise.all(
        names.map((name, i) => apply(i % 2 === 0 ? ctx.app : other.app, name)),
      );
      const statuses = responses.map((r) => r.statusCode).sort();
      expect(statuses).toEqual([201, 409, 409, 409, 409]);
      responses.forEach((response, i) => {
        if (response.statusCode === 409) expect(response.json()).toEqual(taken(names[i]!));
      });
      const rows = await ctx.testDb.database.db
        .selectFrom('member')
        .select('id')
        .where('name_key', '=', 'kore signal')
        .execute();
      expect(rows).toHaveLength(1);
    } finally {
      await other.close();
    }
  });
});

describe('migration 0025 over names that already collide', () => {
  describeEachDatabase('the oldest keeps the key, later duplicates are left NULL', (kind) => {
    test('backfill, then the index holds', async () => {
      const empty = await createEmptyDatabase(kind);
      try {
        const { database } = empty;
        await migrateToLatest(database, MIGRATIONS.slice(0, BEFORE));
        const db = database.db;
        const rows: Array<[string, string, string]> = [
          ['a0000000-0000-4000-8000-000000000001', 'athena', 'Athena'],
          ['b0000000-0000-4000-8000-000000000001', 'athena-2', ' athena '],
          ['c0000000-0000-4000-8000-000000000001', 'athena-3', 'ＡＴＨＥＮＡ'],
          ['d0000000-0000-4000-8000-000000000001', 'minerva', 'Minerva   Quant'],
        ];
        for (const [i, [id, handle, name]] of rows.entries()) {
          await sql`insert into member (id, handle, display_name, status, applied_at)
            values (${id}, ${handle}, ${name}, 'active', ${new Date(Date.UTC(2026, 0, 1 + i))})`.execute(
            db,
          );
        }
        await migrateToLatest(database);

        const keys = await db
          .selectFrom('member')
          .select(['handle', 'name_key'])
          .orderBy('handle')
          .execute();
        expect(keys).toEqual([
          { handle: 'athena', name_key: 'athena' },
          { handle: 'athena-2', name_key: null },
          { handle: 'athena-3', name_key: null },
          { handle: 'minerva', name_key: 'minerva quant' },
        ]);
        // The SQL backfill computes the service's key.
        for (const [, handle, name] of rows) {
          const key = keys.find((k) => k.handle === handle)!.name_key;
          if (key !== null) expect(key).toBe(displayNameKey(name));
        }
        await expect(
          sql`insert into member (id, handle, display_name, name_key, status, applied_at)
            values ('e0000000-0000-4000-8000-000000000001', 'athena-4', 'Athena', 'athena', 'applied', now())`.execute(
            db,
          ),
        ).rejects.toMatchObject({ code: '23505', constraint: 'member_name_key' });
      } finally {
        await empty.destroy();
      }
    });
  });
});

const BEFORE = MIGRATIONS.findIndex((m) => m.name === '0025-member-name-key');
