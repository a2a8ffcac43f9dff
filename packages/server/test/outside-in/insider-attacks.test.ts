/**
 * Issue 28's last "done when": an outside-in script, written from the docs alone
 * (insider_attacks.py: Python, psycopg2 and PyNaCl), runs every insider attack against the built
 * server on PostgreSQL and finds each one caught by the detectors the docs name: the server's reads,
 * `convene verify take|receipt`, `convene log monitor` and `convene log audit`.
 *
 * This file only starts the server, seeds a little honest history over HTTP and runs the script;
 * what each attack is and which detector must catch it lives in the script. PostgreSQL only (the
 * insider writes while the server runs); skipped when PostgreSQL is unreachable, failing under
 * REQUIRE_POSTGRES=1. python3-psycopg2 and python3-nacl are installed here when missing and root
 * (scripts/ensure-test-packages.mjs does the same for `npm test`).
 */
import { execFile, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { publicKeyFromSeed } from '@convene/protocol';
import {
  createPostgresDatabase,
  onboardMember,
  postgresSelected,
  signedTakeBody,
  startStagingServer,
  submitTake,
  type HttpMember,
  type PostgresDatabase,
  type ServerProcess,
  type StagingServer,
} from '@convene/test-support';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

/** Debian's interpreter, where apt puts python3-psycopg2 and python3-nacl. */
const PYTHON = existsSync('/usr/bin/python3') ? '/usr/bin/python3' : 'python3';
const SCRIPT = fileURLToPath(new URL('./insider_attacks.py', import.meta.url));
const CLI = fileURLToPath(new URL('../../../client/bin/convene.js', import.meta.url));
const ADMIN_TOKEN = 'outside-in-admin-token-0123456789abcdef';
const SUBJECT = 'outside-in-seed';
const LOG_SEED = randomBytes(32).toString('base64');
const postgres = await postgresSelected();

/**
 * Every attack the script runs, and whether each of its detectors must catch it now. `pending`:
 * reported by the script, not yet asserted, with what it waits for.
 */
const ATTACKS: Record<string, 'caught' | { pending: string }> = {
  '7-bad-input': 'caught',
  '6-stranger-cosignatures': 'caught',
  '1-take-changed-received-at': 'caught',
  '1-take-changed-stance': 'caught',
  '2-rewritten-tree-node': 'caught',
  '3-deleted-take-row': 'caught',
  // Known limit (docs/protocol.md §14.10, "Rows removed behind the service"): by its numeric
  // recommendationId a removed take is a plain 404; no append-only table keeps that number.
  '3-deleted-take-row/by-recommendation-id': {
    pending: 'a removed take asked by recommendationId: documented limit (the audit names the gap)',
  },
  '4-deleted-receipt-entry': 'caught',
  '5-forged-checkpoint-row': 'caught',
  // The forged row holds its size: the signer says so (halted, /health degraded, inclusionPending)
  // until the tree grows past it (docs/protocol.md §14.10).
  '5-forged-checkpoint-size': 'caught',
  '9-planted-key': 'caught',
};

interface ScriptResult {
  attack: string;
  detector: string;
  caught: boolean;
  observed: string;
  pending: boolean;
}

function pythonHas(modules: string): boolean {
  return spawnSync(PYTHON, ['-c', `import ${modules}`], { stdio: 'ignore' }).status === 0;
}

function ensurePythonPackages(): void {
  if (pythonHas('psycopg2, nacl.signing')) return;
  const root = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!root)
    throw new Error(
      'python3 with psycopg2 and PyNaCl is missing: sudo apt-get install -y python3-psycopg2 python3-nacl',
    );
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const install = () =>
    spawnSync('apt-get', ['install', '-y', 'python3-psycopg2', 'python3-nacl'], {
      stdio: 'ignore',
      env,
    }).status === 0;
  if (!install()) {
    spawnSync('apt-get', ['update'], { stdio: 'ignore', env });
    install();
  }
  if (!pythonHas('psycopg2, nacl.signing'))
    throw new Error('apt-get could not install python3-psycopg2 python3-nacl');
}

