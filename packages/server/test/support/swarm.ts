import {
  canonicalApplication,
  signTake,
  signTokenClaim,
  type TakeDraftInput,
} from '@convene/protocol';
import { signedApplication } from '@convene/test-support';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../src/db/schema.js';
import { TEST_ADMIN_TOKEN } from './app.js';

export interface TestMember {
  memberId: string;
  handle: string;
  seed: string;
  publicKey: string;
  token: string;
}

let counter = 0;

/** Applies with a fresh key over HTTP (the real path). */
export async function applyMember(app: FastifyInstance, name = `Member ${++counter}`) {
  const { keys, application, body: payload } = await signedApplication(name);
  const response = await app.inject({ method: 'POST', url: '/api/swarm/apply', payload });
  if (response.statusCode !== 201) throw new Error(`apply failed: ${response.body}`);
  const body = response.json<{ memberId: string; handle: string }>();
  return {
    ...body,
    seed: keys.secretKey,
    publicKey: keys.publicKey,
    application,
    canonical: canonicalApplication(application),
  };
}

export async function activate(app: FastifyInstance, memberId: string) {
  return app.inject({
    method: 'POST',
    url: '/api/swarm/admin/activate',
    headers: { 'x-admin-token': TEST_ADMIN_TOKEN },
    payload: { memberId },
  });
}

export async function claimToken(app: FastifyInstance, memberId: string, seed: string) {
  const challenge = (
    await app.inject({
      method: 'POST',
      url: '/api/swarm/token-claim/challenge',
      payload: { memberId },
    })
  ).json<{
    challenge: string;
    expiresAt: string;
  }>();
  const claim = { memberId, challenge: challenge.challenge, expiresAt: challenge.expiresAt };
  const signature = await signTokenClaim(claim, seed);
  return app.inject({
    method: 'POST',
    url: '/api/swarm/token-claim',
    payload: { ...claim, signature },
  });
}

/** A member through the whole onboarding: apply → activate → claim. */
export async function newMember(app: FastifyInstance, name?: string): Promise<TestMember> {
  const applied = await applyMember(app, name);
  const activated = await activate(app, applied.memberId);
  if (activated.statusCode !== 200) throw new Error(`activate failed: ${activated.body}`);
  const claimed = await claimToken(app, applied.memberId, applied.seed);
  if (claimed.statusCode !== 201) throw new Error(`claim failed: ${claimed.body}`);
  return {
    memberId: applied.memberId,
    handle: applied.handle,
    seed: applied.seed,
    publicKey: applied.publicKey,
    token: claimed.json<{ token: string }>().token,
  };
}

export async function newSubject(db: Kysely<DB>, id = 'convene-treasury'): Promise<string> {
  await db
    .insertInto('subject')
    .values({ id, name: `Subject ${id}`, recommendation_type: 'bucket_weights' })
    .onConflict((conflict) => conflict.column('id').doNothing())
    .execute();
  return id;
}

export interface SessionOptions {
  subjectId: string;
  date: string;
  convenedAt: Date;
  windowClosesAt?: Date | null;
  state?: 'collecting' | 'window_closed' | 'aggregated' | 'published';
  roster?: string[];
  excused?: string[];
  rosterFrozen?: boolean;
}

/**
 * A session row with its frozen roster, written directly (the lifecycle service has its own tests).
 * A later session of a date and subject that already has one is written as an additional one, as
 * an operator's explicit request would open it (migration 0023: one session per pair otherwise).
 */
export async function newSession(db: Kysely<DB>, options: SessionOptions): Promise<string> {
  const id = crypto.randomUUID();
  const ofDay = await db
    .selectFrom('swarm_session')
    .select('id')
    .where('subject_id', '=', options.subjectId)
    .where('date', '=', options.date)
    .executeTakeFirst();
  await db
    .insertInto('swarm_session')
    .values({
      id,
      subject_id: options.subjectId,
      date: options.date,
      state: options.state ?? 'collecting',
      convened_at: options.convenedAt,
      window_closes_at: options.windowClosesAt ?? null,
      roster_frozen: options.rosterFrozen ?? true,
      additional: ofDay !== undefined,
    })
    .execute();
  const roster = [...(options.roster ?? []), ...(options.excused ?? [])];
  if (roster.length > 0) {
    await db
      .insertInto('session_roster')
      .values(
        roster.map((memberId) => ({
          session_id: id,
          member_id: memberId,
          excused: options.excused?.includes(memberId) ?? false,
          added_at: options.convenedAt,
        })),
      )
      .execute();
  }
  return id;
}

let nonceCounter = 0;

export function draft(member: TestMember, overrides: Partial<TakeDraftInput> = {}): TakeDraftInput {
  return {
    memberId: member.memberId,
    date: '2026-06-01',
    subjectId: 'convene-treasury',
    nonce: `nonce-${Date.now()}-${++nonceCounter}`,
    stance: 'constructive',
    confidence: 0.7,
    body: 'REGIME: risk-on. ALLOCATION: hold. SUBJECT: fine.',
    ...overrides,
  };
}

export async function signed(member: TestMember, overrides: Partial<TakeDraftInput> = {}) {
  const take = draft(member, overrides);
  return { ...take, signature: await signTake(take, member.seed) };
}

export async function submit(app: FastifyInstance, token: string | undefined, payload: unknown) {
  return app.inject({
    method: 'POST',
    url: '/api/swarm/submit',
    headers: token === undefined ? {} : { authorization: `Bearer ${token}` },
    payload: payload as Record<string, unknown>,
  });
}
