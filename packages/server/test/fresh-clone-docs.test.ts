/**
 * The docs' command blocks, run as written on a clone of this repository: every line of the README's
 * CLI block, docs/agents.md's CLI block and its curl-and-Node script against the clone's `npm start`,
 * and docs/operations.md's first day on PostgreSQL with two replicas (only ports, names and the
 * `<placeholders>` filled in). The clone's install, build and first start are fresh-clone.test.ts;
 * here the clone shares the checkout's installed packages and build (hard links: the same lockfile's
 * install, the same commit's build) and its server opens a copy of the suite's seeded demo data, so
 * the blocks start in seconds. Needs git, curl, bash and psql; never skipped.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { copyOfTemplate, freePort, suiteDemoTemplate } from '@convene/test-support';
import {
  cloneAtHead,
  curl,
  MINUTES,
  rawBlock,
  REPO,
  runBlock,
  serverPid,
  sh,
  shBlock,
  stopGroup,
  UUID,
} from './support/fresh-clone.js';

const run = promisify(execFile);

const PACKAGES = ['client', 'protocol', 'server', 'test-support', 'web'];

/**
 * The checkout's installed packages and its build in the clone, hard-linked (copied across file
 * systems): the same lockfile's install and the same commit's build (fresh-clone.test.ts installs
 * and builds a clone for itself). Not the build caches, which a build would rewrite in place.
 */
async function linkInstallAndBuild(clone: string): Promise<void> {
  const link = async (folder: string) => {
    const from = path.join(REPO, folder);
    if (!existsSync(from)) return;
    const to = path.join(clone, folder);
    await run('cp', ['-al', from, to]).catch(() => run('cp', ['-a', from, to]));
  };
  for (const folder of ['node_modules', ...PACKAGES.map((p) => `packages/${p}/node_modules`)])
    await link(folder);
  for (const cache of ['.cache', '.vite', '.vite-temp'])
    await rm(path.join(clone, 'node_modules', cache), { recursive: true, force: true });
  for (const name of PACKAGES) await link(`packages/${name}/dist`);
}

