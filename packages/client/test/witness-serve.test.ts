/**
 * `convene witness serve` as an operator runs it: the built CLI as a separate process with its own
 * key and state directory, configured in the log's LOG_WITNESSES with its URL; the log pushes each
 * new checkpoint to it (C2SP tlog-witness add-checkpoint) and serves the witness's cosignature,
 * which verifies with the witness's key. Restarted from its state, it still extends what it saw.
 */
import { createHash } from 'node:crypto';
import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { formatVerifierKey, publicKeyFromSeed, verifyCheckpointNote } from '@convene/protocol';
import {
  onboardMember,
  signedTakeBody,
  spawnNode,
  startStagingServer,
  submitTake,
  type NodeProcess,
  type StagingServer,
} from '@convene/test-support';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ADMIN_TOKEN, CLI_ENTRY, runCli, tempHome } from './support.js';

const NAME = 'witness.test/w9';
const LOG_SEED = Buffer.alloc(32, 43).toString('base64');
const ORIGIN = 'localhost/convene-log';
const SUBJECT = 'witness-subject';

describe('convene witness serve against a running log', () => {
  let home: string;
  let keyFile: string;
  let witnessVkey: string;
  let witness: NodeProcess;
  let witnessUrl: string;
  let staging: StagingServer;

  const startWitness = async (): Promise<NodeProcess> => {
    const logVkey = formatVerifierKey(ORIGIN, await publicKeyFromSeed(LOG_SEED));
    const child = spawnNode(
      [
        CLI_ENTRY,
        'witness',
        'serve',
        '--name',
        NAME,
        '--key-file',
        keyFile,
        '--log',
        logVkey,
        '--port',
        '0',
      ],
      { env: { CONVENE_HOME: home } },
    );
    await child.untilOutput('listening on ', 20_000);
    witnessUrl = /listening on (\S+)/.exec(child.output())![1]!.replace(/\/$/, '');
    return child;
  };

  /** The log on a fresh data directory, configured with the witness's key and URL, and a subject. */
  const startLog = async (): Promise<StagingServer> => {
    const started = await startStagingServer({
      name: 'witness-serve',
      adminToken: ADMIN_TOKEN,
      receiptSeed: Buffer.alloc(32, 44).toString('base64'),
      logSeed: LOG_SEED,
      env: { LOG_WITNESSES: `${witnessVkey}@${witnessUrl}` },
    });
    const subject = await fetch(`${started.server.baseUrl}/api/swarm/admin/subjects/${SUBJECT}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', 'x-admin-token': ADMIN_TOKEN },
      body: JSON.stringify({
        name: 'Witnessed',
        recommendationType: 'bucket_weights',
        quorumRequired: 1,
      }),
    });
    expect(subject.status).toBeLessThan(300);
    return started;
  };

  /** Files one take: the tree grows, a checkpoint is signed and pushed to the witness. */
  const fileTake = async (date: string): Promise<number> => {
    const base = staging.server.baseUrl;
    const admin = (url: string, body: unknown, method = 'POST') =>
      fetch(`${base}${url}`, {
        method,
        headers: { 'content-type': 'application/json', 'x-admin-token': ADMIN_TOKEN },
        body: JSON.stringify(body),
      });
    expect((await admin('/api/swarm/admin/sessions', { subjectId: SUBJECT, date })).status).toBe(
      201,
    );
    const member = await onboardMember(base, ADMIN_TOKEN, `Witnessed ${date}`);
    const response = await submitTake(
      base,
      member.token,
      await signedTakeBody(member, { date, subjectId: SUBJECT, nonce: `n-${date}` }),
    );
    expect(response.status).toBe(201);
    return ((await response.json()) as { logIndex: number }).logIndex;
  };

  interface ServedCheckpoint {
    size: number;
    cosignedNote: string;
    cosignatures: Array<{ name: string; vkey: string }>;
  }

  /** Files one take and waits for the witness's cosignature on a checkpoint that includes it. */
  const cosignedAfterTake = async (date: string): Promise<ServedCheckpoint> => {
    const base = staging.server.baseUrl;
    const logIndex = await fileTake(date);
    for (let i = 0; i < 200; i++) {
      const served = (await (
        await fetch(`${base}/api/log/checkpoint.json`)
      ).json()) as ServedCheckpoint;
      if (served.size > logIndex && served.cosignatures.some((c) => c.name === NAME)) return served;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`no cosignature by ${NAME} within 20 s:\n${witness.output()}`);
  };

  beforeAll(async () => {
    home = await tempHome();
    keyFile = path.join(home, 'w9.seed');
    const key = await runCli(
      ['--json', 'witness', 'key', '--name', NAME, '--key-file', keyFile, '--init'],
      {
        CONVENE_HOME: home,
      },
    );
    expect(key.code, key.stderr).toBe(0);
    witnessVkey = (JSON.parse(key.stdout) as { vkey: string }).vkey;
    witness = await startWitness();
    staging = await startLog();
  }, 120_000);

  afterAll(async () => {
    await witness?.stop();
    await staging?.stop();
    await rm(home, { recursive: true, force: true });
  });

  test('the log pushes its checkpoint; the served cosignature verifies with the witness key; its state is on disk', async () => {
    const served = await cosignedAfterTake('2026-04-01');
    const logKey = formatVerifierKey(ORIGIN, await publicKeyFromSeed(LOG_SEED));
    const opened = await verifyCheckpointNote(served.cosignedNote, {
      logKey,
      cosignerKeys: [witnessVkey],
    });
    expect(opened.ok).toBe(true);
    if (opened.ok) expect(opened.cosignatures.map((c) => c.name)).toEqual([NAME]);
    // What it keeps, and serves, is the checkpoint it cosigned (C2SP: the witness's latest view).
    const originHash = createHash('sha256').update(ORIGIN).digest('hex');
    expect(await readdir(path.join(home, 'witness'))).toContain(`${originHash}.json`);
    const kept = await fetch(`${witnessUrl}/${originHash}/checkpoint`);
    expect(kept.status).toBe(200);
    expect(await kept.text()).toContain(`${ORIGIN}\n${served.size}\n`);
  }, 60_000);

  test('restarted from its state, the witness cosigns the next checkpoint only as an extension of it', async () => {
    await witness.stop();
    witness = await startWitness(); // from its state on disk, on a new port
    await staging.stop();
    // A fresh log (a new data directory) under the same origin and key is another history than the
    // one the witness saw: it refuses to cosign it (it answers with its own size, and no proof
    // leads from there), and the log shows the witness's error rather than a cosignature.
    staging = await startLog();
    const base = staging.server.baseUrl;
    const logIndex = await fileTake('2026-04-02');
    const filedAt = Date.now();
    // The push of a checkpoint with the take, answered: the witness's refusal is the log's last
    // error for it (waited on, rather than waiting out a timeout for a cosignature that never comes).
    const witnessState = async () => {
      const status = (await (
        await fetch(`${base}/api/admin/status`, { headers: { 'x-admin-token': ADMIN_TOKEN } })
      ).json()) as {
        log: {
          witnesses: Array<{
            lastError: { at: string; message: string } | null;
            lastCosignature: { size: number } | null;
          }>;
        };
      };
      return status.log.witnesses[0]!;
    };
    await expect
      .poll(async () => Date.parse((await witnessState()).lastError?.at ?? '1970-01-01'), {
        timeout: 20_000,
      })
      .toBeGreaterThanOrEqual(filedAt);
    const refused = await witnessState();
    expect(refused.lastCosignature).toBeNull();
    const served = (await (
      await fetch(`${base}/api/log/checkpoint.json`)
    ).json()) as ServedCheckpoint;
    expect(served.size).toBeGreaterThan(logIndex);
    expect(served.cosignatures.map((c) => c.name)).not.toContain(NAME);
  }, 90_000);
});
