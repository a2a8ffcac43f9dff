import { formatCosignerKey, generateKeyPair } from '@convene/protocol';
import { sql } from 'kysely';
import type { PushEvent } from '../../src/tlog/witness-push.js';
import { createTestApp, type TestContext } from '../support/app.js';
import type { DatabaseKind } from '../support/databases.js';
import { newMember, signed, submit, type TestMember } from '../support/swarm.js';
import { adminPost, scheduledSubject } from '../swarm/session-support.js';

export const LOG_SEED = Buffer.alloc(32, 9).toString('base64');
export const ORIGIN = 'log.test.example/convene-log';
const DATE = '2026-06-01';

export interface LogFixture {
  ctx: TestContext;
  /** The log's vkey, from GET /api/log/key. */
  logKey: string;
  /**
   * `filer` (a new member when absent: its key events enter the log first) files a take; answers
   * its recommendation id and log index. With a member made beforehand, exactly one entry is added.
   */
  fileTake(filer?: TestMember): Promise<{ recommendationId: number; logIndex: number }>;
  /** A new active member (its application and activation are two log entries). */
  member(): Promise<TestMember>;
  /** Integrates and signs, as the loops would. */
  checkpoint(): Promise<void>;
  /** The served checkpoint note (text/plain). */
  latestNote(): Promise<string>;
  /** Runs a statement past every trigger, as a database insider can. */
  tamper(statement: ReturnType<typeof sql>): Promise<void>;
}

/** An app with a log key and origin, a subject and an open session to file takes in. */
export async function logFixture(
  kind: DatabaseKind,
  env: Record<string, string> = {},
): Promise<LogFixture> {
  const ctx = await createTestApp(kind, {
    env: { LOG_SIGNING_KEY: LOG_SEED, LOG_ORIGIN: ORIGIN, ...env },
  });
  await scheduledSubject(ctx.testDb.database.db, { schedule: null, enabled: false, quorum: 1 });
  ctx.clock.advance(60_000);
  const opened = await adminPost(ctx.app, '/api/swarm/admin/sessions', {
    subjectId: 'convene-treasury',
    date: DATE,
  });
  if (opened.statusCode !== 201) throw new Error(`open failed: ${opened.body}`);
  const logKey = (await ctx.app.inject({ url: '/api/log/key' })).json<{ vkey: string }>().vkey;
  return {
    ctx,
    logKey,
    member: () => newMember(ctx.app),
    async fileTake(filer) {
      const member = filer ?? (await newMember(ctx.app));
      const response = await submit(ctx.app, member.token, await signed(member, { date: DATE }));
      if (response.statusCode !== 201) throw new Error(`submit failed: ${response.body}`);
      return response.json<{ recommendationId: number; logIndex: number }>();
    },
    checkpoint: () => ctx.app.convene.tlog.checkpoint(),
    latestNote: async () => (await ctx.app.inject({ url: '/api/log/checkpoint' })).body,
    tamper: (statement) =>
      ctx.testDb.database.db.transaction().execute(async (trx) => {
        await sql`set local session_replication_role = replica`.execute(trx);
        await statement.execute(trx);
      }),
  };
}

/** A witness's keys as C2SP names them: its name, its Ed25519 seed and its verifier key. */
export interface WitnessKeys {
  name: string;
  seed: string;
  vkey: string;
}

export async function newWitness(name: string): Promise<WitnessKeys> {
  const keys = await generateKeyPair();
  return { name, seed: keys.secretKey, vkey: formatCosignerKey(name, keys.publicKey) };
}

/** The log's witness pushes as they happen, and a wait for the first that matches (no polling). */
export function watchPushes(log: LogFixture): {
  events: PushEvent[];
  pushed: (predicate: (event: PushEvent) => boolean) => Promise<PushEvent>;
} {
  const events: PushEvent[] = [];
  const waiters: Array<() => void> = [];
  log.ctx.app.convene.tlog.witnessPush.onPush((event) => {
    events.push(event);
    for (const waiter of waiters.splice(0)) waiter();
  });
  const pushed = (predicate: (event: PushEvent) => boolean) =>
    new Promise<PushEvent>((resolve) => {
      const check = (): void => {
        const found = events.find(predicate);
        if (found === undefined) waiters.push(check);
        else resolve(found);
      };
      check();
    });
  return { events, pushed };
}
