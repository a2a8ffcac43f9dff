/**
 * Crash safety: the built server takes signed takes from several concurrent members and is killed with
 * SIGKILL at random moments, then restarted on the same database. After every kill the stored takes
 * must hold their invariants (see take-invariants.ts) and include every take acknowledged with 201;
 * after every restart those takes' receipts verify and their nonces are refused when replayed.
 * CRASH_KILLS sets the number of kills per database (default 5; the full run uses 50).
 *
 * The transparency log: every 201 carries the take's log index and leaf hash; after every kill the log
 * has consecutive indices and holds each announced position (tlog-invariants.ts); after every restart
 * (whose recovery pass sequences takes committed but not yet sequenced) every take is in the log.
 * The kill moments (after how many 201s of each cycle) come from CRASH_SEED (random when unset),
 * printed so a failing run can be replayed; counting 201s keeps every kill under load however fast
 * submits get.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  consecutiveDates,
  type HttpMember,
  onboardMember,
  seededRandom,
  type ServerProcess,
  signedTakeBody,
  startServerProcess,
  submitTake,
} from '@convene/test-support';
import { afterAll, describe, expect, test } from 'vitest';
import { migrateToLatest } from '../../src/db/migrate.js';
import { openPglite } from '../../src/db/pglite.js';
import type { Database } from '../../src/db/database.js';
import { insertOpenSessions } from '../support/swarm-http.js';
import { createTestDatabase, databaseKinds, type DatabaseKind } from '../support/databases.js';
import { takeInvariantViolations, type AckedTake } from './take-invariants.js';
import { tlogInvariantViolations, type AckedPosition } from './tlog-invariants.js';

const KILLS = Number(process.env.CRASH_KILLS ?? 5);
const MEMBERS = 8;
const SUBJECTS = ['crash-a', 'crash-b', 'crash-c'];
const DATES = consecutiveDates('2026-01-01', KILLS + 1);
const ADMIN_TOKEN = `crash-admin-${randomBytes(12).toString('hex')}`;
const NONCE_REPLAY = 'nonce already used by this member (replay); mint a fresh nonce to amend';

/** A database the test can reach directly while the server is down. */
interface CrashTarget {
  env: Record<string, string>;
  /** Runs `check` on the database; on PGlite only while no server holds the data directory. */
  withDatabase<T>(check: (database: Database) => Promise<T>): Promise<T>;
  destroy(): Promise<void>;
}

async function pgliteTarget(): Promise<CrashTarget> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'convene-crash-'));
  const open = () => openPglite({ dataDir: path.join(dataDir, 'pglite') });
  const target: CrashTarget = {
    env: { DATA_DIR: dataDir },
    async withDatabase(check) {
      const database = await open();
      try {
        return await check(database);
      } finally {
        await database.close();
      }
    },
    destroy: () => rm(dataDir, { recursive: true, force: true }),
  };
  await target.withDatabase(async (database) => {
    await migrateToLatest(database);
    await insertOpenSessions(database.db, SUBJECTS, DATES);
  });
  return target;
}