describe("the docs' command blocks on a clone, as written", () => {
  let clone: string;
  let home: string;
  let server: ChildProcess | undefined;
  let output = '';
  let baseUrl: string;
  let env: NodeJS.ProcessEnv;

  beforeAll(async () => {
    const port = await freePort();
    baseUrl = `http://localhost:${port}`;
    ({ clone, home, env } = await cloneAtHead(port));
    await Promise.all([
      linkInstallAndBuild(clone),
      suiteDemoTemplate().then((template) => copyOfTemplate(template, path.join(clone, 'data'))),
    ]);
    // As `npm start` runs it once built (fresh-clone.test.ts runs `npm start` itself).
    server = spawn('node', ['packages/server/dist/main.js'], { cwd: clone, env, detached: true });
    server.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    server.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    for (let attempt = 0; (await curl(`${baseUrl}/health`)).status !== 200; attempt++) {
      expect(server.exitCode, output.slice(-3000)).toBeNull();
      expect(attempt, output.slice(-3000)).toBeLessThan(1200);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }, 8 * MINUTES);

  const cleanups: Array<() => Promise<unknown>> = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
    await stopGroup(server);
    if (clone !== undefined) await rm(path.dirname(clone), { recursive: true, force: true });
  });

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
        { cwd: clone, baseUrl, env },
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
        { cwd: clone, baseUrl, env: { ...env, CONVENE_HOME: `${home}-agents` } },
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
      // The private key lands under the member's home, owner-only, never in the clone.
      expect(existsSync(path.join(clone, 'seed.b64'))).toBe(false);
      expect(existsSync(path.join(clone, 'pub.b64'))).toBe(false);
      expect((await stat(path.join(home, 'curl'))).mode & 0o777).toBe(0o700);
      expect((await stat(path.join(home, 'curl', 'seed.b64'))).mode & 0o777).toBe(0o600);
    },
    5 * MINUTES,
  );

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
      await runBlock(
        shBlock(ops, '### 2. Create the database'),
        { cwd: clone, baseUrl, env: shellEnv },
        fill,
      );
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
      cleanups.push(() => stopGroup(replicas));
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
      const where = { cwd: clone, baseUrl, env: shellEnv };
      const { seen } = await runBlock(lines, where, fill, (line, result, known) => {
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
        const opened = /^session (\S+) opened$/m.exec(result.stdout);
        if (line.includes('admin session open')) {
          expect(opened?.[1]).toMatch(UUID);
          known.set('openedId', opened![1]!);
        }
        if (line.endsWith('/api/swarm/open-session')) {
          const open = JSON.parse(result.stdout) as {
            id: string;
            subjectId: string;
            state: string;
          };
          // The session 6b opened by hand: the schedule, enabled after it, counts it as today's.
          expect(open).toMatchObject({
            id: known.get('openedId'),
            subjectId: 'convene-treasury',
            state: 'collecting',
          });
          known.set('sessionId', open.id);
        }
        if (line.includes('session publish')) expect(result.stdout).toContain(': published');
        // Through the other replica: the same receipt, chain and log entry.
        if (line.includes('verify receipt')) expect(result.stdout).toMatch(/^VERIFIED$/m);
      });
      // What 6c promises beyond VERIFIED: the rehearsal's take is in the receipt, and the
      // schedule opened no second session for the day.
      const receipt = JSON.parse(
        (
          await curl(
            `http://127.0.0.1:${second}/api/swarm/sessions/${seen.get('sessionId')}/consensus-receipt`,
          )
        ).body,
      ) as { verified: boolean; payload: { quorum: { submitted: number; rosterSize: number } } };
      expect(receipt.verified).toBe(true);
      expect(receipt.payload.quorum).toMatchObject({ submitted: 1, rosterSize: 1 });
      const sessions = JSON.parse(
        (await curl(`http://127.0.0.1:${first}/api/swarm/sessions?subject=convene-treasury`)).body,
      ) as { sessions: Array<{ id: string }> };
      expect(sessions.sessions.map((session) => session.id)).toEqual([seen.get('sessionId')]);
      expect(seen.get('takeId')).toMatch(UUID);
      expect(lines.at(-1)).toMatch(
        /^CONVENE_URL=http:\/\/127\.0\.0\.1:8082 npx convene verify receipt/,
      );
      const publishedSession = seen.get('sessionId')!;

      // 7: the admin token rolled, the replicas restarted one at a time. The test's shell did not
      // start them, so `wait <pid>` is the docs' own `while kill -0 <pid>` loop for scripts.
      const settingsFile = path.join(clone, 'convene.env');
      const setting = async (name: string) =>
        new RegExp(`^${name}=(.+)$`, 'm').exec(await readFile(settingsFile, 'utf8'))?.[1];
      const oldToken = await setting('ADMIN_TOKEN');
      const [rollLine, ...restartLines] = rawBlock(ops, '### 7. Rotate the admin token')
        .trim()
        .split('\n');
      expect(rollLine).toMatch(/^sed -i "s\|\^ADMIN_TOKEN=/);
      expect(restartLines[0]).toBe(source);
      const restartBoth = async (script: string) => {
        const pids = [await serverPid(clone, first), await serverPid(clone, second)];
        expect(pids, 'both replicas run before the restart').not.toContain(undefined);
        const filled = fill(script, new Map())
          .replace(
            /wait <pid of replica (\d)>/g,
            (_, n: string) => `while kill -0 ${pids[Number(n) - 1]}; do sleep 0.2; done`,
          )
          .replace(/<pid of replica (\d)>/g, (_, n: string) => String(pids[Number(n) - 1]));
        expect(filled, 'every placeholder is filled').not.toMatch(/<[^>]+>/);
        const shell = spawn('bash', ['-c', `${filled}\nwait`], {
          cwd: clone,
          env: shellEnv,
          detached: true,
          stdio: 'ignore',
        });
        cleanups.push(() => stopGroup(shell));
        for (const [index, port] of [first, second].entries()) {
          for (let attempt = 0; ; attempt++) {
            const pid = await serverPid(clone, port);
            const restarted = pid !== undefined && pid !== pids[index];
            if (restarted && (await curl(`http://127.0.0.1:${port}/health`)).status === 200) break;
            expect(shell.exitCode, 'the restarting shell keeps running').toBeNull();
            expect(attempt, `replica on ${port} restarts`).toBeLessThan(480);
            await new Promise((resolve) => setTimeout(resolve, 250));
          }
        }
      };
      await restartBoth([rollLine, ...restartLines].join('\n'));
      const newToken = await setting('ADMIN_TOKEN');
      expect(newToken).not.toBe(oldToken);
      for (const port of [first, second]) {
        const status = (token: string) =>
          fetch(`http://127.0.0.1:${port}/api/admin/status`, {
            headers: { 'x-admin-token': token },
          });
        const refused = await status(oldToken!);
        expect(refused.status).toBe(401);
        expect(await refused.json()).toMatchObject({ error: 'invalid admin token' });
        expect((await status(newToken!)).status).toBe(200);
      }

      // 8: the receipt key rotated ("restart both replicas one at a time, as above": step 7's
      // lines), then the block's checks; the receipt of 6c, signed with the old key, still verifies.
      const rotation = shBlock(ops, '### 8. Rotate the receipt signing key');
      const oldKeyId = (
        JSON.parse((await curl(`http://127.0.0.1:${first}/api/swarm/receipt-key`)).body) as {
          keyId: string;
        }
      ).keyId;
      expect(rotation[0]).toMatch(/^sed -i "s\|\^RECEIPT_SIGNING_KEY=/);
      await restartBoth([rotation[0]!, ...restartLines].join('\n'));
      const rotated = await runBlock(
        rotation.slice(1),
        { cwd: clone, baseUrl, env: shellEnv },
        (line, known) => fill(line.replace('<an old sessionId>', publishedSession), known),
        (line, result) => {
          if (/\/api\/swarm\/receipt-key\s/.test(line))
            expect(JSON.parse(result.stdout)).not.toMatchObject({ keyId: oldKeyId });
          if (/\/api\/swarm\/receipt-keys\s/.test(line)) {
            const { keys } = JSON.parse(result.stdout) as {
              keys: Array<{ keyId: string; current: boolean }>;
            };
            expect(keys.map((key) => key.current)).toEqual([true, false]);
            expect(keys[1]!.keyId).toBe(oldKeyId);
          }
          if (line.includes('verify receipt')) expect(result.stdout).toMatch(/^VERIFIED$/m);
        },
      );
      expect(rotated.environment.CONVENE_SERVICE_KEY?.split(',')).toHaveLength(2);

      // 9: an owner-only dump, restored into a new database; a server on it answers as before.
      const restoredName = `${name}_restored`;
      cleanups.push(() => admin(`drop database if exists ${restoredName} with (force)`));
      const restoreFill = (line: string, known: Map<string, string>) =>
        fill(line, known).replaceAll('--role=convene ', `--role=${name} `);
      const backup = [
        ...shBlock(ops, '### 9. Back up and restore'),
        ...shBlock(ops, 'Restore into a new, empty database owned by the same role'),
      ];
      expect(backup[0]).toMatch(/^\(umask 077 && pg_dump /);
      expect(backup.at(-1)).toMatch(/^pg_restore /);
      await runBlock(backup, { cwd: clone, baseUrl, env: shellEnv }, restoreFill);
      expect((await stat(path.join(clone, 'convene.dump'))).mode & 0o777).toBe(0o600);
      const restoredPort = await freePort();
      const restoredServer = spawn(
        'bash',
        [
          '-c',
          `${source} && DATABASE_URL=postgres://${name}:change-me@127.0.0.1:5432/${restoredName} PORT=${restoredPort} exec node packages/server/dist/main.js`,
        ],
        { cwd: clone, env: shellEnv, detached: true, stdio: 'ignore' },
      );
      cleanups.push(() => stopGroup(restoredServer));
      const restoredUrl = `http://127.0.0.1:${restoredPort}`;
      for (let attempt = 0; (await curl(`${restoredUrl}/health`)).status !== 200; attempt++) {
        expect(restoredServer.exitCode, 'the server on the restored database runs').toBeNull();
        expect(attempt, 'the server on the restored database answers').toBeLessThan(480);
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      expect(JSON.parse((await curl(`${restoredUrl}/health`)).body)).toMatchObject({
        status: 'ok',
        append_only_guard: 'enforced',
      });
      const restoredReceipt = JSON.parse(
        (await curl(`${restoredUrl}/api/swarm/sessions/${publishedSession}/consensus-receipt`))
          .body,
      ) as { verified: boolean };
      expect(restoredReceipt.verified).toBe(true);
      const status = await sh(
        `CONVENE_URL=${restoredUrl} CONVENE_ADMIN_TOKEN='${newToken}' npx convene admin status`,
        clone,
        shellEnv,
      );
      expect(status.code, status.stderr).toBe(0);
      expect(status.stdout).toMatch(/none pending$/m);
    },
    10 * MINUTES,
  );
});
