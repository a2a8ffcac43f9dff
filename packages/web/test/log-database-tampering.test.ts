// The browser's log checks against a database changed behind the service: the site runs on
// PostgreSQL, and the test, as an insider with write access (triggers off where they would refuse),
// changes a take row, rewrites and deletes log entries, and inserts a checkpoint of a forked tree
// signed with the real log key. The in-browser checks report each with its reason.
import { readFile } from 'node:fs/promises';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { signCheckpoint } from '@convene/protocol';
import {
  connectAsInsider,
  createPostgresDatabase,
  postgresSelected,
  type InsiderConnection,
  type PostgresDatabase,
} from '@convene/test-support';
import { launchBrowser, openPage, screenshot, type WatchedPage } from './support/browser.js';
import { logCheckLines, stateOf } from './support/log-check-lines.js';
import { startServer, type RunningServer } from './support/server.js';

const available = await postgresSelected();

describe.skipIf(!available)(
  'log checks in the browser against a tampered PostgreSQL [postgres]',
  () => {
    let database: PostgresDatabase;
    let server: RunningServer;
    let browser: Browser;
    let tab: WatchedPage;
    let insider: InsiderConnection;
    let takes: string[];

    /** One statement as an insider: in a transaction with triggers (append-only guards) off. */
    const asInsider = async (sql: string, params: unknown[]) => {
      expect(await insider.tamper(sql, params), sql).toBe(1);
    };
    const api = async <T>(path: string): Promise<T> => {
      const response = await fetch(`${server.baseUrl}${path}`);
      expect(response.status, path).toBe(200);
      return (await response.json()) as T;
    };
    const openTake = async (id: string) => {
      await tab.page.goto(`${server.baseUrl}/swarm/takes/${id}`);
      return logCheckLines(tab.page, '[data-testid="take-log"]');
    };

    beforeAll(async () => {
      database = await createPostgresDatabase('convene_web');
      [server, browser] = await Promise.all([
        startServer(undefined, { DATABASE_URL: database.url }),
        launchBrowser(),
      ]);
      insider = await connectAsInsider(database.url);
      tab = await openPage(browser);
      const list = await api<{ sessions: Array<{ id: string; takeCount: number }> }>(
        '/api/swarm/sessions?state=published&limit=50',
      );
      const session = list.sessions.find((s) => s.takeCount >= 3);
      expect(session, 'a published session with three takes').toBeDefined();
      const detail = await api<{ takes: Array<{ id: string }> }>(
        `/api/swarm/sessions/${session!.id}`,
      );
      takes = detail.takes.map((t) => t.id);
      // The browser pins the log key and keeps a checkpoint; an honest take checks out in full.
      await openTake(takes[0]!);
      const honest = await openTake(takes[0]!);
      expect(
        honest.filter((line) => !line.startsWith('passed')),
        honest.join('\n'),
      ).toEqual([]);
    }, 300_000);

    afterAll(async () => {
      await browser?.close();
      await server?.stop();
      await insider?.close();
      await database?.drop();
    });

    test('a take row changed behind the service: the entry rebuilt here no longer hashes to the log’s leaf', async () => {
      await asInsider(
        `update take set received_at = received_at + interval '1 second' where id = $1`,
        [takes[0]],
      );
      const shown = await openTake(takes[0]!);
      expect(stateOf(shown, 'the log holds exactly this take'), shown.join('\n')).toBe('failed');
      expect(shown.find((l) => l.includes('the log holds exactly this take'))).toMatch(
        /no longer hashes to the leaf the log committed to/,
      );
      expect(shown.find((l) => l.includes('leaf hash recomputed here'))).toMatch(
        /^failed .*leaf_hash_mismatch/,
      );
      await screenshot(tab.page, 'log-db-take-row-changed');
    }, 60_000);

    test('a leaf rewritten in the stored tree: the log no longer holds exactly this take', async () => {
      await asInsider(
        `update tlog_node set hash = sha256(hash)
        where level = 0 and idx = (select log_index from take where id = $1)`,
        [takes[1]],
      );
      const shown = await openTake(takes[1]!);
      expect(shown.find((l) => l.includes('the log holds exactly this take'))).toMatch(
        /^failed .*no longer hashes to the leaf the log committed to/,
      );
      expect(stateOf(shown, 'included at its index'), shown.join('\n')).not.toBe('passed');
      await screenshot(tab.page, 'log-db-entry-rewritten');
    }, 60_000);

    test('a log entry deleted from the database: not in the log, and inclusion never claimed', async () => {
      await asInsider(`update take set log_index = null, leaf_hash = null where id = $1`, [
        takes[2],
      ]);
      const shown = await openTake(takes[2]!);
      expect(shown.find((l) => l.includes('the log holds exactly this take'))).toMatch(
        /^failed .*not in the transparency log/,
      );
      expect(stateOf(shown, 'included at its index'), shown.join('\n')).not.toBe('passed');
      expect(stateOf(shown, 'the take receipt’s proof'), shown.join('\n')).not.toBe('passed');
      await screenshot(tab.page, 'log-db-entry-deleted');
    }, 60_000);

    test('a checkpoint of a forked tree inserted with the real log key: never served, and the signer stops where everyone can see it', async () => {
      const seed = (await readFile(`${server.dataDir}/log-signing-key`, 'utf8')).trim();
      const latest = await api<{ origin: string; size: number }>('/api/log/checkpoint.json');
      const size = latest.size + 1000;
      const rootHash = new Uint8Array(32).fill(11);
      const note = await signCheckpoint({ origin: latest.origin, size, rootHash }, seed);
      // An insert, not an update: the append-only guard does not stop it.
      await insider.query(
        'insert into tlog_checkpoint (size, root_hash, note) values ($1, $2, $3)',
        [size, Buffer.from(rootHash), note],
      );
      // The service serves only checkpoints its stored tree supports: the fork never reaches a reader.
      expect((await api<{ size: number }>('/api/log/checkpoint.json')).size).toBeLessThan(size);
      await tab.page.goto(`${server.baseUrl}/log`);
      const shown = await logCheckLines(tab.page, '[data-testid="log-checkpoint"]');
      expect(stateOf(shown, 'checkpoint signed by the log key'), shown.join('\n')).toBe('passed');
      expect(
        stateOf(shown, 'consistent with the last checkpoint this browser saw'),
        shown.join('\n'),
      ).toBe('passed');
      // The signer refuses to sign past a checkpoint of its own key that the tree does not support
      // (it fails closed), and /health says so instead of "ok".
      let health = await (await fetch(`${server.baseUrl}/health`)).json();
      for (let i = 0; i < 100 && (health as { status: string }).status === 'ok'; i++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        health = await (await fetch(`${server.baseUrl}/health`)).json();
      }
      expect(health).toMatchObject({
        status: 'degraded',
        transparency_log: expect.stringMatching(/^halted/),
      });
      await screenshot(tab.page, 'log-db-forked-checkpoint');
    }, 60_000);

    test('a counted take row deleted: the session page names it removed and its take page says why', async () => {
      const list = await api<{ sessions: Array<{ id: string; takeCount: number }> }>(
        '/api/swarm/sessions?state=published&limit=50',
      );
      const session = list.sessions.filter((s) => s.takeCount >= 2).at(-1)!;
      const detail = await api<{
        takes: Array<{ id: string; memberId: string; counted: boolean }>;
      }>(`/api/swarm/sessions/${session.id}`);
      const victim = detail.takes.find((t) => t.counted)!;
      await asInsider('delete from take where id = $1', [victim.id]);
      await tab.page.goto(`${server.baseUrl}/swarm/sessions/${session.id}`);
      const notice = tab.page.locator('[data-testid="missing-takes"]');
      await notice.waitFor({ timeout: 20_000 });
      expect(await notice.textContent()).toMatch(/✗ 1 counted take removed behind the service/);
      await tab.page.goto(`${server.baseUrl}/swarm/takes/${victim.id}`);
      await tab.page.getByText('take removed').first().waitFor({ timeout: 20_000 });
      await screenshot(tab.page, 'log-db-take-row-deleted');
    }, 60_000);
  },
);
