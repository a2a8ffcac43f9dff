/**
 * A whole first demo start, from the outside: the built server on a fresh data directory (PGlite) or
 * a fresh PostgreSQL database, `/health` and the loading page requested every 20 ms from the moment
 * it listens until it is ready, the way a load balancer's health check would. Every request must be
 * answered, honestly (503 "loading" on both paths until the data is complete, then 200): the seeding
 * never keeps one waiting (docs/decisions.md, "A first start that answers"). How fast they are
 * answered is a benchmark (`packages/server/bench/first-start.ts`, docs/benchmarks.md), beside the
 * same poll on the ready server: a wall-clock bound here would fail whenever the machine is busy.
 * Needs `npm run build`.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, test } from 'vitest';
import {
  createPostgresDatabase,
  freePort,
  fromFirstAnswer,
  pollEvery,
  pollLatency,
  SERVER_ENTRY,
  spawnNode,
} from '@convene/test-support';
import { describeEachDatabase } from './support/databases.js';

describeEachDatabase('a first demo start answers at every moment', (kind) => {
  const cleanups: Array<() => Promise<unknown>> = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  test(
    '/health and the loading page: every request answered, loading until complete',
    { timeout: 300_000 },
    async () => {
      const dataDir = await mkdtemp(path.join(os.tmpdir(), 'convene-first-start-'));
      cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
      const env: Record<string, string> = {
        APP_ENV: 'demo',
        DATA_DIR: dataDir,
        HOST: '127.0.0.1',
        PORT: String(await freePort()),
        LOG_FORMAT: 'json',
        // As `npm start` runs it.
        MALLOC_MMAP_THRESHOLD_: '131072',
      };
      if (kind === 'postgres') {
        const database = await createPostgresDatabase('convene_first_start');
        cleanups.push(database.drop);
        env.DATABASE_URL = database.url;
      }
      const startedAt = performance.now();
      const server = spawnNode([SERVER_ENTRY], { env });
      cleanups.push(() => server.stop(10_000));
      const answers = await pollEvery(`http://127.0.0.1:${env.PORT}`, {
        paths: ['/health', '/'],
        everyMs: 20,
        startedAt,
        until: (answer) => answer.path === '/health' && answer.status === 200,
        abortIf: () =>
          server.child.exitCode === null
            ? null
            : `server exited with ${server.child.exitCode}:\n${server.output()}`,
      });

      // From the first answer on: before it the port is closed (refused at once, not left waiting).
      const listening = fromFirstAnswer(answers);
      const unanswered = listening.filter((answer) => answer.status === 0);
      const loading = listening.filter((answer) => answer.status === 503);
      const { p50, p99, max } = pollLatency(answers);
      console.info(
        `first start [${kind}]: listening after ${((listening[0]?.sentAt ?? 0) / 1000).toFixed(1)} s, ` +
          `ready after ${((listening.at(-1)?.sentAt ?? 0) / 1000).toFixed(1)} s; ${listening.length} requests while it loaded: ` +
          `p50 ${p50.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms, max ${max.toFixed(0)} ms; load ${os.loadavg()[0]?.toFixed(1)}`,
      );

      expect(
        unanswered.map(
          (answer) => `${answer.path} at ${answer.sentAt.toFixed(0)} ms: ${answer.error}`,
        ),
        'every request after the first answer is answered',
      ).toEqual([]);
      // Until the first 200, both paths say "loading" and nothing else: no half-built page, no error.
      const firstReady = listening.findIndex((answer) => answer.status === 200);
      expect(
        listening
          .slice(0, firstReady)
          .filter((answer) => answer.status !== 503)
          .map((answer) => `${answer.path}: ${answer.status}`),
      ).toEqual([]);
      // It really was loading for a while, and said so on both paths.
      expect(loading.length).toBeGreaterThan(100);
      for (const answer of loading) {
        if (answer.path === '/') expect(answer.body).toContain('loading its demo data');
        else expect(JSON.parse(answer.body)).toMatchObject({ status: 'loading', env: 'demo' });
      }
    },
  );
});
