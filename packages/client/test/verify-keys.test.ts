/**
 * `convene verify take` and `convene log monitor` against members' logged key histories (issue 28,
 * item 1), driven as a user would: the built CLI against a built server on PostgreSQL, with an
 * insider planting a key row and a take for a member, and forcing that take into the log.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  bytesToBase64,
  canonicalTake,
  generateKeyPair,
  logEntryLeafHash,
  publicKeyFromSeed,
  signTake,
  takeLogEntry,
} from '@convene/protocol';
import {
  connectAsInsider,
  createPostgresDatabase,
  onboardMember,
  postgresSelected,
  signedTakeBody,
  startStagingServer,
  submitTake,
  type HttpMember,
  type InsiderConnection,
  type PostgresDatabase,
  type ServerProcess,
  type StagingServer,
  untilCheckpointCovers,
} from '@convene/test-support';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ADMIN_TOKEN, runCli } from './support.js';

const SUBJECT = 'key-cli-subject';
const DATE = '2026-05-03';
const LOG_SEED = randomBytes(32).toString('base64');
const postgres = await postgresSelected();

// PostgreSQL only: rows are changed behind the running server, which PGlite's single in-process
// connection cannot share. CI's full pass sets REQUIRE_POSTGRES=1, so there it never skips
// (its runtime pass covers PGlite only: TEST_DATABASES=pglite).
describe.skipIf(!postgres)('convene verify and log monitor against logged keys [postgres]', () => {
  let testDb: PostgresDatabase;
  let insider: InsiderConnection;
  let server: ServerProcess;
  let staging: StagingServer | undefined;
  let victim: HttpMember;
  let sessionId: string;
  let honestTake: number;
  let logKey: string;
  const env = () => ({ CONVENE_URL: server.baseUrl });
  const admin = (url: string, body: Record<string, unknown>, method = 'POST') =>
    fetch(`${server.baseUrl}${url}`, {
      method,
      headers: { 'content-type': 'application/json', 'x-admin-token': ADMIN_TOKEN },
      body: JSON.stringify(body),
    });
  const checkpointCovers = (size: number) => untilCheckpointCovers(server.baseUrl, size);

  beforeAll(async () => {
    testDb = await createPostgresDatabase();
    staging = await startStagingServer({
      name: 'cli-keys',
      adminToken: ADMIN_TOKEN,
      receiptSeed: randomBytes(32).toString('base64'),
      logSeed: LOG_SEED,
      databaseUrl: testDb.url,
    });
    ({ server } = staging);
    insider = await connectAsInsider(testDb.url);
    logKey = await publicKeyFromSeed(LOG_SEED);
    victim = await onboardMember(server.baseUrl, ADMIN_TOKEN, 'Key Victim');
    expect(
      (
        await admin(
          `/api/swarm/admin/subjects/${SUBJECT}`,
          { name: 'Key subject', recommendationType: 'bucket_weights', quorumRequired: 1 },
          'PUT',
        )
      ).status,
    ).toBeLessThan(300);
    const opened = await admin('/api/swarm/admin/sessions', { subjectId: SUBJECT, date: DATE });
    expect(opened.status, await opened.clone().text()).toBe(201);
    sessionId = ((await opened.json()) as { sessionId: string }).sessionId;
    const body = await signedTakeBody(victim, {
      date: DATE,
      subjectId: SUBJECT,
      nonce: 'honest',
    });
    const response = await submitTake(server.baseUrl, victim.token, body);
    expect(response.status).toBe(201);
    const created = (await response.json()) as { recommendationId: number; logIndex: number };
    honestTake = created.recommendationId;
    await checkpointCovers(created.logIndex + 1);
  }, 180_000);

  afterAll(async () => {
    await staging?.stop();
    await insider?.close();
    await testDb?.drop();
  });

  test("an honest take: its key is the member's active logged key at its index", async () => {
    const result = await runCli(['verify', 'take', String(honestTake), '--log-key', logKey], env());
    expect(result.stdout).toContain(
      "✓ the take's key was its member's active key in the log's key history at its index",
    );
    expect(result.code, result.stdout).toBe(0);
  });

  test('a planted key forced into the log: verify take fails key_not_logged, the monitor exits 1', async () => {
    const home = await mkdtemp(path.join(os.tmpdir(), 'convene-keys-monitor-'));
    try {
      const cli = { CONVENE_URL: server.baseUrl, CONVENE_HOME: home };
      const before = await runCli(['log', 'monitor', '--log-key', logKey], cli);
      expect(before.code, before.stdout + before.stderr).toBe(0);

      const keys = await generateKeyPair();
      const takeId = crypto.randomUUID();
      const receivedAt = new Date().toISOString();
      const draft = {
        memberId: victim.memberId,
        date: DATE,
        subjectId: SUBJECT,
        nonce: `planted-${takeId}`,
        stance: 'bullish' as const,
        confidence: 0.95,
      };
      const canonical = canonicalTake(draft);
      const signature = await signTake(draft, keys.secretKey);
      await insider.tamper(
        `insert into member_key (member_id, public_key, state, created_at, activated_at, retired_at)
         values ($1::uuid, $2, 'retired', now() - interval '1 hour', now() - interval '1 hour', now())`,
        [victim.memberId, keys.publicKey],
      );
      await insider.tamper(
        `insert into take (id, session_id, member_id, revision, key_id, nonce, stance, confidence,
                           body, memo_url, weights, canonical, signature, received_at)
         select $1::uuid, $2::uuid, $3::uuid, 2, k.id, $4, 'bullish', 0.95, '', '', null, $5, $6,
                $7::timestamptz
           from member_key k where k.public_key = $8`,
        [
          takeId,
          sessionId,
          victim.memberId,
          draft.nonce,
          canonical,
          signature,
          receivedAt,
          keys.publicKey,
        ],
      );
      const entry = takeLogEntry({
        takeId,
        sessionId,
        memberId: victim.memberId,
        revision: 2,
        receivedAt,
        publicKey: keys.publicKey,
        canonical_submission: canonical,
        signature,
      });
      await insider.tamper(
        `insert into tlog_entry (idx, leaf_hash, kind, take_id, entry)
         values (convene_tlog_lock_next(), decode($1, 'base64'), 'take', $2::uuid, $3)`,
        [bytesToBase64(logEntryLeafHash(entry)), takeId, entry],
      );
      const [row] = await insider.query<{ idx: string; recommendation_id: string }>(
        `select e.idx, t.recommendation_id from tlog_entry e join take t on t.id = e.take_id
          where e.take_id = $1::uuid`,
        [takeId],
      );
      // The recovery pass (every 5 s) integrates it; the checkpoint loop signs it.
      await checkpointCovers(Number(row!.idx) + 1);

      const verified = await runCli(
        ['verify', 'take', String(row!.recommendation_id), '--log-key', logKey],
        env(),
      );
      expect(verified.stdout).toMatch(/✓ included in the transparency log/);
      expect(verified.stdout).toMatch(
        /✗ the take's key was its member's active key in the log's key history at its index.*key_not_logged/,
      );
      expect(verified.code, verified.stdout).toBe(1);

      const monitored = await runCli(['log', 'monitor'], cli);
      expect(monitored.stdout).toContain('✗ key_not_logged');
      expect(monitored.code, monitored.stdout).toBe(1);
    } finally {
      await rm(home, { recursive: true, force: true });
    }
  }, 60_000);
});