describe.skipIf(!postgres)('insider attacks from the outside [postgres]', () => {
  let testDb: PostgresDatabase;
  let server: ServerProcess;
  let staging: StagingServer | undefined;
  const admin = (url: string, body: Record<string, unknown>, method = 'POST') =>
    fetch(`${server.baseUrl}${url}`, {
      method,
      headers: { 'content-type': 'application/json', 'x-admin-token': ADMIN_TOKEN },
      body: JSON.stringify(body),
    });

  beforeAll(async () => {
    ensurePythonPackages();
    testDb = await createPostgresDatabase();
    staging = await startStagingServer({
      name: 'outside-in',
      adminToken: ADMIN_TOKEN,
      receiptSeed: randomBytes(32).toString('base64'),
      logSeed: LOG_SEED,
      databaseUrl: testDb.url,
    });
    ({ server } = staging);
    // Honest history: three members, three published sessions of three takes each.
    const members: HttpMember[] = [];
    for (const name of ['Honest A', 'Honest B', 'Honest C'])
      members.push(await onboardMember(server.baseUrl, ADMIN_TOKEN, name));
    const subject = await admin(
      `/api/swarm/admin/subjects/${SUBJECT}`,
      { name: 'Outside-in seed', recommendationType: 'bucket_weights', quorumRequired: 1 },
      'PUT',
    );
    expect(subject.status).toBeLessThan(300);
    const outside = await admin(
      '/api/swarm/admin/subjects/outside-in-attacks',
      { name: 'Outside-in attacks', recommendationType: 'bucket_weights', quorumRequired: 1 },
      'PUT',
    );
    expect(outside.status).toBeLessThan(300);
    const stances = ['bearish', 'neutral', 'bullish'] as const;
    for (const date of ['2026-02-01', '2026-02-02', '2026-02-03']) {
      const opened = await admin('/api/swarm/admin/sessions', { subjectId: SUBJECT, date });
      expect(opened.status).toBe(201);
      const { sessionId } = (await opened.json()) as { sessionId: string };
      for (const [i, member] of members.entries()) {
        const body = await signedTakeBody(member, {
          date,
          subjectId: SUBJECT,
          nonce: randomBytes(8).toString('hex'),
          stance: stances[i]!,
        });
        expect((await submitTake(server.baseUrl, member.token, body)).status).toBe(201);
      }
      expect((await admin(`/api/swarm/admin/sessions/${sessionId}/publish`, {})).status).toBe(200);
    }
  }, 120_000);

  afterAll(async () => {
    await staging?.stop();
    await testDb?.drop();
  });

  test('every insider attack is caught by the detectors the docs name', async () => {
    const pending = Object.entries(ATTACKS)
      .filter(([, expected]) => expected !== 'caught')
      .map(([attack]) => attack);
    const args = [
      SCRIPT,
      '--server',
      server.baseUrl,
      '--database',
      testDb.url,
      '--admin-token',
      ADMIN_TOKEN,
      '--cli',
      CLI,
      '--node',
      process.execPath,
      '--log-key',
      await publicKeyFromSeed(LOG_SEED),
      ...(pending.length > 0 ? ['--pending', ...pending] : []),
    ];
    const { code, stdout, stderr } = await new Promise<{
      code: number | null;
      stdout: string;
      stderr: string;
    }>((resolve) => {
      execFile(
        PYTHON,
        args,
        { env: { ...process.env, PYTHONIOENCODING: 'utf-8' }, timeout: 80_000 },
        (error, out, err) =>
          resolve({
            code: error ? ((error.code as number | undefined) ?? -1) : 0,
            stdout: out,
            stderr: err,
          }),
      );
    });
    // The script's own lines are the report: one per (attack, detector), caught or NOT CAUGHT.
    console.log(stdout + stderr);
    const summary = JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}') as {
      results?: ScriptResult[];
    };
    const results = summary.results ?? [];
    for (const [attack, expected] of Object.entries(ATTACKS)) {
      const lines = results.filter((r) => r.attack === attack);
      expect(lines.length, `${attack} was not run`).toBeGreaterThan(0);
      if (expected === 'caught')
        expect(
          lines.filter((r) => !r.caught).map((r) => `${r.detector}: ${r.observed}`),
          `${attack}: not caught`,
        ).toEqual([]);
    }
    expect(code, stderr).toBe(0);
  }, 90_000);
});
