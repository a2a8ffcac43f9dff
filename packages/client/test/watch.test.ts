/**
 * `convene watch --json` against the built server: once it says it is watching, a take submitted
 * over HTTP is printed as one JSON line (the SDK's swarmEvents underneath), and SIGINT ends it with
 * exit code 0.
 */
import { spawn } from 'node:child_process';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { onboardMember, signedTakeBody, submitTake, type HttpMember } from '@convene/test-support';
import { ADMIN_TOKEN, CLI_ENTRY, startStagingServer, type StagingServer } from './support.js';

const SUBJECT = 'watch-subject';
let staging: StagingServer;
let base: string;
let member: HttpMember;
let date: string;

const admin = (method: string, path: string, body: unknown) =>
  fetch(`${base}${path}`, {
    method,
    headers: { 'content-type': 'application/json', 'x-admin-token': ADMIN_TOKEN },
    body: JSON.stringify(body),
  });

beforeAll(async () => {
  staging = await startStagingServer('cli-watch', 13);
  base = staging.server.baseUrl;
  member = await onboardMember(base, ADMIN_TOKEN, 'Wanda Watch');
  const subject = await admin('PUT', `/api/swarm/admin/subjects/${SUBJECT}`, {
    name: 'Watch subject',
    recommendationType: 'bucket_weights',
  });
  expect(subject.ok).toBe(true);
  const opened = await admin('POST', '/api/swarm/admin/sessions', { subjectId: SUBJECT });
  expect(opened.ok).toBe(true);
  const session = (await (await fetch(`${base}/api/swarm/open-session`)).json()) as {
    date: string;
  };
  date = session.date;
}, 180_000);
afterAll(async () => {
  await staging?.stop();
});

test('watch --json prints the take a submit caused, and exits 0 on SIGINT', async () => {
  const child = spawn(
    process.execPath,
    [CLI_ENTRY, 'watch', '--json', '--types', 'take-accepted'],
    {
      env: { PATH: process.env.PATH ?? '', CONVENE_URL: base },
    },
  );
  let stdout = '';
  let stderr = '';
  const waitFor = (what: () => boolean) =>
    new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`timed out: ${stdout} ${stderr}`)), 20_000);
      const check = () => {
        if (!what()) return;
        clearTimeout(timer);
        resolve();
      };
      child.stdout.on('data', check);
      child.stderr.on('data', check);
      check();
    });
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));

  await waitFor(() => stderr.includes('watching '));
  const body = await signedTakeBody(member, {
    date,
    subjectId: SUBJECT,
    nonce: crypto.randomUUID(),
    stance: 'bullish',
  });
  expect((await submitTake(base, member.token, body)).status).toBe(201);
  await waitFor(() => stdout.includes('\n'));
  const printed = JSON.parse(stdout.split('\n')[0]!) as {
    id: string;
    type: string;
    data: Record<string, unknown>;
  };
  expect(printed).toMatchObject({
    type: 'take-accepted',
    data: { memberId: member.memberId, subjectId: SUBJECT, stance: 'bullish' },
  });
  expect(printed.id).toMatch(/\S/);
  child.kill('SIGINT');
  expect(await exited).toBe(0);
});