async function postgresTarget(): Promise<CrashTarget> {
  const testDb = await createTestDatabase('postgres');
  await insertOpenSessions(testDb.database.db, SUBJECTS, DATES);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'convene-crash-'));
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: testDb.url as string },
    withDatabase: (check) => check(testDb.database),
    async destroy() {
      await testDb.destroy();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

interface LoadOutcome {
  acked: Array<AckedTake & AckedPosition>;
  unexpected: string[];
  /** Told after every 201 (the test kills the server after a seeded number of them). */
  onAck?: () => void;
}

/** Takes per cycle when nothing is killed: every member fills every subject's cap of 5. */
const TAKES_PER_CYCLE = MEMBERS * SUBJECTS.length * 5;

/** Resolves once `outcome` holds `count` acknowledgements or the load is over. */
function afterAcks(outcome: LoadOutcome, count: number, load: Promise<unknown>): Promise<void> {
  return new Promise((resolve) => {
    outcome.onAck = () => {
      if (outcome.acked.length >= count) resolve();
    };
    void load.then(() => resolve());
  });
}

/** One member filing takes on `date` across the subjects until each cap or until the server dies. */
async function fileUntilCapOrCrash(
  baseUrl: string,
  member: HttpMember,
  date: string,
  outcome: LoadOutcome,
): Promise<void> {
  for (const subjectId of SUBJECTS) {
    for (let n = 0; ; n++) {
      const nonce = `${date}-${subjectId}-${n}-${randomBytes(4).toString('hex')}`;
      const body = await signedTakeBody(member, { date, subjectId, nonce });
      let response: Response;
      try {
        response = await submitTake(baseUrl, member.token, body);
      } catch {
        return; // the server is gone
      }
      const text = await response.text().catch(() => undefined);
      if (text === undefined) return;
      if (response.status === 201) {
        const { recommendationId, logIndex, leafHash } = JSON.parse(text) as AckedPosition;
        outcome.acked.push({
          recommendationId,
          memberId: member.memberId,
          nonce,
          date,
          subjectId,
          logIndex,
          leafHash,
        });
        outcome.onAck?.();
      } else if (response.status === 409 && text.includes('amendment cap')) {
        break;
      } else {
        outcome.unexpected.push(`${response.status} ${text}`);
        return;
      }
    }
  }
}

async function checkAfterRestart(
  server: ServerProcess,
  members: Map<string, HttpMember>,
  cycleAcked: ReadonlyArray<AckedTake & AckedPosition>,
  replayDate: string,
): Promise<void> {
  for (const take of cycleAcked) {
    const response = await fetch(`${server.baseUrl}/api/swarm/takes/${take.recommendationId}`);
    expect(response.status).toBe(200);
    const receipt = (await response.json()) as { id: string; verified: boolean; nonce: string };
    expect(receipt).toMatchObject({ verified: true, nonce: take.nonce });
    const logged = await fetch(`${server.baseUrl}/api/log/takes/${receipt.id}`);
    expect(logged.status).toBe(200);
    const entry = (await logged.json()) as { index: number; leafHash: string };
    if (take.logIndex !== null)
      expect(entry).toMatchObject({ index: take.logIndex, leafHash: take.leafHash });
  }
  // Replaying an acknowledged nonce in a fresh session (where the cap is not reached) must be refused.
  for (const take of cycleAcked.slice(0, 3)) {
    const member = members.get(take.memberId)!;
    const body = await signedTakeBody(member, {
      date: replayDate,
      subjectId: take.subjectId,
      nonce: take.nonce,
    });
    const response = await submitTake(server.baseUrl, member.token, body);
    expect(response.status).toBe(409);
    expect(((await response.json()) as { error: string }).error).toBe(NONCE_REPLAY);
  }
}

const kinds = await databaseKinds();

describe.each(kinds)('SIGKILL under submit load [%s]', (kind: DatabaseKind) => {
  let target: CrashTarget | undefined;
  let server: ServerProcess | undefined;
  afterAll(async () => {
    server?.child.kill('SIGKILL');
    await server?.exited;
    await target?.destroy();
  });

  test(
    `${KILLS} kills: acknowledged takes survive, nothing half-written, nonce and revision rules hold`,
    async () => {
      target = kind === 'pglite' ? await pgliteTarget() : await postgresTarget();
      const env = {
        ...target.env,
        APP_ENV: 'staging',
        ADMIN_TOKEN,
        RECEIPT_SIGNING_KEY: randomBytes(32).toString('base64'),
        LOG_SIGNING_KEY: randomBytes(32).toString('base64'),
        SCHEDULER_ENABLED: 'false',
      };
      const random = seededRandom('CRASH_SEED');
      console.log(`crash [${kind}]: kill moments from CRASH_SEED=${random.seed}`);
      const killMoments: number[] = [];
      server = await startServerProcess(env);
      const members = new Map<string, HttpMember>();
      for (let i = 0; i < MEMBERS; i++) {
        const member = await onboardMember(server.baseUrl, ADMIN_TOKEN, `Crash Member ${i}`);
        members.set(member.memberId, member);
      }
      const allAcked: Array<AckedTake & AckedPosition> = [];
      let killedUnderLoad = 0;

      for (let cycle = 0; cycle < KILLS; cycle++) {
        const date = DATES[cycle]!;
        const outcome: LoadOutcome = { acked: [], unexpected: [] };
        const running = server;
        const clients = [...members.values()].map((member) =>
          fileUntilCapOrCrash(running.baseUrl, member, date, outcome),
        );
        let settled = false;
        const load = Promise.all(clients).then(() => (settled = true));
        // Killed after a seeded number of 201s, so always under load however fast submits are.
        const killAfterAcks = 1 + Math.floor(random.next() * (TAKES_PER_CYCLE - 10));
        killMoments.push(killAfterAcks);
        await afterAcks(outcome, killAfterAcks, load);
        if (!settled) killedUnderLoad++;
        running.child.kill('SIGKILL');
        await running.exited;
        await load;
        const replay = `cycle ${cycle}; replay with CRASH_SEED=${random.seed}`;
        expect(outcome.unexpected, replay).toEqual([]);
        allAcked.push(...outcome.acked);

        const violations = await target.withDatabase(async (database) => [
          ...(await takeInvariantViolations(database.db, allAcked)),
          ...(await tlogInvariantViolations(database.db, allAcked, { complete: false })),
        ]);
        expect(violations, replay).toEqual([]);

        server = await startServerProcess(env);
        await checkAfterRestart(server, members, outcome.acked, DATES[cycle + 1]!);
      }

      // Every take acknowledged in any cycle still verifies on the last server.
      for (const take of allAcked) {
        const response = await fetch(`${server.baseUrl}/api/swarm/takes/${take.recommendationId}`);
        expect(((await response.json()) as { verified: boolean }).verified).toBe(true);
      }
      const announced = allAcked.filter((take) => take.logIndex !== null).length;
      console.log(
        `crash [${kind}]: CRASH_SEED=${random.seed}, kills after ${killMoments.join(', ')} acknowledged takes; ${KILLS} kills (${killedUnderLoad} with submits in flight), ${allAcked.length} acknowledged takes kept, ${announced} announced a log index, all in the log`,
      );
      server.child.kill('SIGKILL');
      await server.exited;
      const finalViolations = await target.withDatabase((database) =>
        tlogInvariantViolations(database.db, allAcked, { complete: true }),
      );
      expect(finalViolations, `CRASH_SEED=${random.seed}`).toEqual([]);
      server = await startServerProcess(env);
      expect(allAcked.length).toBeGreaterThan(0);
      expect(killedUnderLoad, `replay with CRASH_SEED=${random.seed}`).toBeGreaterThan(0);
    },
    120_000 + KILLS * 20_000,
  );
});
