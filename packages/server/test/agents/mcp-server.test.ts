import { spawn } from 'node:child_process';
import { scrypt } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { KEYSTORE_SCRYPT_MAXMEM, keyFingerprint, sealSecret, type Scrypt } from '@convene/protocol';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { TEST_ADMIN_TOKEN, createTestApp, type TestContext } from '../support/app.js';
import { describeEachDatabase } from '../support/databases.js';
import { newMember, type TestMember } from '../support/swarm.js';

/*
 * `convene mcp` from the outside: the CLI's MCP server as a child process on stdio, driven by the
 * official SDK's client against a listening server, with a member home as `convene keygen`,
 * `apply` and `claim-token` leave it (keystore and token sealed with the passphrase).
 */
const BIN = fileURLToPath(new URL('../../../client/bin/convene.js', import.meta.url));
const PASSPHRASE = 'mcp test passphrase';
const SUBJECT = 'mcp-treasury';

const nodeScrypt: Scrypt = (passphrase, salt, { N, r, p }) =>
  new Promise((resolve, reject) =>
    scrypt(passphrase, salt, 32, { N, r, p, maxmem: KEYSTORE_SCRYPT_MAXMEM }, (error, key) =>
      error === null ? resolve(new Uint8Array(key)) : reject(error),
    ),
  );

async function writeMemberHome(dir: string, member: TestMember): Promise<void> {
  const write = (name: string, value: unknown) =>
    writeFile(path.join(dir, name), JSON.stringify(value), { mode: 0o600 });
  await write('keystore.json', {
    publicKey: member.publicKey,
    fingerprint: keyFingerprint(member.publicKey),
    createdAt: new Date().toISOString(),
    seed: await sealSecret(member.seed, PASSPHRASE, nodeScrypt),
  });
  await write('token.json', { token: await sealSecret(member.token, PASSPHRASE, nodeScrypt) });
  await write('member.json', { memberId: member.memberId, handle: member.handle });
}

const text = (result: unknown) =>
  (result as CallToolResult).content.map((c) => (c.type === 'text' ? c.text : '')).join('');
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tool results are read as loose JSON
const json = (result: unknown) => JSON.parse(text(result)) as Record<string, any>;

