/**
 * A newcomer's first ten minutes, from the outside: a fresh clone of this repository, the README's
 * install command (`npm ci --prefer-offline`, the same lockfile install from the local cache), `npx
 * convene` before anything is built, the README's `npm start`, `/health` and the site polled with
 * curl during and after the first start, then every line of the README's CLI block run by bash as
 * written (only the port and the two `<placeholders>` filled in). The first-start figures it prints
 * are the ones in docs/benchmarks.md. Needs git, curl and bash; never skipped.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { freePort } from '@convene/test-support';

const run = promisify(execFile);
const REPO = path.resolve(fileURLToPath(import.meta.url), '../../../..');
const MINUTES = 60_000;

interface Shell {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs one command line with bash, as a reader would paste it. */
async function sh(line: string, cwd: string, env: NodeJS.ProcessEnv): Promise<Shell> {
  try {
    const { stdout, stderr } = await run('bash', ['-c', line], {
      cwd,
      env,
      maxBuffer: 64 * 1024 * 1024,
      timeout: 5 * MINUTES,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return {
      code: typeof failed.code === 'number' ? failed.code : 1,
      stdout: failed.stdout ?? '',
      stderr: failed.stderr ?? '',
    };
  }
}

/** `curl -s` of a URL: status and body, whatever the service answers. */
async function curl(url: string): Promise<{ status: number; body: string; type: string }> {
  const { stdout } = await run('curl', [
    '-s',
    '-o',
    '-',
    '-w',
    '\n%{http_code} %{content_type}',
    url,
  ]).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '\n000 ' }));
  const cut = stdout.lastIndexOf('\n');
  const [status, type] = stdout.slice(cut + 1).split(' ');
  return { status: Number(status), body: stdout.slice(0, cut), type: type ?? '' };
}

/**
 * The command lines of the first sh block under a heading: continuation lines joined, blank lines
 * dropped, and a comment that shows another role's command (`# operator: …`) kept as that command.
 */
