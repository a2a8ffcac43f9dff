/**
 * `convene verify` and the transparency log, driven as a user would: the built CLI against a built
 * server on PostgreSQL, with the database rewritten behind the server's back (triggers off) the way an
 * insider could. ✓ only for checks that ran and passed, ✗ with the reason, "not checked" with why.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  formatCosignerKey,
  publicKeyFromSeed,
  signReceipt,
  type ConsensusReceiptPayload,
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

const SUBJECT = 'log-cli-subject';
const RECEIPT_SEED = randomBytes(32).toString('base64');
const LOG_SEED = randomBytes(32).toString('base64');
/** The witness `log cosign` signs as: the log accepts only the witnesses it is configured with. */
const WITNESS_SEED = randomBytes(32).toString('base64');
const postgres = await postgresSelected();

// PostgreSQL only: the tampering cases rewrite rows while the server runs, which PGlite's single
// in-process connection cannot share. CI's full pass sets REQUIRE_POSTGRES=1, so there it never skips
// (its runtime pass covers PGlite only: TEST_DATABASES=pglite).
describe.skipIf(!postgres)('convene verify against the transparency log [postgres]', () => {
  let testDb: PostgresDatabase;
  let insider: InsiderConnection;
  let server: ServerProcess;
  let dataDir: string;
  let staging: StagingServer | undefined;
  let members: HttpMember[];
  let logKey: string;
  let serviceKey: string;
  const sessions: string[] = [];
  const takeIds: string[] = [];
  const env = () => ({ CONVENE_URL: server.baseUrl });
  const admin = (url: string, body: Record<string, unknown>, method = 'POST') =>
    fetch(`${server.baseUrl}${url}`, {
      method,
      headers: { 'content-type': 'application/json', 'x-admin-token': ADMIN_TOKEN },
      body: JSON.stringify(body),
    });
  const tamper = (statement: string, params: readonly unknown[]) =>
    insider.tamper(statement, params);
  const checkpointCovers = (size: number) => untilCheckpointCovers(server.baseUrl, size);

  beforeAll(async () => {
    testDb = await createPostgresDatabase();
    staging = await startStagingServer({
      name: 'cli-log',
      adminToken: ADMIN_TOKEN,
      receiptSeed: RECEIPT_SEED,
      logSeed: LOG_SEED,
      databaseUrl: testDb.url,
      env: {
        LOG_WITNESSES: formatCosignerKey('witness.test/w1', await publicKeyFromSeed(WITNESS_SEED)),
      },
    });
    ({ server, dataDir } = staging);
    insider = await connectAsInsider(testDb.url);
    logKey = await publicKeyFromSeed(LOG_SEED);
    serviceKey = await publicKeyFromSeed(RECEIPT_SEED);
    members = [
      await onboardMember(server.baseUrl, ADMIN_TOKEN, 'Log A'),
      await onboardMember(server.baseUrl, ADMIN_TOKEN, 'Log B'),
    ];
    expect(
      (
        await admin(
          `/api/swarm/admin/subjects/${SUBJECT}`,
          { name: 'Log subject', recommendationType: 'bucket_weights', quorumRequired: 1 },
          'PUT',
        )
      ).status,
    ).toBeLessThan(300);
    let size = 0;
    for (const date of ['2026-05-01', '2026-05-02']) {
      const opened = await admin('/api/swarm/admin/sessions', { subjectId: SUBJECT, date });
      expect(opened.status, await opened.clone().text()).toBe(201);
      const sessionId = ((await opened.json()) as { sessionId: string }).sessionId;
      for (const member of members) {
        const body = await signedTakeBody(member, {
          date,
          subjectId: SUBJECT,
          nonce: randomBytes(8).toString('hex'),
        });
        const response = await submitTake(server.baseUrl, member.token, body);
        expect(response.status).toBe(201);
        const created = (await response.json()) as { recommendationId: number; logIndex: number };
        // Consecutive, but a receipt published meanwhile may take the next index.
        expect(created.logIndex).toBeGreaterThanOrEqual(size);
        size = created.logIndex + 1;
        const receipt = (await (
          await fetch(`${server.baseUrl}/api/swarm/takes/${created.recommendationId}`)
        ).json()) as { id: string };
        takeIds.push(receipt.id);
      }
      const published = await admin(`/api/swarm/admin/sessions/${sessionId}/publish`, {});
      expect(published.status, await published.clone().text()).toBe(200);
      sessions.push(sessionId);
    }
    // Receipts enter the log through the checkpoint loop, within a second or two of publication.
    for (const sessionId of sessions) {
      let logged = await fetch(`${server.baseUrl}/api/log/receipts/${sessionId}`);
      for (let i = 0; logged.status === 404 && i < 100; i++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        logged = await fetch(`${server.baseUrl}/api/log/receipts/${sessionId}`);
      }
      expect(logged.status).toBe(200);
      const { index } = (await logged.json()) as { index: number };
      await checkpointCovers(Math.max(index + 1, size));
    }
  }, 180_000);

  afterAll(async () => {
    await staging?.stop();
    await insider?.close();
    await testDb?.drop();
  });

  test('a take verifies in full with the pinned log key; without one the pin is "not checked"; another key fails', async () => {
    const pinned = await runCli(['verify', 'take', takeIds[0]!, '--log-key', logKey], env());
    expect(pinned.stdout).toMatch(/✓ included in the transparency log.*\(index \d+ of \d+\)/);
    expect(pinned.stdout).toContain('✓ log key is the one you pinned');
    expect(pinned.stdout).toMatch(/VERIFIED$/m);
    expect(pinned.code, pinned.stdout).toBe(0);

    const unpinned = await runCli(['verify', 'take', takeIds[0]!], env());
    expect(unpinned.code).toBe(6);
    expect(unpinned.stdout).toContain('– log key is the one you pinned: not checked');
    expect(unpinned.stdout).toContain('no log key pinned (--log-key or CONVENE_LOG_KEY)');
    expect(unpinned.stdout).not.toMatch(/✓ log key/);

    const other = await runCli(
      ['verify', 'take', takeIds[0]!, '--log-key', await publicKeyFromSeed(RECEIPT_SEED)],
      env(),
    );
    expect(other.code).toBe(1);
    expect(other.stdout).toMatch(
      /✗ included in the transparency log.*checkpoint_signature_invalid/,
    );
    expect(other.stdout).toContain('✗ log key is the one you pinned');
  });

  test('the second receipt verifies with its chain fetched through the log and both keys pinned', async () => {
    const result = await runCli(
      ['verify', 'receipt', sessions[1]!, '--service-key', serviceKey, '--log-key', logKey],
      env(),
    );
    expect(result.stdout).toContain(
      "✓ the previous receipt (the log's last of this subject before this one, or --previous) verifies and is for the same subject",
    );
    expect(result.stdout).toContain("✓ previousReceiptDigest is the previous receipt's digest");
    expect(result.stdout).toContain('✓ signed with a service key you pinned');
    expect(result.stdout).toContain(
      "✓ that checkpoint is consistent with the log's latest (no fork, no rewrite)",
    );
    expect(result.stdout).toMatch(/✓ included in the transparency log/);
    // The checkpoint the receipt records and every submission under it, read from the log.
    expect(result.stdout).toContain('✓ records the log checkpoint it was built against');
    expect(result.stdout).toContain('✓ that checkpoint is one the log signed');
    expect(result.stdout).toContain(
      '✓ every submission is the log entry at its logIndex, included under that checkpoint',
    );
    expect(result.code, result.stdout).toBe(0);
    // The first receipt of the subject: the log holds nothing before it, and that is checked.
    const first = await runCli(
      ['verify', 'receipt', sessions[0]!, '--service-key', serviceKey, '--log-key', logKey],
      env(),
    );
    expect(first.stdout).toMatch(
      /✓ the previous receipt .*\(the log holds no earlier receipt of this subject\)/,
    );
    expect(first.code, first.stdout).toBe(0);
  });

  test('keys pinned by CONVENE_SERVICE_KEY and CONVENE_LOG_KEY: checked the same, no flag named', async () => {
    const result = await runCli(['verify', 'receipt', sessions[1]!], {
      ...env(),
      CONVENE_SERVICE_KEY: serviceKey,
      CONVENE_LOG_KEY: logKey,
    });
    expect(result.stdout).toContain('✓ signed with a service key you pinned');
    expect(result.stdout).toContain('✓ log key is the one you pinned');
    expect(result.stdout).not.toMatch(/--service-key|--log-key/);
    expect(result.stdout).toMatch(/^VERIFIED$/m);
    expect(result.code, result.stdout).toBe(0);
  });

  test('after a receipt-key rotation, `convene keys` pins the current and the retired keys and older receipts keep verifying', async () => {
    // A replica on the same database with a new RECEIPT_SIGNING_KEY: docs/operations.md §8's rotation.
    const rotated = await startStagingServer({
      name: 'cli-log-rotated',
      adminToken: ADMIN_TOKEN,
      receiptSeed: randomBytes(32).toString('base64'),
      logSeed: LOG_SEED,
      databaseUrl: testDb.url,
    });
    try {
      const at = { CONVENE_URL: rotated.server.baseUrl };
      const keys = await runCli(['keys'], at);
      expect(keys.code, keys.stderr).toBe(0);
      const pinned = Object.fromEntries(
        keys.stdout
          .trim()
          .split(' ')
          .map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]),
      );
      const [current, ...retired] = pinned.CONVENE_SERVICE_KEY!.split(',');
      expect(current).not.toBe(serviceKey);
      expect(retired, keys.stdout).toEqual([serviceKey]);
      expect(pinned.CONVENE_LOG_KEY).toBe(logKey);

      const everyKey = await runCli(['verify', 'receipt', sessions[0]!], { ...at, ...pinned });
      expect(everyKey.stdout).toContain('✓ signed with a service key you pinned');
      expect(everyKey.stdout).toMatch(/^VERIFIED$/m);
      expect(everyKey.code, everyKey.stdout).toBe(0);

      // Re-pinning only the new key is what made every older receipt NOT VERIFIED.
      const onlyNew = await runCli(['verify', 'receipt', sessions[0]!], {
        ...at,
        CONVENE_SERVICE_KEY: current!,
        CONVENE_LOG_KEY: logKey,
      });
      expect(onlyNew.stdout).toMatch(
        /✗ signed with a service key you pinned.*receipt is signed with another service key than expected/,
      );
      expect(onlyNew.code, onlyNew.stdout).toBe(1);
      const flags = await runCli(
        [
          'verify',
          'receipt',
          sessions[0]!,
          '--service-key',
          `${current},${serviceKey}`,
          '--log-key',
          logKey,
        ],
        at,
      );
      expect(flags.code, flags.stdout).toBe(0);
    } finally {
      await rotated.stop();
    }
  });

  test('a malformed receipt: one ✗, and every other check "not checked", never ✓', async () => {
    const file = path.join(dataDir, 'malformed.json');
    await writeFile(file, JSON.stringify({ kind: 'not-a-receipt' }));
    const result = await runCli(['verify', 'receipt', '--file', file, '--service-key', serviceKey]);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('✗ is a well-formed consensus receipt');
    expect(result.stdout).toContain(
      '– service signature verifies over canonicalBytes: not checked  (the receipt is malformed)',
    );
    expect(result.stdout).not.toMatch(/^✓/m);
  });

  test('offline, the chain is checked against --previous and the log is "not checked"', async () => {
    const fetchReceipt = async (id: string) =>
      (await fetch(`${server.baseUrl}/api/swarm/sessions/${id}/consensus-receipt`)).json();
    const [first, second] = await Promise.all(sessions.map(fetchReceipt));
    const firstFile = path.join(dataDir, 'first.json');
    const secondFile = path.join(dataDir, 'second.json');
    await writeFile(firstFile, JSON.stringify(first));
    await writeFile(secondFile, JSON.stringify(second));
    const offline = await runCli([
      'verify',
      'receipt',
      '--file',
      secondFile,
      '--previous',
      firstFile,
      '--service-key',
      serviceKey,
    ]);
    expect(offline.code, offline.stdout).toBe(6);
    expect(offline.stdout).toContain("✓ previousReceiptDigest is the previous receipt's digest");
    expect(offline.stdout).toContain(
      '– included in the transparency log, under a checkpoint signed by the log key: not checked  (offline (--file))',
    );
    expect(offline.stdout).toContain(
      '– that checkpoint is one the log signed: not checked  (offline (--file))',
    );
    // The wrong previous receipt (the second as its own predecessor) fails the chain.
    const wrong = await runCli([
      'verify',
      'receipt',
      '--file',
      secondFile,
      '--previous',
      secondFile,
      '--service-key',
      serviceKey,
    ]);
    expect(wrong.code).toBe(1);
    expect(wrong.stdout).toMatch(/✗ previousReceiptDigest is the previous receipt's digest/);
  });

  test('tampered: a take moved to another receivedAt, and a receipt whose chain link was forged and re-signed', async () => {
    await tamper(
      "update take set received_at = received_at + interval '1 second' where id = $1::uuid",
      [takeIds[1]!],
    );
    const moved = await runCli(['verify', 'take', takeIds[1]!, '--log-key', logKey], env());
    expect(moved.code).toBe(1);
    expect(moved.stdout).toMatch(/✗ included in the transparency log.*no entry with leaf hash/);
    expect(moved.stdout).toContain('✓ Ed25519 signature verifies'); // the signature alone cannot see it

    const [row] = await insider.query<{ payload: ConsensusReceiptPayload }>(
      'select payload from consensus_receipt where session_id = $1',
      [sessions[1]!],
    );
    const payload = {
      ...row!.payload,
      previousReceiptDigest: 'ab'.repeat(32),
    };
    const forged = await signReceipt(payload, RECEIPT_SEED);
    await tamper(
      'update consensus_receipt set payload = $1::jsonb, canonical_bytes = $2, digest = $3, signature = $4::jsonb where session_id = $5::uuid',
      [
        JSON.stringify(forged.payload),
        forged.canonicalBytes,
        forged.digest,
        JSON.stringify(forged.signature),
        sessions[1]!,
      ],
    );
    const result = await runCli(
      ['verify', 'receipt', sessions[1]!, '--service-key', serviceKey, '--log-key', logKey],
      env(),
    );
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('✓ service signature verifies over canonicalBytes');
    // The predecessor comes from the log, not from the forged link: the link itself fails.
    expect(result.stdout).toMatch(/✓ the previous receipt \(the log's last of this subject/);
    expect(result.stdout).toMatch(/✗ previousReceiptDigest is the previous receipt's digest/);
    expect(result.stdout).toMatch(
      /– that checkpoint is consistent with the log's latest.*not checked/,
    );
    expect(result.stdout).toMatch(/✗ included in the transparency log.*no entry with leaf hash/);
    // Its submissions are still the log's: only the receipt itself was forged.
    expect(result.stdout).toContain(
      '✓ every submission is the log entry at its logIndex, included under that checkpoint',
    );
    expect(result.stdout).toMatch(/NOT VERIFIED$/m);

    // The take's row put back, so the later tests see the log as honest: its entry is rebuilt from
    // the row, and a monitor starting from size 0 would otherwise rightly report a rewrite.
    await tamper(
      "update take set received_at = received_at - interval '1 second' where id = $1::uuid",
      [takeIds[1]!],
    );
  });
  test('log monitor keeps checkpoints, a witness cosigns, and a rewritten entry is caught', async () => {
    const home = await mkdtemp(path.join(os.tmpdir(), 'convene-monitor-'));
    const cli = { CONVENE_URL: server.baseUrl, CONVENE_HOME: home };
    try {
      const first = await runCli(['log', 'monitor', '--log-key', logKey], cli);
      expect(first.code, first.stdout + first.stderr).toBe(0);
      expect(first.stdout).toMatch(/✓ (\d+) new entries re-verified/);

      const seedFile = path.join(home, 'witness.seed');
      await writeFile(seedFile, WITNESS_SEED);
      const cosign = await runCli(
        [
          'log',
          'cosign',
          '--witness-key-file',
          seedFile,
          '--witness-name',
          'witness.test/w1',
          '--log-key',
          logKey,
        ],
        cli,
      );
      expect(cosign.code, cosign.stdout + cosign.stderr).toBe(0);
      const served = (await (await fetch(`${server.baseUrl}/api/log/checkpoint.json`)).json()) as {
        size: number;
        cosignatures: Array<{ name: string }>;
      };
      expect(served.cosignatures.map((c) => c.name)).toContain('witness.test/w1');

      // A new take in a new session, then an insider rewrites its entry's revision after it was logged.
      const opened = await admin('/api/swarm/admin/sessions', {
        subjectId: SUBJECT,
        date: '2026-05-03',
      });
      expect(opened.status).toBe(201);
      const body = await signedTakeBody(members[0]!, {
        date: '2026-05-03',
        subjectId: SUBJECT,
        nonce: randomBytes(8).toString('hex'),
      });
      const response = await submitTake(server.baseUrl, members[0]!.token, body);
      expect(response.status).toBe(201);
      const { logIndex } = (await response.json()) as { logIndex: number };
      await checkpointCovers(logIndex + 1);
      await tamper(
        "update take set received_at = received_at + interval '1 second' where log_index = $1",
        [logIndex],
      );
      const caught = await runCli(['log', 'monitor'], cli);
      expect(caught.code).toBe(1);
      expect(caught.stdout).toContain('✗ consistency_proof_invalid');
    } finally {
      await rm(home, { recursive: true, force: true });
    }
  });
});
