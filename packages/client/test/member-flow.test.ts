import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { freePort, type ServerProcess } from '@convene/test-support';
import {
  ADMIN_TOKEN,
  runCli,
  startStagingServer,
  tempHome,
  type StagingServer,
} from './support.js';

const SUBJECT = 'cli-subject';

describe('convene CLI: the whole member flow, amendments to the cap, receipt audits', () => {
  let staging: StagingServer;
  let server: ServerProcess;
  let home: string;
  let sessionId: string;
  const member = () => ({
    CONVENE_URL: server.baseUrl,
    CONVENE_HOME: home,
    CONVENE_PASSPHRASE: 'correct horse battery',
  });
  const admin = () => ({ CONVENE_URL: server.baseUrl, CONVENE_ADMIN_TOKEN: ADMIN_TOKEN });

  beforeAll(async () => {
    home = await tempHome();
    staging = await startStagingServer('cli-flow', 11);
    server = staging.server;
    for (const args of [
      ['keygen'],
      ['apply', '--name', 'Flow Agent', '--contact', 'flow@example.org'],
    ]) {
      const result = await runCli(args, member());
      if (result.code !== 0) throw new Error(result.stderr);
    }
    const memberId = JSON.parse(await readFile(path.join(home, 'member.json'), 'utf8'))
      .memberId as string;
    expect((await runCli(['admin', 'activate', memberId], admin())).code).toBe(0);
    expect((await runCli(['claim-token'], member())).code).toBe(0);
    const subject = await runCli(
      ['admin', 'subject', SUBJECT, '--name', 'CLI test subject', '--type', 'bucket_weights'],
      admin(),
    );
    expect(subject.code, subject.stderr).toBe(0);
    expect(subject.stdout).toContain('created');
    const opened = await runCli(['admin', 'session', 'open', SUBJECT, '--json'], admin());
    expect(opened.code, opened.stderr).toBe(0);
    sessionId = JSON.parse(opened.stdout).sessionId as string;
  }, 180_000);

  afterAll(async () => {
    await staging.stop();
    await rm(home, { recursive: true, force: true });
  });

  test('open-session and brief show the session the take will go to', async () => {
    const open = await runCli(['open-session', '--json'], member());
    expect(JSON.parse(open.stdout)).toMatchObject({
      id: sessionId,
      subjectId: SUBJECT,
      state: 'collecting',
    });
    const brief = await runCli(['brief', '--session', sessionId, '--json'], member());
    expect(brief.code, brief.stderr).toBe(0);
    expect(JSON.parse(brief.stdout)).toMatchObject({ sessionId, subjectId: SUBJECT });
  });

  test('sessions lists them with the API filters, UUIDs first', async () => {
    const collecting = await runCli(
      ['sessions', '--subject', SUBJECT, '--state', 'collecting', '--json'],
      member(),
    );
    expect(collecting.code, collecting.stderr).toBe(0);
    expect(JSON.parse(collecting.stdout).sessions.map((s: { id: string }) => s.id)).toEqual([
      sessionId,
    ]);
    const published = await runCli(
      ['sessions', '--subject', SUBJECT, '--state', 'published', '--json'],
      member(),
    );
    expect(JSON.parse(published.stdout).sessions).toEqual([]);
    const human = await runCli(['sessions', '--subject', SUBJECT, '--limit', '5'], member());
    expect(human.stdout).toMatch(/^session +date +subject +state +takes +closes at$/m);
    expect(human.stdout).toContain(`${sessionId}  `);
    const bad = await runCli(['sessions', '--state', 'open'], member());
    expect(bad.code).toBe(2);
  });

  test('take checks the passphrase before saying it is signing', async () => {
    const result = await runCli(['take', '--stance', 'neutral', '--confidence', '0.5'], {
      ...member(),
      CONVENE_PASSPHRASE: '',
    });
    expect(result.code).toBe(5);
    expect(result.stderr).toContain('set CONVENE_PASSPHRASE');
    expect(result.stderr).not.toContain('signing and submitting');
  });

  test('an unreachable service names the URL tried; --help names every environment variable', async () => {
    const nobody = `http://127.0.0.1:${await freePort()}`;
    const refused = await runCli(['open-session'], { CONVENE_URL: nobody });
    expect(refused.code).toBe(4);
    expect(refused.stderr).toContain(
      `cannot reach ${nobody}/api/swarm/open-session (ECONNREFUSED)`,
    );
    const monitor = await runCli(['log', 'monitor'], { ...member(), CONVENE_URL: nobody });
    expect(monitor.code).toBe(4);
    expect(monitor.stderr).toContain(`cannot reach ${nobody}/api/log/`);
    expect(monitor.stderr).toContain('(ECONNREFUSED)');
    const help = await runCli(['--help']);
    for (const name of ['CONVENE_SERVICE_KEY', 'CONVENE_LOG_KEY', 'CONVENE_PASSPHRASE'])
      expect(help.stdout).toContain(name);
    expect(help.stdout).toMatch(/takeId +a take's UUID/);
    const verifyHelp = await runCli(['verify', 'take', '--help']);
    expect(verifyHelp.stdout).toMatch(/takeId +the take's UUID/);
  });

  test('a take, four amendments, then the cap explained in plain words', async () => {
    const receipts: number[] = [];
    const takeIds: string[] = [];
    for (let revision = 1; revision <= 5; revision++) {
      const result = await runCli(
        [
          'take',
          '--stance',
          'constructive',
          '--confidence',
          String(revision / 10),
          '--weights',
          'aave=60,morpho=40',
          '--body',
          `revision ${revision}`,
          ...(revision < 5 ? ['--json'] : []),
        ],
        member(),
      );
      expect(result.code, result.stderr).toBe(0);
      if (revision < 5) {
        const filed = JSON.parse(result.stdout) as { recommendationId: number; id: string };
        expect(filed).toMatchObject({ revision });
        receipts.push(filed.recommendationId);
        takeIds.push(filed.id);
      } else {
        // Readable: the take's UUID first, then its revision and numeric receipt number.
        const filed = /^take filed: (\S+) \(revision 5, receipt (\d+)\)$/m.exec(result.stdout);
        expect(filed, result.stdout).not.toBeNull();
        takeIds.push(filed![1]!);
        receipts.push(Number(filed![2]));
        expect(result.stdout).toContain(`/api/swarm/takes/${filed![1]}`);
      }
    }
    expect(takeIds[0]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    const sixth = await runCli(['take', '--stance', 'bearish', '--confidence', '0.9'], member());
    expect(sixth.code).toBe(3);
    expect(sixth.stderr).toContain('409 amendment cap reached');
    expect(sixth.stderr).toContain('waiting does not help');

    // Without a pinned log key the log check runs against the served key: "not checked", exit 6.
    const verified = await runCli(['verify', 'take', takeIds[4]!], member());
    expect(verified.code, verified.stdout).toBe(6);
    expect(verified.stdout).toContain('✓ Ed25519 signature verifies');
    expect(verified.stdout).toMatch(/– log key is the one you pinned: not checked/);
    expect(verified.stdout).toContain('INCOMPLETE');
    const takes = await runCli(['takes', '--json'], member());
    expect(JSON.parse(takes.stdout).takes).toHaveLength(5);
  });

  test('bad values give clear usage errors', async () => {
    const stance = await runCli(['take', '--stance', 'bullish', '--confidence', '1.5'], member());
    expect(stance.code).toBe(2);
    expect(stance.stderr).toContain('--confidence must be a number from 0 to 1');
    const weights = await runCli(
      ['take', '--stance', 'bullish', '--confidence', '0.5', '--weights', 'aave'],
      member(),
    );
    expect(weights.code).toBe(2);
    expect(weights.stderr).toContain('is not bucket=weight');
  });

  test('after publication the receipt verifies online and from a file; a tampered file fails with its reason', async () => {
    const published = await runCli(['admin', 'session', 'publish', sessionId, '--json'], admin());
    expect(published.code, published.stderr).toBe(0);
    expect(JSON.parse(published.stdout).state).toBe('published');

    // The receipt enters the log within a second or two of publication (the checkpoint loop).
    for (let i = 0; ; i++) {
      const logged = await fetch(`${server.baseUrl}/api/log/receipts/${sessionId}`);
      const head = (await (await fetch(`${server.baseUrl}/api/log/checkpoint.json`)).json()) as {
        size: number;
      };
      if (logged.status === 200 && ((await logged.json()) as { index: number }).index < head.size)
        break;
      if (i > 100) throw new Error('the receipt did not enter a checkpoint within 10 s');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    // The first receipt of its subject: the chain has nothing to fetch, so it is "not checked".
    const online = await runCli(['verify', 'receipt', sessionId], member());
    expect(online.code, online.stdout).toBe(6);
    expect(online.stdout).toContain('✓ service signature verifies over canonicalBytes');
    expect(online.stdout).toMatch(/– signed with a service key you pinned.*: not checked/);

    const receipt = (await (
      await fetch(`${server.baseUrl}/api/swarm/sessions/${sessionId}/consensus-receipt`)
    ).json()) as {
      payload: { score: number };
    };
    const file = path.join(home, 'receipt.json');
    await writeFile(file, JSON.stringify(receipt));
    const offline = await runCli(['verify', 'receipt', '--file', file, '--json']);
    expect(offline.code).toBe(6);
    expect(JSON.parse(offline.stdout)).toMatchObject({
      ok: false,
      verdict: 'INCOMPLETE',
      verified: true,
    });

    receipt.payload.score += 0.25;
    await writeFile(file, JSON.stringify(receipt));
    const tampered = await runCli(['verify', 'receipt', '--file', file]);
    expect(tampered.code).toBe(1);
    expect(tampered.stdout).toContain('NOT VERIFIED');
    expect(tampered.stdout).toMatch(
      /✗ payload matches canonicalBytes and digest {2}\(payload does not/,
    );
    expect(tampered.stdout).toMatch(/✗ score recomputed from the submissions {2}\(score differs/);
  });

  test("a second session for the date and subject, and a receipt nobody filed in, are refused in the CLI's words until asked for", async () => {
    const again = await runCli(['admin', 'session', 'open', SUBJECT], admin());
    expect(again.code).toBe(3);
    expect(again.stderr).toMatch(
      new RegExp(
        `^convene: 409: ${SUBJECT} already has a session on \\d{4}-\\d{2}-\\d{2} \\(${sessionId}\\)\\. A take names a date and a subject, not a session, so members' takes go to that session: use it \\(convene admin session window ${sessionId} --closes-at … moves its deadline\\), or pass --additional to open another anyway$`,
        'm',
      ),
    );
    const another = await runCli(
      ['admin', 'session', 'open', SUBJECT, '--additional', '--json'],
      admin(),
    );
    expect(another.code, another.stderr).toBe(0);
    const emptyId = JSON.parse(another.stdout).sessionId as string;

    const refused = await runCli(['admin', 'session', 'publish', emptyId], admin());
    expect(refused.code).toBe(3);
    expect(refused.stderr).toContain(
      `convene: 409: no take counts in session ${emptyId}: its consensus receipt would record submitted: 0 for good. Check the session (convene sessions --state collecting lists the open ones), or pass --force to publish it anyway`,
    );
    const forced = await runCli(['admin', 'session', 'publish', emptyId, '--force'], admin());
    expect(forced.code, forced.stderr).toBe(0);
    expect(forced.stdout).toContain(`session ${emptyId}: published`);
  });

  test('admin subject edits only what its flags give (ops §6b enables the schedule that way)', async () => {
    const edited = await runCli(['admin', 'subject', SUBJECT, '--quorum', '2'], admin());
    expect(edited.code, edited.stderr).toBe(0);
    expect(edited.stdout).toContain(`subject ${SUBJECT} updated`);
    const subject = (await (
      await fetch(`${server.baseUrl}/api/swarm/subjects/${SUBJECT}`)
    ).json()) as { name: string; recommendationType: string; quorumRequired: number };
    expect(subject).toMatchObject({
      name: 'CLI test subject',
      recommendationType: 'bucket_weights',
      quorumRequired: 2,
    });
  });
});
