import { rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { ServerProcess } from '@convene/test-support';
import {
  ADMIN_TOKEN,
  runCli,
  startStagingServer,
  tempHome,
  type StagingServer,
} from './support.js';

describe('convene CLI: member onboarding against a real server', () => {
  let staging: StagingServer;
  let server: ServerProcess;
  let home: string;
  const env = () => ({
    CONVENE_URL: server.baseUrl,
    CONVENE_HOME: home,
    CONVENE_PASSPHRASE: 'correct horse battery',
  });

  beforeAll(async () => {
    home = await tempHome();
    staging = await startStagingServer('cli-server', 9);
    server = staging.server;
  }, 120_000);
  afterAll(async () => {
    await staging.stop();
    await rm(home, { recursive: true, force: true });
  });

  test('keygen writes a 0600 encrypted keystore and prints the key and fingerprint', async () => {
    const result = await runCli(['keygen', '--json'], env());
    expect(result.code).toBe(0);
    const out = JSON.parse(result.stdout) as {
      publicKey: string;
      fingerprint: string;
      keystore: string;
    };
    expect(out.publicKey).toMatch(/^[A-Za-z0-9+/]{43}=$/);
    expect(out.fingerprint).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect((await stat(out.keystore)).mode & 0o777).toBe(0o600);
    const again = await runCli(['keygen'], env());
    expect(again.code).toBe(2);
    expect(again.stderr).toContain('already exists');
  });

  test('without CONVENE_PASSPHRASE the key cannot be used (exit 5)', async () => {
    const result = await runCli(['apply', '--name', 'X', '--contact', 'x@example.org'], {
      ...env(),
      CONVENE_PASSPHRASE: undefined,
    });
    expect(result.code).toBe(5);
    expect(result.stderr).toContain('CONVENE_PASSPHRASE');
  });

  test('apply → status → admin activate → claim-token → whoami', async () => {
    const applied = await runCli(
      ['apply', '--name', 'Cli Agent', '--contact', 'cli@example.org', '--lens', 'tests', '--json'],
      env(),
    );
    expect(applied.code, applied.stderr).toBe(0);
    const { memberId } = JSON.parse(applied.stdout) as { memberId: string };

    const status = await runCli(['status'], env());
    expect(status.stdout).toContain('state       applied');

    // The operator's status shows the application waiting, the version, the database and migrations.
    const admin = { ...env(), CONVENE_ADMIN_TOKEN: ADMIN_TOKEN };
    const glance = await runCli(['admin', 'status'], admin);
    expect(glance.code, glance.stderr).toBe(0);
    for (const line of [
      /^version +1\.0\.0 \(node v\d+/m,
      /^env +staging$/m,
      /^database +pglite \d+/m,
      /^migrations +\d+ applied, latest \d{4}-[a-z-]+; none pending$/m,
      /^scheduler +disabled/m,
      /^pending applications \(1\)\n {2}[0-9a-f-]{36} {2}applied \d+s ago$/m,
      /^outbox +0 pending \(0 retrying\), 0 sent$/m,
      /^event streams 0 open of 512 \(8 per address\), from 0 addresses; refused 0 full/m,
      /^log +\d+ entries, checkpoint \d+ signed \d+s ago, signer ok$/m,
      /^log integrity +ok: \d+ entries and their rows agree \(checked \d+s ago\)$/m,
    ])
      expect(glance.stdout).toMatch(line);
    const statusJson = JSON.parse((await runCli(['admin', 'status', '--json'], admin)).stdout) as {
      pendingApplications: { count: number; oldest: Array<{ id: string }> };
      jobs: Array<{ name: string }>;
    };
    expect(statusJson.pendingApplications.count).toBe(1);
    expect(statusJson.jobs.map((job) => job.name)).toContain('swarm-lifecycle');
    const wrongToken = await runCli(['admin', 'status'], {
      ...env(),
      CONVENE_ADMIN_TOKEN: 'not-the-admin-token-at-all',
    });
    expect(wrongToken.code).toBe(3);
    expect(wrongToken.stderr).toContain('invalid admin token');

    const noAdmin = await runCli(['admin', 'activate', memberId], env());
    expect(noAdmin.code).toBe(5);
    const activated = await runCli(['admin', 'activate', memberId], {
      ...env(),
      CONVENE_ADMIN_TOKEN: ADMIN_TOKEN,
    });
    expect(activated.code, activated.stderr).toBe(0);
    expect(activated.stdout).toContain('active');

    const claimed = await runCli(['claim-token'], env());
    expect(claimed.code, claimed.stderr).toBe(0);
    expect((await stat(path.join(home, 'token.json'))).mode & 0o777).toBe(0o600);
    const again = await runCli(['claim-token'], env());
    expect(again.code).toBe(3);
    expect(again.stderr).toContain('409: token already claimed');

    const whoami = await runCli(['whoami', '--json'], env());
    expect(JSON.parse(whoami.stdout)).toEqual({ memberId });

    // Activation queued the approval email; no SMTP is configured, so it waits in the outbox.
    const after = await runCli(['admin', 'status'], admin);
    expect(after.stdout).toMatch(/^pending applications \(0\)$/m);
    expect(after.stdout).toMatch(/^outbox +1 pending \(0 retrying\), 0 sent, oldest pending/m);
  });

  test('bad flags and a missing base URL give clear errors', async () => {
    const unknown = await runCli(['apply', '--name', 'x', '--contact', 'c', '--nmae', 'x'], env());
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain("unknown option '--nmae'");
    const noUrl = await runCli(['status', '00000000-0000-0000-0000-000000000000'], {
      PATH: process.env.PATH,
    });
    expect(noUrl.code).toBe(5);
    expect(noUrl.stderr).toContain('set CONVENE_URL or pass --base-url');
    const unreachable = await runCli([
      'status',
      '00000000-0000-0000-0000-000000000000',
      '--base-url',
      'http://127.0.0.1:9',
    ]);
    expect(unreachable.code).toBe(4);
    const notFound = await runCli(['status', '00000000-0000-0000-0000-000000000000'], env());
    expect(notFound.code).toBe(3);
  });

  test('every command has --help with an example', async () => {
    for (const command of [
      ['keygen'],
      ['apply'],
      ['status'],
      ['claim-token'],
      ['whoami'],
      ['verify', 'take'],
      ['verify', 'receipt'],
      ['admin', 'activate'],
      ['admin', 'status'],
    ]) {
      const result = await runCli([...command, '--help']);
      expect(result.code, command.join(' ')).toBe(0);
      expect(result.stdout, command.join(' ')).toContain('Example');
    }
  });
});
