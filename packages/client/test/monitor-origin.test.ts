/**
 * `convene log monitor` pins the log's origin and key: restarting the server with another
 * PUBLIC_BASE_URL (so another default origin, same key and database) must fail a monitor that kept
 * a checkpoint, naming both origins, unless `--accept-origin`. Before, the monitor opened a fresh
 * state file for the new origin and printed "consistent with the last one kept (size 0)".
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  createPostgresDatabase,
  onboardMember,
  postgresSelected,
  signedTakeBody,
  startServerProcess,
  submitTake,
  type HttpMember,
  type PostgresDatabase,
  type ServerProcess,
} from '@convene/test-support';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ADMIN_TOKEN, runCli } from './support.js';

const SUBJECT = 'monitor-origin-subject';
const LOG_SEED = randomBytes(32).toString('base64');
const postgres = await postgresSelected();

// PostgreSQL only: the server is restarted with another origin on the same database, as a
// production deployment would be. CI's full pass sets REQUIRE_POSTGRES=1, so there it never skips
// (its runtime pass covers PGlite only: TEST_DATABASES=pglite).
describe.skipIf(!postgres)('log monitor pins origin and key [postgres]', () => {
  let testDb: PostgresDatabase;
  let server: ServerProcess | undefined;
  let dataDir: string;
  let home: string;

  const start = (publicBaseUrl: string) =>
    startServerProcess({
      DATA_DIR: dataDir,
      DATABASE_URL: testDb.url,
      APP_ENV: 'staging',
      ADMIN_TOKEN,
      RECEIPT_SIGNING_KEY: randomBytes(32).toString('base64'),
      LOG_SIGNING_KEY: LOG_SEED,
      PUBLIC_BASE_URL: publicBaseUrl,
      SCHEDULER_ENABLED: 'false',
    });
  const base = () => server!.baseUrl;
  const admin = (url: string, body: Record<string, unknown>, method = 'POST') =>
    fetch(`${base()}${url}`, {
      method,
      headers: { 'content-type': 'application/json', 'x-admin-token': ADMIN_TOKEN },
      body: JSON.stringify(body),
    });
  const checkpointJson = async () =>
    (await fetch(`${base()}/api/log/checkpoint.json`)).json() as Promise<{
      size: number;
      origin: string;
    }>;
  /** Polls the public route (the checkpoint loop signs within a second) until it covers `size`. */
  const checkpointCovers = async (size: number) => {
    for (let i = 0; i < 100; i++) {
      const response = await fetch(`${base()}/api/log/checkpoint.json`);
      if (response.ok && ((await response.json()) as { size: number }).size >= size) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`no checkpoint of size ${size} within 10 s`);
  };
  const fileTakes = async (date: string, members: HttpMember[]) => {
    const opened = await admin('/api/swarm/admin/sessions', { subjectId: SUBJECT, date });
    expect(opened.status, await opened.clone().text()).toBe(201);
    let last = 0;
    for (const member of members) {
      const body = await signedTakeBody(member, {
        date,
        subjectId: SUBJECT,
        nonce: randomBytes(8).toString('hex'),
      });
      const response = await submitTake(base(), member.token, body);
      expect(response.status).toBe(201);
      last = ((await response.json()) as { logIndex: number }).logIndex;
    }
    await checkpointCovers(last + 1);
  };

  beforeAll(async () => {
    testDb = await createPostgresDatabase();
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'convene-monitor-origin-'));
    home = await mkdtemp(path.join(os.tmpdir(), 'convene-monitor-home-'));
    server = await start('https://first.example');
  });
  afterAll(async () => {
    await server?.stop();
    await testDb?.drop();
    await rm(dataDir, { recursive: true, force: true });
    await rm(home, { recursive: true, force: true });
  });

  test('a monitor holding a kept checkpoint fails on a changed origin unless --accept-origin', async () => {
    const members = [
      await onboardMember(base(), ADMIN_TOKEN, 'Origin A'),
      await onboardMember(base(), ADMIN_TOKEN, 'Origin B'),
      await onboardMember(base(), ADMIN_TOKEN, 'Origin C'),
    ];
    const put = await admin(
      `/api/swarm/admin/subjects/${SUBJECT}`,
      { name: 'Origin subject', recommendationType: 'bucket_weights', quorumRequired: 1 },
      'PUT',
    );
    expect(put.status).toBeLessThan(300);
    await fileTakes('2026-05-01', members);
    const kept = await checkpointJson();
    expect(kept.origin).toBe('first.example/convene-log');

    const first = await runCli(['log', 'monitor'], { CONVENE_URL: base(), CONVENE_HOME: home });
    expect(first.code, first.stdout + first.stderr).toBe(0);
    expect(first.stdout).toContain(`✓ checkpoint of size ${kept.size}`);
    // Nothing was kept before the first run: it claims no consistency with anything.
    expect(first.stdout).not.toContain('consistent with the last one kept');
    expect(first.stdout).toContain('– no checkpoint kept before: this is the first');

    // The same database and key behind another public URL: another default origin.
    await server!.stop();
    server = await start('https://second.example');
    await fileTakes('2026-05-02', members.slice(0, 1));
    expect((await checkpointJson()).origin).toBe('second.example/convene-log');
    const cli = { CONVENE_URL: base(), CONVENE_HOME: home };
    const changed = await runCli(['log', 'monitor'], cli);
    if (changed.code === 0) throw new Error(`accepted a changed origin:\n${changed.stdout}`);
    expect(changed.code).toBe(1);
    expect(changed.stdout + changed.stderr).toContain('first.example/convene-log');
    expect(changed.stdout + changed.stderr).toContain('second.example/convene-log');
    expect(changed.stdout + changed.stderr).not.toContain('(size 0)');

    const accepted = await runCli(['log', 'monitor', '--accept-origin'], cli);
    expect(accepted.code, accepted.stdout + accepted.stderr).toBe(0);
    expect(accepted.stdout).toContain(`consistent with the last one kept (size ${kept.size})`);
    const again = await runCli(['log', 'monitor'], cli);
    expect(again.code, again.stdout + again.stderr).toBe(0);
  });
});
