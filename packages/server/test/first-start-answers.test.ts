/**
 * A whole first demo start, from the outside: the built server on a fresh data directory (PGlite) or
 * a fresh PostgreSQL database, `/health` and the loading page requested every 20 ms from the moment
 * it listens until it is ready, the way a load balancer's health check would. Every request must be
 * answered (the seeding never keeps one waiting), and 99 % of them within 100 ms (scaled by how far
 * the load measured here oversubscribes the cores, when the rest of the suite runs beside it): the
 * seeders and the in-process database let the event loop turn often enough (docs/decisions.md, "A
 * first start that answers"). Needs `npm run build`. The figures it prints are the README's.
 */
import http from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, test } from 'vitest';
import {
  createPostgresDatabase,
  freePort,
  SERVER_ENTRY,
  spawnNode,
  type NodeProcess,
} from '@convene/test-support';
import { describeEachDatabase } from './support/databases.js';

const POLL_EVERY_MS = 20;
const GIVE_UP_AFTER_MS = 10_000;
const P99_LIMIT_MS = 100;

interface Answer {
  path: string;
  /** When it was sent, in ms since the server was spawned. */
  sentAt: number;
  ms: number;
  status: number;
  error?: string;
  body: string;
}

/** One GET on a new connection, as a health checker sends it; never rejects. */
function probe(baseUrl: string, urlPath: string, startedAt: number): Promise<Answer> {
  const sent = performance.now();
  const answer = (status: number, body: string, error?: string): Answer => ({
    path: urlPath,
    sentAt: sent - startedAt,
    ms: performance.now() - sent,
    status,
    body,
    ...(error === undefined ? {} : { error }),
  });
  return new Promise((resolve) => {
    const request = http.get(`${baseUrl}${urlPath}`, { agent: false }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve(answer(response.statusCode ?? 0, body)));
      response.on('error', (error) => resolve(answer(0, body, error.message)));
    });
    request.setTimeout(GIVE_UP_AFTER_MS, () => request.destroy(new Error('no answer')));
    request.on('error', (error: NodeJS.ErrnoException) =>
      resolve(answer(0, '', error.code ?? error.message)),
    );
  });
}

/** Requests `/health` and `/` alternately every POLL_EVERY_MS until `/health` answers 200. */
async function pollUntilReady(
  baseUrl: string,
  server: NodeProcess,
  startedAt: number,
): Promise<Answer[]> {
  const answers: Promise<Answer>[] = [];
  await new Promise<void>((resolve, reject) => {
    let tick = 0;
    const timer = setInterval(() => {
      if (server.child.exitCode !== null) {
        clearInterval(timer);
        reject(new Error(`server exited with ${server.child.exitCode}:\n${server.output()}`));
        return;
      }
      const sent = probe(baseUrl, tick++ % 2 === 0 ? '/health' : '/', startedAt);
      answers.push(sent);
      void sent.then((answer) => {
        if (answer.path === '/health' && answer.status === 200) {
          clearInterval(timer);
          resolve();
        }
      });
    }, POLL_EVERY_MS);
  });
  return Promise.all(answers);
}

const percentile = (sorted: readonly number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] ?? Number.NaN;

describeEachDatabase('a first demo start answers at every moment', (kind) => {
  const cleanups: Array<() => Promise<unknown>> = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  // Wall-clock latency on a shared two-core runner, beside another test file: a server that blocks
  // its event loop fails every attempt; one scheduling hiccup of the machine does not.
  const options = { timeout: 300_000, retry: 2 };
  test(
    '/health and the loading page: every request answered, 99 % within 100 ms',
    options,
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
      const answers = await pollUntilReady(`http://127.0.0.1:${env.PORT}`, server, startedAt);

      // From the first answer on: before it the port is closed (refused at once, not left waiting).
      const firstAnswered = answers.findIndex((answer) => answer.status !== 0);
      const listening = answers.slice(firstAnswered);
      const unanswered = listening.filter((answer) => answer.status === 0);
      const loading = listening.filter((answer) => answer.status === 503);
      const sorted = listening.map((answer) => answer.ms).sort((a, b) => a - b);
      const [p50, p99, max] = [percentile(sorted, 0.5), percentile(sorted, 0.99), sorted.at(-1)];
      const slow = listening
        .filter((answer) => answer.ms > P99_LIMIT_MS)
        .map(
          (answer) =>
            `${answer.path} at ${(answer.sentAt / 1000).toFixed(1)} s: ${answer.ms.toFixed(0)} ms`,
        );
      const readyAt = (listening.at(-1)?.sentAt ?? 0) / 1000;
      // 100 ms on a machine with the cores to spare. Where the load measured here oversubscribes
      // them (the rest of the suite running beside this test), every answer waits for a core too,
      // so the bound grows with the oversubscription: a start that blocks for seconds still fails.
      const load = os.loadavg()[0] ?? 0;
      const limit = P99_LIMIT_MS * Math.max(1, load / os.availableParallelism());
      console.info(
        `first start [${kind}]: listening after ${((listening[0]?.sentAt ?? 0) / 1000).toFixed(1)} s, ` +
          `ready after ${readyAt.toFixed(1)} s; ${listening.length} requests while it loaded: ` +
          `p50 ${p50.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms, max ${max?.toFixed(0)} ms; ` +
          `over ${P99_LIMIT_MS} ms: ${slow.length === 0 ? 'none' : slow.join(', ')}; load ${load.toFixed(1)}, p99 bound ${limit.toFixed(0)} ms`,
      );

      expect(unanswered, 'every request after the first answer is answered').toEqual([]);
      // It really was loading for a while, and said so on both paths.
      expect(loading.length).toBeGreaterThan(100);
      const page = loading.find((answer) => answer.path === '/');
      expect(page?.body).toContain('loading its demo data');
      const health = loading.find((answer) => answer.path === '/health');
      expect(JSON.parse(health?.body ?? '{}')).toMatchObject({ status: 'loading', env: 'demo' });
      expect(p99).toBeLessThan(limit);
    },
  );
});
