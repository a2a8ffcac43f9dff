import type { Stance, Weight } from '@convene/protocol';
import type { Kysely } from 'kysely';
import type { DB } from '../../../src/db/schema.js';
import type { TestContext } from '../../support/app.js';
import { signed, submit, type TestMember } from '../../support/swarm.js';
import { adminPost } from '../session-support.js';

/** Two test series: `aave` follows TESTA, `service_token` TESTB (docs/methodology.md §2). */
export const TRACK_ENV = {
  TRACK_RECORD_SERIES: 'aave=regime:TESTA,service_token=regime:TESTB',
  TRACK_RECORD_MIN_TAKES: '2',
  TRACK_RECORD_HORIZONS: '7,30',
};

export async function insertObservations(
  db: Kysely<DB>,
  key: string,
  points: ReadonlyArray<[string, number]>,
): Promise<void> {
  await db
    .insertInto('regime_series')
    .values({ key, source: 'test', provenance: 'fixture' })
    .onConflict((c) => c.column('key').doNothing())
    .execute();
  await db
    .insertInto('regime_observation')
    .values(points.map(([date, value]) => ({ series_key: key, date, value })))
    .onConflict((c) =>
      c.columns(['series_key', 'date']).doUpdateSet({ value: (eb) => eb.ref('excluded.value') }),
    )
    .execute();
}

/**
 * A treasury-like subject of its own (bucket weights, the allocation targets as its reference)
 * whose wallet holds `holdings` by bucket, plus a USDC balance without a bucket.
 */
export async function treasurySubject(
  db: Kysely<DB>,
  holdings: ReadonlyArray<{ bucket: string; valueUsd: number }>,
): Promise<string> {
  const id = `treasury-${crypto.randomUUID().slice(0, 8)}`;
  const wallet = `0x${crypto.randomUUID().replaceAll('-', '').padEnd(40, '0').slice(0, 40)}`;
  await db
    .insertInto('treasury_wallet')
    .values({ address: wallet, name: id, kind: 'protocol', tracked_since: '2026-01-01' })
    .execute();
  await db
    .insertInto('wallet_holding')
    .values(
      [...holdings, { bucket: null, valueUsd: 5_000 }].map((h, i) => ({
        wallet_address: wallet,
        asset: `ASSET${i}`,
        bucket: h.bucket,
        amount: h.valueUsd,
        price_usd: 1,
        value_usd: h.valueUsd,
        provenance: 'seed' as const,
        as_of: new Date('2026-05-01T00:00:00Z'),
      })),
    )
    .execute();
  await db
    .insertInto('subject')
    .values({
      id,
      name: `Subject ${id}`,
      recommendation_type: 'bucket_weights',
      source: 'treasury',
      wallets: JSON.stringify([{ address: wallet }]),
      quorum_required: 1,
    })
    .execute();
  return id;
}

/**
 * A subject that is not the treasury (so no reference allocation) whose one wallet declares
 * `positions`; its snapshot holds exactly them.
 */
export async function declaredSubject(
  db: Kysely<DB>,
  positions: ReadonlyArray<{ bucket: string | null; valueUsd: number }>,
): Promise<string> {
  const id = `declared-${crypto.randomUUID().slice(0, 8)}`;
  await db
    .insertInto('subject')
    .values({
      id,
      name: `Subject ${id}`,
      recommendation_type: 'bucket_weights',
      wallets: JSON.stringify([
        {
          address: `0x${'d'.repeat(40)}`,
          positions: positions.map((p, i) => ({ asset: `ASSET${i}`, amount: 1, ...p })),
        },
      ]),
      quorum_required: 1,
    })
    .execute();
  return id;
}

export interface PlannedTake {
  member: TestMember;
  stance: Stance;
  confidence: number;
  weights?: Weight[];
}

/**
 * Opens a session of `subjectId` on the clock's date, files each take in `rounds` in order (a
 * member named again files a revision), publishes it (forced when nobody filed) and returns its id.
 */
export async function publishedSession(
  ctx: TestContext,
  subjectId: string,
  rounds: ReadonlyArray<readonly PlannedTake[]>,
): Promise<string> {
  const date = ctx.clock.now().toISOString().slice(0, 10);
  const opened = await adminPost(ctx.app, '/api/swarm/admin/sessions', {
    subjectId,
    date,
    windowClosesAt: new Date(ctx.clock.now().getTime() + 3_600_000).toISOString(),
  });
  if (opened.statusCode !== 201) throw new Error(opened.body);
  const sessionId = opened.json<{ sessionId: string }>().sessionId;
  for (const round of rounds) {
    for (const take of round) {
      const body = await signed(take.member, {
        date,
        subjectId,
        stance: take.stance,
        confidence: take.confidence,
        ...(take.weights === undefined ? {} : { weights: take.weights }),
      });
      const response = await submit(ctx.app, take.member.token, body);
      if (response.statusCode !== 201) throw new Error(response.body);
    }
  }
  const nobody = rounds.every((round) => round.length === 0);
  const published = await adminPost(
    ctx.app,
    `/api/swarm/admin/sessions/${sessionId}/publish${nobody ? '?force=true' : ''}`,
  );
  if (published.statusCode !== 200) throw new Error(published.body);
  return sessionId;
}
