import { execFile } from 'node:child_process';
import { cp, mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { TEST_ADMIN_TOKEN, createTestApp, type TestContext } from '../support/app.js';
import { describeEachDatabase } from '../support/databases.js';

/*
 * The Python SDK (python/) as a user gets it: `pip install ./python` into a fresh virtual
 * environment (Debian's PyNaCl visible through --system-site-packages; no index, no download),
 * then its unit tests (the protocol vectors, the SSE reader, the keystore), mypy --strict, the
 * example agent and every member and reader operation against a listening server on each database.
 * Keystores cross both ways: `convene keygen` writes one the SDK opens, and the CLI uses the token
 * the SDK sealed. The Debian packages come from scripts/ensure-test-packages.mjs; when one is
 * missing this test fails, it is never skipped.
 */
const run = promisify(execFile);
const PYTHON = '/usr/bin/python3';
const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const SDK = path.join(ROOT, 'python');
const BIN = path.join(ROOT, 'packages/client/bin/convene.js');
const PASSPHRASE = 'python sdk passphrase';

let work: string;
let venvPython: string;

beforeAll(async () => {
  try {
    await run(PYTHON, ['-c', 'import nacl.signing, venv, ensurepip, setuptools, cffi, mypy']);
  } catch {
    throw new Error(
      'python3 with PyNaCl, venv, setuptools, cffi and mypy is missing: run `node scripts/ensure-test-packages.mjs`',
    );
  }
  work = await mkdtemp(path.join(os.tmpdir(), 'convene-python-sdk-'));
  // A copy, so the build's egg-info and build/ folders never land in the working tree.
  await cp(SDK, path.join(work, 'python'), { recursive: true });
  // python/README.md's offline install line, run as written from the copy's root.
  const readme = await readFile(path.join(SDK, 'README.md'), 'utf8');
  const offline = readme.split('\n').find((line) => line.includes('--no-index'));
  expect(offline).toMatch(/^\/usr\/bin\/python3 -m venv --system-site-packages \.venv && /);
  await run('sh', ['-c', offline!], { cwd: work, timeout: 120_000 });
  venvPython = path.join(work, '.venv/bin/python');
}, 180_000);

test('the install folder .venv at the clone root is ignored by git', async () => {
  const { stdout } = await run('git', ['check-ignore', '-v', '.venv'], { cwd: ROOT });
  expect(stdout).toContain('.gitignore');
});

afterAll(async () => {
  if (work !== undefined) await rm(work, { recursive: true, force: true });
});

const python = (args: string[], env: Record<string, string> = {}, cwd = work) =>
  run(venvPython, args, {
    cwd,
    env: { PATH: process.env.PATH ?? '', PYTHONIOENCODING: 'utf-8', ...env },
    timeout: 120_000,
  });

const cli = (args: string[], env: Record<string, string>) =>
  run(process.execPath, [BIN, ...args], {
    env: { PATH: process.env.PATH ?? '', ...env },
    timeout: 60_000,
  });

describe('the Python SDK package', () => {
  test('installs into a fresh venv and imports from there, typed', async () => {
    const { stdout } = await python([
      '-c',
      'import convene, pathlib; print(convene.__file__); print((pathlib.Path(convene.__file__).parent / "py.typed").exists())',
    ]);
    const [file, typed] = stdout.trim().split('\n');
    expect(file).toContain(path.join(work, '.venv'));
    expect(typed).toBe('True');
  });

  test('passes its unit tests: every protocol vector, the SSE reader, the keystore', async () => {
    const { stderr } = await python(['-m', 'unittest', 'discover', '-s', path.join(SDK, 'tests')], {
      CONVENE_VECTORS: path.join(ROOT, 'packages/protocol/vectors'),
      PYTHONDONTWRITEBYTECODE: '1',
    });
    expect(stderr).toMatch(/Ran \d+ tests[\s\S]*\nOK\n?$/);
  });

  test('type-checks with mypy --strict', async () => {
    const { stdout } = await run(
      PYTHON,
      ['-m', 'mypy', '--cache-dir', path.join(work, 'mypy-cache')],
      { cwd: SDK, timeout: 120_000 },
    );
    expect(stdout).toContain('Success: no issues found');
  }, 120_000);
});

describeEachDatabase('the Python SDK against a running server', (kind) => {
  let ctx: TestContext;
  let base: string;
  let sessionId: string;

  beforeAll(async () => {
    ctx = await createTestApp(kind);
    base = await ctx.app.listen({ host: '127.0.0.1', port: 0 });
    const admin = { 'x-admin-token': TEST_ADMIN_TOKEN };
    const subject = await ctx.app.inject({
      method: 'PUT',
      url: '/api/swarm/admin/subjects/py-sdk',
      headers: admin,
      payload: { name: 'Python SDK', recommendationType: 'bucket_weights', quorumRequired: 1 },
    });
    expect(subject.statusCode).toBe(201);
    const opened = await ctx.app.inject({
      method: 'POST',
      url: '/api/swarm/admin/sessions',
      headers: admin,
      payload: {
        subjectId: 'py-sdk',
        windowClosesAt: new Date(ctx.clock.now().getTime() + 3_600_000).toISOString(),
      },
    });
    expect(opened.statusCode).toBe(201);
    sessionId = opened.json<{ sessionId: string }>().sessionId;
  });
  afterAll(async () => {
    await ctx?.close();
  });

  test('the example agent applies, activates, claims, files and reads its take back verified', async () => {
    const home = await mkdtemp(path.join(work, 'example-'));
    const { stdout } = await python([path.join(SDK, 'examples/member_agent.py')], {
      CONVENE_URL: base,
      CONVENE_HOME: home,
      CONVENE_PASSPHRASE: PASSPHRASE,
      CONVENE_ADMIN_TOKEN: TEST_ADMIN_TOKEN,
    });
    const seen = JSON.parse(stdout.trim());
    expect(seen).toMatchObject({ revision: 1, verified: true });
    const take = (await ctx.app.inject({ url: `/api/swarm/takes/${seen.takeId}` })).json();
    expect(take).toMatchObject({ memberId: seen.memberId, sessionId, verified: true });
  }, 120_000);

  test('the example agent without an admin token says what it waits for and stops with a clear message', async () => {
    const home = await mkdtemp(path.join(work, 'waiting-'));
    const result = await python([path.join(SDK, 'examples/member_agent.py')], {
      CONVENE_URL: base,
      CONVENE_HOME: home,
      CONVENE_PASSPHRASE: PASSPHRASE,
      CONVENE_WAIT_MINUTES: '0',
    }).then(
      () => ({ code: 0, stderr: '' }),
      (error: { code: number; stderr: string }) => error,
    );
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(
      /applied as member [0-9a-f-]{36}; waiting for an operator to activate it \(on a demo server, set CONVENE_ADMIN_TOKEN/,
    );
    expect(result.stderr).toMatch(
      /is still waiting for activation; run this again once an operator/,
    );
  }, 120_000);

  test('every member and reader operation, with keystores shared with the CLI both ways', async () => {
    const home = await mkdtemp(path.join(work, 'flow-'));
    const env = { CONVENE_URL: base, CONVENE_HOME: home, CONVENE_PASSPHRASE: PASSPHRASE };
    await cli(['keygen'], env);
    const { stdout } = await python(
      [path.join(SDK, 'tests/server_flow.py'), base, TEST_ADMIN_TOKEN],
      env,
    );
    const seen = JSON.parse(stdout.trim());
    expect(seen).toEqual({
      applied: 'applied',
      approved: 'approved',
      briefSession: true,
      signingPayloadAgrees: true,
      revisions: [2, 1],
      latestVerified: true,
      signaturesVerifyHere: true,
      takeRead: true,
      liveEvents: [
        ['take-accepted', 1],
        ['take-accepted', 2],
        ['session-published', null],
      ],
      eventsKeepSecrets: true,
      resumed: true,
      lateAmendment:
        '409 amendment window closed (session already aggregated); the take on file stands',
      receipt: { verified: true, codes: [] },
      receiptKeys: { all: [], others: ['unexpected_service_key'] },
      tamperedCodes: ['altered_payload', 'score_mismatch'],
      takeInLog: true,
      ...(seen.consistentFrom === undefined ? {} : { consistentFrom: seen.consistentFrom }),
      published: true,
      memberId: expect.any(String),
    });
    // The CLI opens the token and member file the SDK sealed.
    const whoami = await cli(['whoami', '--json'], env);
    expect(JSON.parse(whoami.stdout)).toMatchObject({ memberId: seen.memberId });
  }, 180_000);
});