describeEachDatabase('convene mcp over stdio', (kind) => {
  let ctx: TestContext;
  let member: TestMember;
  let home: string;
  let client: Client;
  let sessionId: string;
  const results: string[] = [];

  const call = async (name: string, args: Record<string, unknown> = {}) => {
    const result = await client.callTool({ name, arguments: args });
    results.push(text(result));
    return result as CallToolResult;
  };
  const admin = (url: string, payload?: Record<string, unknown>) =>
    ctx.app.inject({
      method: 'POST',
      url,
      headers: { 'x-admin-token': TEST_ADMIN_TOKEN },
      ...(payload === undefined ? {} : { payload }),
    });

  beforeAll(async () => {
    ctx = await createTestApp(kind);
    const base = await ctx.app.listen({ host: '127.0.0.1', port: 0 });
    const subject = await ctx.app.inject({
      method: 'PUT',
      url: `/api/swarm/admin/subjects/${SUBJECT}`,
      headers: { 'x-admin-token': TEST_ADMIN_TOKEN },
      payload: { name: 'MCP treasury', recommendationType: 'bucket_weights', quorumRequired: 1 },
    });
    expect(subject.statusCode).toBe(201);
    const opened = await admin('/api/swarm/admin/sessions', {
      subjectId: SUBJECT,
      windowClosesAt: new Date(ctx.clock.now().getTime() + 3_600_000).toISOString(),
    });
    expect(opened.statusCode).toBe(201);
    sessionId = opened.json<{ sessionId: string }>().sessionId;
    member = await newMember(ctx.app, `MCP Agent ${kind}`);
    home = await mkdtemp(path.join(os.tmpdir(), 'convene-mcp-'));
    await writeMemberHome(home, member);
    client = new Client({ name: 'convene-mcp-test', version: '1.0.0' });
    await client.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: [BIN, 'mcp'],
        env: {
          PATH: process.env.PATH ?? '',
          CONVENE_URL: base,
          CONVENE_HOME: home,
          CONVENE_PASSPHRASE: PASSPHRASE,
        },
        stderr: 'ignore',
      }),
    );
  }, 120_000);

  afterAll(async () => {
    await client?.close();
    await ctx?.close();
    if (home !== undefined) await rm(home, { recursive: true, force: true });
  });

  test('lists its tools with schemas, its resources and its prompt', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual([
      'amend_take',
      'file_take',
      'my_takes',
      'open_sessions',
      'read_brief',
      'regime_summary',
      'research_summary',
      'track_record',
      'verify_receipt',
      'verify_take',
    ]);
    for (const tool of tools) {
      expect(tool.description?.length).toBeGreaterThan(40);
      expect(tool.inputSchema.type).toBe('object');
    }
    const fileTake = tools.find((t) => t.name === 'file_take')!;
    expect((fileTake.inputSchema.properties as { stance: { enum: string[] } }).stance.enum).toEqual(
      ['bearish', 'cautious', 'neutral', 'constructive', 'bullish'],
    );
    const { resources } = await client.listResources();
    expect(resources.map((r) => r.uri).sort()).toEqual([
      'convene://docs/methodology',
      'convene://skills/swarm-onboarding',
    ]);
    const skill = await client.readResource({ uri: 'convene://skills/swarm-onboarding' });
    expect((skill.contents[0] as { text: string }).text).toContain('Convene swarm onboarding');
    const methodology = await client.readResource({ uri: 'convene://docs/methodology' });
    expect((methodology.contents[0] as { text: string }).text.length).toBeGreaterThan(1000);
    const { prompts } = await client.listPrompts();
    expect(prompts.map((p) => p.name)).toEqual(['file-todays-take']);
    const prompt = await client.getPrompt({ name: 'file-todays-take', arguments: {} });
    expect(JSON.stringify(prompt.messages)).toContain('file_take');
  });

  test('shows the open session and reads its brief, as a summary or in full', async () => {
    const open = json(await call('open_sessions'));
    expect(open.sessions).toEqual([expect.objectContaining({ id: sessionId, subjectId: SUBJECT })]);
    const summary = json(await call('read_brief'));
    expect(summary).toMatchObject({ sessionId, subjectId: SUBJECT });
    expect(summary.prompt.user).toContain(SUBJECT);
    const full = json(await call('read_brief', { sessionId, full: true }));
    expect(full.body.takeSchema.stance.enum).toContain('neutral');
    expect(text(await call('regime_summary'))).toContain('latest');
    expect(json(await call('research_summary')).signals).toBeInstanceOf(Array);
  });

  test('files a take, amends it and reads it back verified', async () => {
    const filed = await call('file_take', {
      stance: 'constructive',
      confidence: 0.7,
      body: 'REGIME: calm. ALLOCATION: hold. SUBJECT: fine.',
    });
    expect(filed.isError, text(filed)).toBeFalsy();
    expect(json(filed)).toMatchObject({ sessionId, revision: 1, verified: true });

    const again = await call('file_take', { stance: 'neutral', confidence: 0.5 });
    expect(again.isError).toBe(true);
    expect(text(again)).toContain('call amend_take');

    const amended = await call('amend_take', {
      stance: 'neutral',
      confidence: 0.6,
      body: 'revised',
    });
    expect(amended.isError, text(amended)).toBeFalsy();
    const { takeId } = json(amended);
    expect(json(amended)).toMatchObject({ revision: 2, verified: true, amendmentsLeft: 3 });

    const mine = json(await call('my_takes', { sessionId }));
    expect(mine.takes).toHaveLength(2);
    expect(mine.takes[0]).toMatchObject({
      takeId,
      revision: 2,
      latest: true,
      stance: 'neutral',
      verification: { verified: true, signatureVerifiesLocally: true, fieldsMatchSignedText: true },
    });
    expect(mine.takes[1]).toMatchObject({ revision: 1, latest: false });

    const checked = json(await call('verify_take', { takeId }));
    expect(checked.checks.filter((c: { status: string }) => c.status === 'failed')).toEqual([]);
    expect(checked.checks.map((c: { check: string }) => c.check)).toContain(
      'Ed25519 signature verifies with the key on the receipt',
    );
  });

  test("refusals carry the spec's message and what to do; a published receipt verifies", async () => {
    const bad = await call('file_take', { stance: 'sideways', confidence: 0.5 });
    expect(bad.isError).toBe(true);
    expect(text(bad)).toContain('stance');
    expect((await call('verify_receipt', { sessionId })).isError).toBe(true);

    expect((await admin(`/api/swarm/admin/sessions/${sessionId}/publish`)).statusCode).toBe(200);
    const late = await call('amend_take', { sessionId, stance: 'bullish', confidence: 0.9 });
    expect(late.isError).toBe(true);
    expect(text(late)).toBe(
      '409 amendment window closed (session already aggregated); the take on file stands. the session is aggregated, so your latest take stands. Do not retry.',
    );
    const receipt = json(await call('verify_receipt', { sessionId }));
    expect(receipt).toMatchObject({ sessionId, verified: true, unverifiedReasons: [] });
    expect(receipt.checks.filter((c: { status: string }) => c.status === 'failed')).toEqual([]);
    expect(json(await call('track_record'))).toBeTypeOf('object');
  });

  test('no result ever carried the token, the passphrase or the seed', () => {
    expect(results.length).toBeGreaterThan(10);
    for (const result of results) {
      expect(result).not.toContain(member.token);
      expect(result).not.toContain(PASSPHRASE);
      expect(result).not.toContain(member.seed);
      expect(result).not.toMatch(/\n\s+at .+:\d+:\d+/);
    }
  });
});

/**
 * A client that sends a line that is not JSON, or JSON that is not a JSON-RPC message, gets
 * JSON-RPC 2.0's error for it (id null) rather than silence; closing stdin ends the server, exit 0.
 */
test('convene mcp answers -32700 and -32600 with id null, and exits 0 when stdin closes', async () => {
  const home = await mkdtemp(path.join(os.tmpdir(), 'convene-mcp-raw-'));
  const child = spawn(process.execPath, [BIN, 'mcp'], {
    env: { PATH: process.env.PATH ?? '', CONVENE_URL: 'http://127.0.0.1:9', CONVENE_HOME: home },
    stdio: ['pipe', 'pipe', 'ignore'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  try {
    const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
    const answer = async () => JSON.parse(((await lines.next()).value as string) ?? 'null');
    child.stdin.write('this is not json\n');
    expect(await answer()).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: { code: -32700, message: 'Parse error' },
    });
    child.stdin.write('{"hello":"world"}\n');
    expect(await answer()).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: { code: -32600, message: 'Invalid Request' },
    });
    child.stdin.end();
    expect(await exited).toBe(0);
  } finally {
    child.kill();
    await rm(home, { recursive: true, force: true });
  }
}, 30_000);
