/**
 * Backup and restore as docs/operations.md describes them: a server builds real data (members, takes,
 * a published session with its consensus receipt) and stops; the data is backed up and restored
 * (PGlite: a copy of the stopped data directory, and a dumpDataDir archive; PostgreSQL: pg_dump -Fc and
 * pg_restore into a new database); a server started on the restored copy serves the same data, every
 * receipt verifies, and the append-only guard is still enforced.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, describe, expect, test } from 'vitest';
import { migrateToLatest } from '../../src/db/migrate.js';
import { openPglite } from '../../src/db/pglite.js';
import { insertOpenSessions } from '../support/swarm-http.js';
import {
  createPostgresDatabase,
  onboardMember,
  signedTakeBody,
  startServerProcess,
  submitTake,
} from '@convene/test-support';
import { createTestDatabase, databaseKinds } from '../support/databases.js';

const run = promisify(execFile);
const ADMIN_TOKEN = `backup-admin-${randomBytes(12).toString('hex')}`;
const SUBJECT = 'backup-subject';
const serverEnv = (env: Record<string, string>) => ({
  APP_ENV: 'staging',
  ADMIN_TOKEN,
  RECEIPT_SIGNING_KEY: randomBytes(32).toString('base64'),
  LOG_SIGNING_KEY: randomBytes(32).toString('base64'),
  SCHEDULER_ENABLED: 'false',
  ...env,
});

interface Snapshot {
  takeIds: number[];
  sessionId: string;
  members: unknown;
  receipt: unknown;
}

/** Files takes and publishes a session on a running server; returns what a restore must reproduce. */
async function buildData(baseUrl: string): Promise<Snapshot> {
  const admin = { 'content-type': 'application/json', 'x-admin-token': ADMIN_TOKEN };
  const opened = await fetch(`${baseUrl}/api/swarm/admin/sessions`, {
    method: 'POST',
    headers: admin,
    body: JSON.stringify({ subjectId: SUBJECT, date: '2026-05-01', windowClosesAt: null }),
  });
  expect(opened.status).toBe(201);
  const { sessionId } = (await opened.json()) as { sessionId: string };
  const takeIds: number[] = [];
  for (let i = 0; i < 3; i++) {
    const member = await onboardMember(baseUrl, ADMIN_TOKEN, `Backup Member ${i}`);
    for (let n = 0; n < 2; n++) {
      const body = await signedTakeBody(member, {
        date: '2026-05-01',
        subjectId: SUBJECT,
        nonce: `backup-${i}-${n}`,
        stance: n === 0 ? 'neutral' : 'bullish',
      });
      const response = await submitTake(baseUrl, member.token, body);
      expect(response.status).toBe(201);
      takeIds.push(((await response.json()) as { recommendationId: number }).recommendationId);
    }
  }
  for (const step of ['close', 'aggregate', 'judge', 'publish']) {
    const response = await fetch(`${baseUrl}/api/swarm/admin/sessions/${sessionId}/${step}`, {
      method: 'POST',
      headers: { 'x-admin-token': ADMIN_TOKEN },
    });
    expect(response.status, step).toBe(200);
  }
  return {
    takeIds,
    sessionId,
    members: await (await fetch(`${baseUrl}/api/swarm/members`)).json(),
    receipt: await (
      await fetch(`${baseUrl}/api/swarm/sessions/${sessionId}/consensus-receipt`)
    ).json(),
  };
}

/** A server on the restored database serves the same data, verified, with its guards in force. */
async function expectRestored(env: Record<string, string>, snapshot: Snapshot): Promise<void> {
  const server = await startServerProcess(serverEnv(env));
  try {
    const get = async (url: string) => (await fetch(server.baseUrl + url)).json();
    expect(await get('/health')).toMatchObject({ status: 'ok', append_only_guard: 'enforced' });
    expect(await get('/api/swarm/members')).toEqual(snapshot.members);
    for (const id of snapshot.takeIds)
      expect(await get(`/api/swarm/takes/${id}`)).toMatchObject({ verified: true });
    const receipt = await get(`/api/swarm/sessions/${snapshot.sessionId}/consensus-receipt`);
    expect(receipt).toEqual(snapshot.receipt);
    expect(receipt).toMatchObject({ verified: true });
  } finally {
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  }
}