function shBlock(markdown: string, heading: string): string[] {
  const section = markdown.slice(markdown.indexOf(heading));
  const block = /```sh\n([\s\S]*?)```/.exec(section)?.[1] ?? '';
  return block
    .replace(/\\\n\s*/g, '')
    .split('\n')
    .map((line) => line.replace(/^# [a-z]+: /, ''))
    .filter((line) => line.trim() !== '' && !line.startsWith('#'));
}

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/;

describe('a fresh clone, the way the README says', () => {
  let clone: string;
  let home: string;
  let server: ChildProcess | undefined;
  let output = '';
  let baseUrl: string;
  let env: NodeJS.ProcessEnv;

  beforeAll(async () => {
    const parent = await mkdtemp(path.join(os.tmpdir(), 'convene-clone-'));
    clone = path.join(parent, 'convene');
    home = path.join(parent, 'home');
    const head = (await run('git', ['rev-parse', 'HEAD'], { cwd: REPO })).stdout.trim();
    await run('git', ['clone', '--quiet', REPO, clone]);
    await run('git', ['checkout', '--quiet', head], { cwd: clone });
    const port = await freePort();
    baseUrl = `http://localhost:${port}`;
    env = { ...process.env, PORT: String(port), CONVENE_HOME: home, LOG_FORMAT: 'json' };
    // The clone uses its own embedded database and demo secrets, whatever the suite runs with.
    for (const name of [
      'DATABASE_URL',
      'ADMIN_TOKEN',
      'RECEIPT_SIGNING_KEY',
      'APP_ENV',
      'DATA_DIR',
    ])
      delete env[name];
  }, MINUTES);

  const cleanups: Array<() => Promise<unknown>> = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
    if (server?.pid !== undefined && server.exitCode === null) {
      const exited = new Promise((resolve) => server?.once('exit', resolve));
      process.kill(-server.pid, 'SIGTERM');
      await exited;
    }
    if (clone !== undefined) await rm(path.dirname(clone), { recursive: true, force: true });
  });

  test(
    'install prints no engine warning, and npx convene runs before anything is built',
    async () => {
      const install = await sh('npm ci --prefer-offline --no-audit --no-fund', clone, env);
      expect(install.code, install.stderr).toBe(0);
      expect(`${install.stdout}${install.stderr}`).not.toContain('EBADENGINE');
      // package.json's allowScripts records every dependency install script: npm 11 warns of none.
      expect(`${install.stdout}${install.stderr}`).not.toContain('install-scripts');
      const folders = ['.', 'docs', 'packages/web', 'packages/client/src'];
      const helps = await Promise.all(
        folders.map((folder) => sh('npx convene --help', path.join(clone, folder), env)),
      );
      for (const [i, help] of helps.entries()) {
        expect(help.code, `${folders[i]}: ${help.stderr}`).toBe(0);
        expect(help.stdout, folders[i]).toContain('Usage: convene');
      }
    },
    10 * MINUTES,
  );

  test(
    'npm start: loading (503) until the demo data is complete, then ok and consistent',
    async () => {
      const started = performance.now();
      server = spawn('npm', ['start'], { cwd: clone, env, detached: true });
      server.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
      server.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));

      const seen: string[] = [];
      let listeningMs: number | undefined;
      let loadingChecked = false;
      for (;;) {
        expect(server.exitCode, output.slice(-3000)).toBeNull();
        expect(performance.now() - started, output.slice(-3000)).toBeLessThan(8 * MINUTES);
        const health = await curl(`${baseUrl}/health`);
        if (health.status !== 0) {
          listeningMs ??= performance.now() - started;
          const status = (JSON.parse(health.body) as { status: string }).status;
          if (seen.at(-1) !== status) seen.push(status);
          if (status === 'ok') {
            expect(health.status).toBe(200);
            break;
          }
          expect(health.status).toBe(503);
          expect(status).toBe('loading');
          if (!loadingChecked) {
            // While loading: the API refuses honestly and the site says so; nothing half-built.
            const read = await curl(`${baseUrl}/api/swarm/open-session`);
            const page = await curl(`${baseUrl}/`);
            if (
              (JSON.parse((await curl(`${baseUrl}/health`)).body) as { status: string }).status ===
              'loading'
            ) {
              expect(read.status).toBe(503);
              expect(page.status).toBe(503);
              expect(page.body).toContain('loading its demo data');
              loadingChecked = true;
            }
          }
        }
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      const readyMs = performance.now() - started;
      console.info(
        `fresh clone: npm start listening after ${Math.round(listeningMs ?? 0)} ms, ` +
          `/health ok after ${Math.round(readyMs)} ms (build included); statuses seen: ${seen.join(' → ')}`,
      );
      expect(seen).toEqual(['loading', 'ok']);
      expect(loadingChecked).toBe(true);
      expect(output).toContain('demo data ready');

      // Once ok, the open session is the current one: collecting, its window still open.
      const open = JSON.parse((await curl(`${baseUrl}/api/swarm/open-session`)).body) as {
        state: string;
        windowClosesAt: string | null;
      } | null;
      expect(open?.state).toBe('collecting');
      if (open?.windowClosesAt != null)
        expect(Date.parse(open.windowClosesAt)).toBeGreaterThan(Date.now());

      // The site for curl (no Accept header), JSON 404 for an unknown API path.
      const site = await curl(`${baseUrl}/`);
      expect(site.status).toBe(200);
      expect(site.type).toContain('text/html');
      expect(site.body).toContain('<div id="app">');
      const missing = await curl(`${baseUrl}/api/nothing-here`);
      expect(missing.status).toBe(404);
      expect(JSON.parse(missing.body)).toEqual({ error: 'no route for GET /api/nothing-here' });
      // The banner said where everything is.
      expect(output).toContain(`admin token in ${path.join(clone, 'data', 'admin-token')}`);
      expect(output).toContain(`API docs ${baseUrl}/docs`);
    },
    10 * MINUTES,
  );

  /** Runs a block's lines in order as one reader's shell session would; placeholders filled. */
  async function runBlock(
    lines: string[],
    shellEnv: NodeJS.ProcessEnv,
    fill: (line: string, seen: Map<string, string>) => string,
    check: (line: string, result: Shell, seen: Map<string, string>) => void = () => undefined,
  ): Promise<{ seen: Map<string, string>; environment: NodeJS.ProcessEnv }> {
    const seen = new Map<string, string>();
    let environment = shellEnv;
    for (const written of lines) {
      const line = fill(written.replaceAll('http://localhost:8080', baseUrl), seen);
      expect(line, 'every placeholder is filled').not.toMatch(/<[A-Za-z]+>/);
      if (line.startsWith('export ') || line.startsWith('set -a')) {
        // `export` (or sourcing a settings file) sets the environment of the lines after it, as in
        // the reader's shell.
        const printed = await sh(`${line}\nenv -0`, clone, environment);
        expect(printed.code, line).toBe(0);
        expect(`\0${printed.stdout}`, line).toContain('\0PATH=');
        environment = Object.fromEntries(
          printed.stdout
            .split('\0')
            .filter((pair) => pair.includes('='))
            .map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]),
        );
        continue;
      }
      const result = await sh(line, clone, environment);
      expect(result.code, `${written}\n${result.stdout}\n${result.stderr}`).toBe(0);
      if (/ apply /.test(line)) seen.set('memberId', UUID.exec(result.stdout)?.[0] ?? '');
      const filed = /^take filed: (\S+) \(revision \d+, receipt \d+\)$/m.exec(result.stdout);
      if (filed !== null) seen.set('takeId', filed[1]!);
      check(line, result, seen);
    }
    return { seen, environment };
  }

  async function sessionIds(): Promise<{ open: string; published: string }> {
    const open = JSON.parse((await curl(`${baseUrl}/api/swarm/open-session`)).body) as {
      id: string;
    };
    const published = JSON.parse(
      (await curl(`${baseUrl}/api/swarm/sessions?state=published&limit=1`)).body,
    ) as { sessions: Array<{ id: string }> };
    expect(published.sessions[0]?.id).toBeDefined();
    return { open: open.id, published: published.sessions[0]!.id };
  }

  // The docs' blocks run side by side, as several readers of one service would: each files its own
  // take (the audit proves those logged while it runs); the operator's first day has its own
  // PostgreSQL and replicas.
  test.concurrent(
    "every line of the README's CLI block works as written",
    async () => {
      const readme = await readFile(path.join(clone, 'README.md'), 'utf8');
      const lines = shBlock(readme, '## The `convene` CLI');
      expect(lines.length).toBeGreaterThanOrEqual(8);
      const sessions = await sessionIds();
      const { seen } = await runBlock(
        lines,
        env,
        (line, known) =>
          line
            .replaceAll('<sessionId>', sessions.published)
            .replaceAll('<takeId>', known.get('takeId') ?? '<takeId>')
            .replaceAll('<memberId>', known.get('memberId') ?? '<memberId>'),
        (line, result) => {
          if (line.includes('verify ')) expect(result.stdout).toMatch(/^VERIFIED$/m);
          if (line.includes(' sessions ')) expect(result.stdout).toContain(sessions.published);
          if (line.includes('admin status')) {
            expect(result.stdout).toMatch(/^env +demo$/m);
            expect(result.stdout).toMatch(
              /^migrations +\d+ applied, latest \d{4}-[a-z-]+; none pending$/m,
            );
            expect(result.stdout).toMatch(/^open sessions \(\d+\)$/m);
          }
        },
      );
      expect(seen.get('memberId')).toMatch(UUID);
      expect(seen.get('takeId')).toMatch(UUID);
    },
    10 * MINUTES,
  );

  test.concurrent(
    "every line of docs/agents.md's CLI block works as written",
    async () => {
      const guide = await readFile(path.join(clone, 'docs', 'agents.md'), 'utf8');
      const lines = shBlock(guide, '## With the CLI');
      expect(lines.length).toBeGreaterThanOrEqual(14);
      const sessions = await sessionIds();
      await writeFile(path.join(clone, 'take.md'), 'A longer take, from a file.\n');
      const { seen } = await runBlock(
        lines,
        { ...env, CONVENE_HOME: `${home}-agents` },
        (line, known) =>
          line
            .replace(/brief --session <sessionId>/, `brief --session ${sessions.open}`)
            .replace(/verify receipt <sessionId>/, `verify receipt ${sessions.published}`)
            .replaceAll('<memberId>', known.get('memberId') ?? '<memberId>')
            .replaceAll('<takeId>', known.get('takeId') ?? '<takeId>'),
        (line, result) => {
          if (line.includes('verify ')) expect(result.stdout).toMatch(/^VERIFIED$/m);
        },
      );
      expect(seen.get('takeId')).toMatch(UUID);
    },
    10 * MINUTES,
  );

  test.concurrent(
    "docs/agents.md's curl and Node block runs as one script, from apply to a verified take",
    async () => {
      const guide = await readFile(path.join(clone, 'docs', 'agents.md'), 'utf8');
      const section = guide.slice(guide.indexOf('## With curl and Node'));
      const script = /```sh\n([\s\S]*?)```/.exec(section)?.[1] ?? '';
      expect(script).toContain('api/swarm/submit');
      // Only the address changes; the script runs where the README's `npm start` ran.
      const result = await sh(`set -euo pipefail\n${script}`, clone, { ...env, BASE: baseUrl });
      expect(result.code, result.stderr).toBe(0);
      expect(result.stdout).toMatch(/"memberStatus":"active"/);
      expect(result.stdout).toMatch(/"status":201,"recommendationId":\d+,"verified":true/);
    },
    5 * MINUTES,
  );

  /** The sh block under a heading, as written (a heredoc stays whole). */
  const rawBlock = (markdown: string, heading: string): string => {
    const section = markdown.slice(markdown.indexOf(heading));
    return /```sh\n([\s\S]*?)```/.exec(section)?.[1] ?? '';
  };

  test.concurrent(
    "docs/operations.md's first day on PostgreSQL, two replicas, as written: settings, migrations, first subject and session, a take, publication, verification through the other replica",
    async () => {
      const ops = await readFile(path.join(clone, 'docs', 'operations.md'), 'utf8');
      // Its own role and database, free ports; replica 1 stands in for the proxy (no nginx here).
      const name = `convene_ops_${Math.random().toString(36).slice(2, 10)}`;
      const [first, second] = [await freePort(), await freePort()];
      const fill = (line: string, seen: Map<string, string>) =>
        line
          .replaceAll('role convene login', `role ${name} login`)
          .replaceAll('--owner=convene convene', `--owner=${name} ${name}`)
          .replaceAll(
            'postgres://convene:change-me@127.0.0.1:5432/convene',
            `postgres://${name}:change-me@127.0.0.1:5432/${name}`,
          )
          .replaceAll('127.0.0.1:8080', `127.0.0.1:${first}`)
          .replaceAll('8081', String(first))
          .replaceAll('8082', String(second))
          .replaceAll('<memberId>', seen.get('memberId') ?? '<memberId>')
          .replaceAll('<sessionId>', seen.get('sessionId') ?? '<sessionId>');
      const admin = (statement: string) =>
        sh(`psql -h 127.0.0.1 -U postgres -c "${statement}"`, clone, env);
      cleanups.push(async () => {
        await admin(`drop database if exists ${name} with (force)`);
        await admin(`drop role if exists ${name}`);
      });
      const shellEnv: NodeJS.ProcessEnv = { ...env, CONVENE_HOME: `${home}-ops` };
      delete shellEnv.PORT;

      // 2 and 3: the role and database, the settings file (a heredoc: one script).
      await runBlock(shBlock(ops, '### 2. Create the database'), shellEnv, fill);
      const settings = await sh(fill(rawBlock(ops, '### 3. Settings'), new Map()), clone, shellEnv);
      expect(settings.code, settings.stderr).toBe(0);
      expect(await readFile(path.join(clone, 'convene.env'), 'utf8')).toMatch(
        /^LOG_SIGNING_KEY=.+$/m,
      );

      // 4: both replicas at once, in the background of a shell that stays to be stopped afterwards.
      const start = fill(rawBlock(ops, '### 4. Start both replicas'), new Map());
      const replicas = spawn('bash', ['-c', `${start}\nwait`], {
        cwd: clone,
        env: shellEnv,
        detached: true,
        stdio: 'ignore',
      });
      cleanups.push(async () => {
        if (replicas.pid === undefined || replicas.exitCode !== null) return;
        const exited = new Promise((resolve) => replicas.once('exit', resolve));
        process.kill(-replicas.pid, 'SIGTERM');
        await exited;
      });
      for (const port of [first, second]) {
        for (let attempt = 0; ; attempt++) {
          const health = await curl(`http://127.0.0.1:${port}/health`);
          if (health.status === 200) break;
          expect(replicas.exitCode, 'the replicas keep running').toBeNull();
          expect(attempt, `replica on ${port} answers /health`).toBeLessThan(480);
          await new Promise((resolve) => setTimeout(resolve, 250));
        }
      }
      const logs = await Promise.all(
        ['replica-1.log', 'replica-2.log'].map((file) => readFile(path.join(clone, file), 'utf8')),
      );
      expect(logs.filter((log) => log.includes('"applied migrations"'))).toHaveLength(1);

      // 6, 6b and 6c in one shell: the settings sourced (as step 4 did), then each line as written.
      const source = shBlock(ops, '### 4. Start both replicas')[0]!;
      expect(source).toBe('set -a && . ./convene.env && set +a');
      const lines = [
        source,
        ...shBlock(ops, '### 6. Check it'),
        ...shBlock(ops, '### 6b. First subject and session'),
        ...shBlock(ops, '### 6c. One session end to end'),
      ];
      expect(lines.join('\n')).toContain('publish <sessionId>');
      const { seen } = await runBlock(lines, shellEnv, fill, (line, result, known) => {
        if (line.endsWith('/health')) {
          expect(JSON.parse(result.stdout)).toMatchObject({
            status: 'ok',
            env: 'prod',
            db: 'postgres: ok',
            append_only_guard: 'enforced',
            handle_namespace: 'enforced',
          });
        }
        if (line.includes('/metrics')) expect(result.stdout).toMatch(/^convene_/m);
        if (line.includes('admin status')) {
          expect(result.stdout).toMatch(/^env +prod$/m);
          expect(result.stdout).toMatch(/none pending$/m);
        }
        if (line.endsWith('/api/swarm/open-session')) {
          const open = JSON.parse(result.stdout) as {
            id: string;
            subjectId: string;
            state: string;
          };
          expect(open).toMatchObject({ subjectId: 'convene-treasury', state: 'collecting' });
          known.set('sessionId', open.id);
        }
        if (line.includes('session publish')) expect(result.stdout).toContain(': published');
        // Through the other replica: the same receipt, chain and log entry.
        if (line.includes('verify receipt')) expect(result.stdout).toMatch(/^VERIFIED$/m);
      });
      expect(seen.get('takeId')).toMatch(UUID);
      expect(lines.at(-1)).toMatch(
        /^CONVENE_URL=http:\/\/127\.0\.0\.1:8082 npx convene verify receipt/,
      );
    },
    10 * MINUTES,
  );
});
