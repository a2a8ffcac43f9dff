/**
 * `convene log audit` as an auditor runs it: the built CLI against a built server on PostgreSQL,
 * with rows deleted and rewritten behind the server's back (triggers off). An honest log audits
 * clean; each insider change below a kept monitor's size is named with its reason code.
 */
import { randomBytes } from 'node:crypto';
import { publicKeyFromSeed } from '@convene/protocol';
import {
  connectAsInsider,
  createPostgresDatabase,
  onboardMember,
  postgresSelected,
  signedTakeBody,
  startProxy,
  startStagingServer,
  submitTake,
  type HttpMember,
  type InsiderConnection,
  type PostgresDatabase,
  type ServerProcess,
  type StagingServer,
} from '@convene/test-support';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ADMIN_TOKEN, runCli } from './support.js';

const SUBJECT = 'audit-subject';
const LOG_SEED = randomBytes(32).toString('base64');
const postgres = await postgresSelected();

interface AuditOutput {
  ok: boolean;
  size: number;
  /** Served as logged past the audited size, proven under the checkpoint read at the end. */
  later: number;
  problems: Array<{ code: string; index?: number; message: string }>;
}

// PostgreSQL only: rows are changed behind the running server, which PGlite's single in-process
// connection cannot share. CI's full pass sets REQUIRE_POSTGRES=1, so there it never skips
// (its runtime pass covers PGlite only: TEST_DATABASES=pglite).
describe.skipIf(!postgres)('convene log audit [postgres]', () => {
  let testDb: PostgresDatabase;
  let insider: InsiderConnection;
  let server: ServerProcess;
  let staging: StagingServer | undefined;
  let members: HttpMember[];
  let logKey: string;
  const sessions: string[] = [];
  const takes: Array<{ id: string; logIndex: number }> = [];
  const admin = (url: string, body: Record<string, unknown>, method = 'POST') =>
    fetch(`${server.baseUrl}${url}`, {
      method,
      headers: { 'content-type': 'application/json', 'x-admin-token': ADMIN_TOKEN },
      body: JSON.stringify(body),
    });
  const json = async <T>(route: string) =>
    (await (await fetch(`${server.baseUrl}${route}`)).json()) as T;
  const audit = async (url = server.baseUrl): Promise<AuditOutput & { code: number | null }> => {
    const run = await runCli(['--json', 'log', 'audit', '--log-key', logKey], {
      CONVENE_URL: url,
    });
    return { ...(JSON.parse(run.stdout) as AuditOutput), code: run.code };
  };
  /** Polls the public checkpoint until it covers every entry (loops run every second). */
  const settled = async () => {
    for (let i = 0; i < 150; i++) {
      const head = await json<{ size: number }>('/api/log/checkpoint.json').catch(() => null);
      const last = await fetch(`${server.baseUrl}/api/log/entries?start=0&end=1`);
      if (head !== null && last.ok) {
        const receipts = await Promise.all(
          sessions.map((id) => fetch(`${server.baseUrl}/api/log/receipts/${id}`)),
        );
        const indices = await Promise.all(
          receipts
            .filter((r) => r.ok)
            .map(async (r) => ((await r.json()) as { index: number }).index),
        );
        const needed = Math.max(...indices, ...takes.map((t) => t.logIndex)) + 1;
        if (indices.length === sessions.length && head.size >= needed) return;
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error('the log did not settle within 15 s');
  };

  beforeAll(async () => {
    testDb = await createPostgresDatabase();
    staging = await startStagingServer({
      name: 'audit',
      adminToken: ADMIN_TOKEN,
      receiptSeed: randomBytes(32).toString('base64'),
      logSeed: LOG_SEED,
      databaseUrl: testDb.url,
    });
    ({ server } = staging);
    insider = await connectAsInsider(testDb.url);
    logKey = await publicKeyFromSeed(LOG_SEED);
    members = [
      await onboardMember(server.baseUrl, ADMIN_TOKEN, 'Audit A'),
      await onboardMember(server.baseUrl, ADMIN_TOKEN, 'Audit B'),
    ];
    const subject = await admin(
      `/api/swarm/admin/subjects/${SUBJECT}`,
      { name: 'Audit subject', recommendationType: 'bucket_weights', quorumRequired: 1 },
      'PUT',
    );
    expect(subject.status).toBeLessThan(300);
    for (const date of ['2026-05-01', '2026-05-02', '2026-05-03']) {
      const opened = await admin('/api/swarm/admin/sessions', { subjectId: SUBJECT, date });
      expect(opened.status).toBe(201);
      const { sessionId } = (await opened.json()) as { sessionId: string };
      for (const member of members) {
        const body = await signedTakeBody(member, {
          date,
          subjectId: SUBJECT,
          nonce: randomBytes(8).toString('hex'),
        });
        const response = await submitTake(server.baseUrl, member.token, body);
        expect(response.status).toBe(201);
        const created = (await response.json()) as { recommendationId: number; logIndex: number };
        const { id } = await json<{ id: string }>(`/api/swarm/takes/${created.recommendationId}`);
        takes.push({ id, logIndex: created.logIndex });
      }
      const published = await admin(`/api/swarm/admin/sessions/${sessionId}/publish`, {});
      expect(published.status).toBe(200);
      sessions.push(sessionId);
    }
    await settled();
  }, 180_000);

  afterAll(async () => {
    await staging?.stop();
    await insider?.close();
    await testDb?.drop();
  });

  test('an honest log audits clean: every entry, proof, take and receipt', async () => {
    const result = await audit();
    expect(result.problems).toEqual([]);
    expect(result).toMatchObject({ ok: true, code: 0 });
    // Every take and receipt, and the members' key events before them.
    expect(result.size).toBeGreaterThan(takes.length + sessions.length);
  });

  /**
   * A live service logs while an audit runs. A proxy serves the audit, as its first read, a signed
   * checkpoint from before the last session's takes and receipt: those are then served past the size
   * it audits, and must be proven under the checkpoint it reads at the end, not reported missing.
   */
  describe('things logged while the audit runs', () => {
    let older: number;
    const lagging = async (edit: (path: string, body: Buffer) => Buffer = (_, body) => body) => {
      // The first read of the latest checkpoint is answered with the older one's signed note.
      let reads = 0;
      return startProxy(server.baseUrl, {
        path: (path) =>
          path === '/api/log/checkpoint' && reads++ === 0 ? `/api/log/checkpoints/${older}` : path,
        body: (path, body) =>
          path === '/api/log/checkpoint' && body[0] === '{'.charCodeAt(0)
            ? Buffer.from((JSON.parse(body.toString('utf8')) as { note: string }).note)
            : edit(path, body),
      });
    };
    beforeAll(async () => {
      older = Math.min(takes[4]!.logIndex, takes[5]!.logIndex);
      while ((await fetch(`${server.baseUrl}/api/log/checkpoints/${older}`)).status !== 200)
        older--;
    });

    test('are proven under the newer checkpoint: the audit passes and counts them', async () => {
      const proxy = await lagging();
      try {
        const result = await audit(proxy.baseUrl);
        expect(result.problems).toEqual([]);
        expect(result).toMatchObject({ ok: true, code: 0, size: older });
        // The last session's two takes and its receipt, at least.
        expect(result.later).toBeGreaterThanOrEqual(3);
      } finally {
        await proxy.close();
      }
    });

    test('one served at an index where the log holds another entry is named', async () => {
      const [moved, other] = [takes[4]!, takes[5]!];
      const proxy = await lagging((path, body) =>
        path === `/api/swarm/sessions/${sessions[2]}`
          ? Buffer.from(
              body
                .toString('utf8')
                .replace(`"logIndex":${moved.logIndex}`, `"logIndex":${other.logIndex}`),
            )
          : body,
      );
      try {
        const result = await audit(proxy.baseUrl);
        expect(result.code).toBe(1);
        expect(result.problems).toContainEqual(
          expect.objectContaining({
            code: 'served_differs_from_log',
            index: other.logIndex,
            message: expect.stringContaining(`take ${moved.id}`),
          }),
        );
      } finally {
        await proxy.close();
      }
    });
  });

  test('a rewritten tree node: the served proof no longer leads to the signed root', async () => {
    const victim = takes[0]!;
    const sibling = victim.logIndex ^ 1;
    const [stored] = await insider.query<{ hash: Buffer }>(
      'select hash from tlog_node where level = 0 and idx = $1',
      [sibling],
    );
    await insider.tamper('update tlog_node set hash = sha256(hash) where level = 0 and idx = $1', [
      sibling,
    ]);
    const result = await audit();
    expect(result.code).toBe(1);
    expect(result.problems).toContainEqual(
      expect.objectContaining({ code: 'inclusion_proof_invalid', index: victim.logIndex }),
    );
    await insider.tamper('update tlog_node set hash = $1 where level = 0 and idx = $2', [
      stored!.hash,
      sibling,
    ]);
    expect((await audit()).problems).toEqual([]);
  });

  test('a deleted take row: its entry is missing below the signed size', async () => {
    const victim = takes[3]!;
    await insider.tamper('delete from take where id = $1::uuid', [victim.id]);
    const result = await audit();
    expect(result.code).toBe(1);
    expect(result.problems).toContainEqual(
      expect.objectContaining({ code: 'entry_missing', index: victim.logIndex }),
    );
  });

  test('a deleted receipt entry is not re-appended, and the audit names the gap and the unlogged receipt', async () => {
    const sessionId = sessions[2]!;
    const { index } = await json<{ index: number }>(`/api/log/receipts/${sessionId}`);
    const before = await json<{ size: number }>('/api/log/checkpoint.json');
    await insider.tamper('delete from tlog_entry where receipt_session_id = $1::uuid', [sessionId]);
    // The recovery pass runs every 5 s: it must refuse, not append the receipt again.
    for (let i = 0; i < 100; i++) {
      const refused = await insider.query<{ subject: string }>(
        'select subject from tlog_refused where subject = $1',
        [sessionId],
      );
      if (refused.length > 0) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect((await json<{ size: number }>('/api/log/checkpoint.json')).size).toBe(before.size);
    const result = await audit();
    expect(result.code).toBe(1);
    expect(result.problems).toContainEqual(
      expect.objectContaining({ code: 'entry_missing', index }),
    );
    expect(result.problems).toContainEqual(
      expect.objectContaining({
        code: 'served_but_not_logged',
        message: `session ${sessionId} is published but the log holds no receipt for it`,
      }),
    );
    expect(result.problems.map((p) => p.code)).not.toContain('entry_duplicate');
  }, 30_000);
});