const cleanups: Array<() => Promise<unknown>> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
});
async function tempDir(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'convene-backup-'));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

describe('backup and restore [pglite]', () => {
  test('a copy of the stopped data directory and a dumpDataDir archive both restore intact', async () => {
    const original = await tempDir();
    const database = await openPglite({ dataDir: path.join(original, 'pglite') });
    await migrateToLatest(database);
    await insertOpenSessions(database.db, [SUBJECT], []);
    await database.close();
    const env = serverEnv({ DATA_DIR: original });
    const server = await startServerProcess(env);
    const snapshot = await buildData(server.baseUrl);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);

    // 1. Copy of the directory while no server runs.
    const copied = await tempDir();
    await cp(path.join(original, 'pglite'), path.join(copied, 'pglite'), { recursive: true });
    await expectRestored(
      {
        DATA_DIR: copied,
        RECEIPT_SIGNING_KEY: env.RECEIPT_SIGNING_KEY,
        LOG_SIGNING_KEY: env.LOG_SIGNING_KEY,
      },
      snapshot,
    );

    // 2. A single-file archive (PGlite dumpDataDir, gzipped tar) loaded into a new directory.
    const archive = path.join(await tempDir(), 'convene.tar.gz');
    const source = await openPglite({ dataDir: path.join(original, 'pglite') });
    await writeFile(
      archive,
      Buffer.from(await (await source.pglite.dumpDataDir('gzip')).arrayBuffer()),
    );
    await source.close();
    const restoredDir = await tempDir();
    const restored = await openPglite({
      dataDir: path.join(restoredDir, 'pglite'),
      loadDataDir: new Blob([await readFile(archive)]),
    });
    await restored.close();
    await expectRestored(
      {
        DATA_DIR: restoredDir,
        RECEIPT_SIGNING_KEY: env.RECEIPT_SIGNING_KEY,
        LOG_SIGNING_KEY: env.LOG_SIGNING_KEY,
      },
      snapshot,
    );
  }, 180_000);
});

const postgres = (await databaseKinds()).includes('postgres');

// Needs a PostgreSQL server: skipped only on machines without one. CI sets REQUIRE_POSTGRES=1 (an
// unreachable PostgreSQL fails the run) and .ci/check-results.mjs fails on any skipped test.
describe.skipIf(!postgres)('backup and restore [postgres]', () => {
  test('pg_dump -Fc and pg_restore into a new database restore data, receipts and triggers', async () => {
    const source = await createTestDatabase('postgres');
    cleanups.push(() => source.destroy());
    await insertOpenSessions(source.database.db, [SUBJECT], []);
    const dataDir = await tempDir();
    const env = serverEnv({ DATA_DIR: dataDir, DATABASE_URL: source.url! });
    const server = await startServerProcess(env);
    const snapshot = await buildData(server.baseUrl);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);

    const dump = path.join(dataDir, 'convene.dump');
    await run('pg_dump', ['--format=custom', `--file=${dump}`, `--dbname=${source.url}`]);
    const restored = await createPostgresDatabase('convene_restore');
    cleanups.push(restored.drop);
    const restoredUrl = restored.url;
    await run('pg_restore', ['--no-owner', '--exit-on-error', `--dbname=${restoredUrl}`, dump]);

    const check = new pg.Client({ connectionString: restoredUrl });
    await check.connect();
    const triggers = await check.query<{ tgname: string }>(
      "select tgname from pg_trigger where tgname like '%append_only' order by tgname",
    );
    expect(triggers.rows.map((row) => row.tgname)).toEqual(
      expect.arrayContaining(['nonce_ledger_append_only', 'consensus_receipt_append_only']),
    );
    await expect(check.query('delete from take')).rejects.toMatchObject({ code: 'CVG01' });
    await check.end();

    await expectRestored(
      {
        DATA_DIR: dataDir,
        DATABASE_URL: restoredUrl,
        RECEIPT_SIGNING_KEY: env.RECEIPT_SIGNING_KEY,
        LOG_SIGNING_KEY: env.LOG_SIGNING_KEY,
      },
      snapshot,
    );
  }, 180_000);
});
