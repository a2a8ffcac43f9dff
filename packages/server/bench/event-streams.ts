/**
 * What event streams cost the built server (docs/benchmarks.md, "Event streams"; docs/reliability.md):
 * resumes from far back (CPU per reconnect, and four reconnect loops from one address), idle streams
 * from many addresses (RSS per stream, refusals past the cap) and stalled readers (RSS while events
 * pile up for readers that never read). On PostgreSQL (BENCH_DATABASE=pglite: the embedded one); the
 * server runs as a child process so its CPU and RSS are its own (an embedded database's with it).
 *
 *   npm run build && npx tsx --conditions=source packages/server/bench/event-streams.ts
 *
 * Env: BENCH_MEMBERS (150: 2 key events and 5 takes each), BENCH_RECONNECTS (200), BENCH_LOOP_SECONDS
 * (10), BENCH_STREAMS (1000), BENCH_STALLED (50), BENCH_SERVER_ENV (extra server settings,
 * `KEY=value,KEY=value`), TEST_DATABASE_URL.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import http from 'node:http';
import net from 'node:net';
import {
  createPostgresDatabase,
  onboardMember,
  signedTakeBody,
  submitTake,
  type HttpMember,
} from '@convene/test-support';
import { processCpuMs } from './lib/cpu-time.js';
import { mb, rssBytes, startServer } from './lib/processes.js';

const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 150);
const RECONNECTS = Number(process.env.BENCH_RECONNECTS ?? 200);
const LOOP_SECONDS = Number(process.env.BENCH_LOOP_SECONDS ?? 10);
const STREAMS = Number(process.env.BENCH_STREAMS ?? 1000);
const STALLED = Number(process.env.BENCH_STALLED ?? 50);
const ADMIN_TOKEN = 'bench-admin-token-0123456789abcdef';
const SUBJECT = 'bench-events';
const EVENTS = '/api/swarm/events';

/** The nth client address of the loopback range (Linux answers all of 127.0.0.0/8). */
const loopback = (n: number) => `127.3.${Math.floor(n / 250)}.${(n % 250) + 1}`;

/** Opens a stream, reads until `until` shows up in the body (or the first bytes when undefined). */
function readStream(
  url: string,
  options: { lastEventId?: string; until?: string; localAddress?: string; keep?: boolean },
): Promise<{ status: number; body: string; close(): void }> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { accept: 'text/event-stream' };
    if (options.lastEventId !== undefined) headers['last-event-id'] = options.lastEventId;
    const request = http.get(url, {
      headers,
      agent: false,
      ...(options.localAddress === undefined ? {} : { localAddress: options.localAddress }),
    });
    request.on('error', reject);
    request.on('response', (response) => {
      let body = '';
      const close = () => request.destroy();
      response.setEncoding('utf8');
      const done = () => {
        response.removeAllListeners('data');
        if (options.keep !== true) close();
        resolve({ status: response.statusCode ?? 0, body, close });
      };
      const until = options.until ?? '\n\n';
      response.on('data', (chunk: string) => {
        const from = Math.max(0, body.length - until.length);
        body += chunk;
        if (response.statusCode === 200 && body.includes(until, from)) done();
      });
      response.on('end', done);
    });
  });
}

async function admin(base: string, method: string, path: string, body: unknown) {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { 'content-type': 'application/json', 'x-admin-token': ADMIN_TOKEN },
    body: JSON.stringify(body),
  });
  if (response.status >= 300)
    throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as Record<string, unknown>;
}

async function inParallel<T>(items: readonly T[], width: number, work: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) await work(items[next++]!);
    }),
  );
}

async function fileTakes(base: string, members: HttpMember[], date: string, body: string) {
  await admin(base, 'POST', '/api/swarm/admin/sessions', { subjectId: SUBJECT, date });
  await inParallel(members, 8, async (member) => {
    for (let revision = 1; revision <= 5; revision++) {
      const take = await signedTakeBody(member, {
        date,
        subjectId: SUBJECT,
        nonce: randomBytes(12).toString('hex'),
        body,
      });
      const response = await submitTake(base, member.token, take);
      if (response.status !== 201) throw new Error(`submit: ${response.status}`);
    }
  });
}

const openStreams = async (base: string) =>
  Number(
    /^convene_event_streams_open (\d+)$/m.exec(await (await fetch(`${base}/metrics`)).text())?.[1],
  );

async function main() {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'convene-bench-events-'));
  const database =
    process.env.BENCH_DATABASE === 'pglite'
      ? { url: undefined, drop: () => rm(dataDir, { recursive: true, force: true }) }
      : await createPostgresDatabase('convene_bench_events');
  const extra = Object.fromEntries(
    (process.env.BENCH_SERVER_ENV ?? '')
      .split(',')
      .filter(Boolean)
      .map((pair) => pair.split('=') as [string, string]),
  );
  const server = await startServer(
    {
      APP_ENV: 'staging',
      DATA_DIR: dataDir,
      ...(database.url === undefined ? {} : { DATABASE_URL: database.url }),
      ADMIN_TOKEN,
      RECEIPT_SIGNING_KEY: randomBytes(32).toString('base64'),
      LOG_SIGNING_KEY: randomBytes(32).toString('base64'),
      SCHEDULER_ENABLED: 'false',
      // As an operator runs it: every request logged, `npm start`'s malloc setting.
      LOG_LEVEL: 'info',
      MALLOC_MMAP_THRESHOLD_: '131072',
      ...extra,
    },
    'Server listening',
    120_000,
  ).catch(async (error: unknown) => {
    await database.drop();
    throw error;
  });
  const base = server.baseUrl;
  const pid = server.process.pid!;
  try {
    await admin(base, 'PUT', `/api/swarm/admin/subjects/${SUBJECT}`, {
      name: 'Bench events',
      recommendationType: 'bucket_weights',
      quorumRequired: 1,
    });
    let started = performance.now();
    const members: HttpMember[] = [];
    await inParallel(
      Array.from({ length: MEMBERS }, (_, i) => i),
      8,
      async (i) => void members.push(await onboardMember(base, ADMIN_TOKEN, `Bench ${i}`)),
    );
    await fileTakes(base, members, '2026-05-04', 'REGIME: risk-on. ALLOCATION: hold.');
    console.log(
      `data: ${MEMBERS} members, ${MEMBERS * 5} takes in ${((performance.now() - started) / 1000).toFixed(0)} s`,
    );

    // Idle streams from many addresses (first, while the heap holds little garbage).
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const rssBefore = rssBytes(pid);
    const idle: Array<{ close(): void }> = [];
    const idleStatuses = new Map<number, number>();
    started = performance.now();
    await inParallel(
      Array.from({ length: STREAMS }, (_, i) => i),
      50,
      async (i) => {
        const stream = await readStream(`${base}${EVENTS}`, {
          localAddress: loopback(i),
          keep: true,
        });
        idleStatuses.set(stream.status, (idleStatuses.get(stream.status) ?? 0) + 1);
        if (stream.status === 200) idle.push(stream);
      },
    );
    const open = await openStreams(base);
    const rssIdle = rssBytes(pid);
    console.log(
      `${STREAMS} idle streams from ${STREAMS} addresses in ${((performance.now() - started) / 1000).toFixed(1)} s: statuses ${JSON.stringify(Object.fromEntries(idleStatuses))}, ${open} open; RSS ${mb(rssBefore)} → ${mb(rssIdle)} (+${mb(rssIdle - rssBefore)}, ${((rssIdle - rssBefore) / 1024 / Math.max(1, open)).toFixed(0)} KiB per open stream)`,
    );
    idle.forEach((stream) => stream.close());
    while ((await openStreams(base)) > 0) await new Promise((resolve) => setTimeout(resolve, 100));

    // Where the sources stand: a cursor far outside the window answers a reset carrying the heads.
    const reset = await readStream(`${base}${EVENTS}`, {
      lastEventId: '0.0.0',
      until: 'event: reset',
    });
    const heads = /^id: (\d+)\.(\d+)\.(\d+)$/m.exec(reset.body)!;
    const [log, checkpoint, session] = [Number(heads[1]), Number(heads[2]), Number(heads[3])];
    const back = `${Math.max(0, log - 1000)}.${checkpoint}.${session}`;
    const until = `id: ${log}.${checkpoint}.${session}\n`;
    const first = await readStream(`${base}${EVENTS}`, { lastEventId: back, until });
    const events = first.body.split('\n\n').filter((block) => block.includes('\ndata: ')).length;
    console.log(
      `resume from ${back} (heads ${log}.${checkpoint}.${session}): ${events} events, ${(first.body.length / 1024).toFixed(0)} KiB`,
    );

    // Sequential reconnects, each reading the whole replay.
    let cpu = processCpuMs(pid);
    started = performance.now();
    const statuses = new Map<number, number>();
    for (let i = 0; i < RECONNECTS; i++) {
      const { status } = await readStream(`${base}${EVENTS}`, { lastEventId: back, until });
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
    }
    const spent = processCpuMs(pid) - cpu;
    const pageReads = (await (await fetch(`${base}/metrics`)).text())
      .split('\n')
      .filter((line) => line.startsWith('convene_event_replay_reads_total{'))
      .join(', ');
    console.log(
      `${RECONNECTS} reconnects 1,000 entries back: server CPU ${spent.toFixed(0)} ms (${(spent / RECONNECTS).toFixed(1)} ms each), wall ${((performance.now() - started) / 1000).toFixed(1)} s, statuses ${JSON.stringify(Object.fromEntries(statuses))}; ${pageReads || 'no replay page metric'}`,
    );

    // Four reconnect loops from one address, as fast as the server answers.
    cpu = processCpuMs(pid);
    started = performance.now();
    const loopStatuses = new Map<number, number>();
    const deadline = started + LOOP_SECONDS * 1000;
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        while (performance.now() < deadline) {
          const { status } = await readStream(`${base}${EVENTS}`, { lastEventId: back, until });
          loopStatuses.set(status, (loopStatuses.get(status) ?? 0) + 1);
        }
      }),
    );
    const wall = performance.now() - started;
    console.log(
      `4 reconnect loops, one address, ${LOOP_SECONDS} s: server CPU ${((100 * (processCpuMs(pid) - cpu)) / wall).toFixed(0)} % of a core, statuses ${JSON.stringify(Object.fromEntries(loopStatuses))}`,
    );

    // Stalled readers: connected, never reading, while a session's worth of 10 KB takes is filed.
    const stalled: net.Socket[] = [];
    const port = new URL(base).port;
    for (let i = 0; i < STALLED; i++) {
      const socket = net.connect({
        port: Number(port),
        host: '127.0.0.1',
        localAddress: loopback(STREAMS + i),
      });
      socket.write(
        `GET ${EVENTS} HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n`,
      );
      socket.pause();
      stalled.push(socket);
    }
    while ((await openStreams(base)) < STALLED)
      await new Promise((resolve) => setTimeout(resolve, 100));
    const rssStalledBefore = rssBytes(pid);
    let peak = rssStalledBefore;
    const sampler = setInterval(() => (peak = Math.max(peak, rssBytes(pid))), 100);
    await fileTakes(base, members, '2026-05-05', 'x'.repeat(10_000));
    await new Promise((resolve) => setTimeout(resolve, 2000));
    clearInterval(sampler);
    const rssStalled = rssBytes(pid);
    console.log(
      `${STALLED} stalled readers while ${MEMBERS * 5} takes of 10 KB were filed: ${await openStreams(base)} still open; RSS ${mb(rssStalledBefore)} → peak ${mb(peak)}, ${mb(rssStalled)} after 2 s`,
    );
    stalled.forEach((socket) => socket.destroy());
  } finally {
    await server.stop();
    await database.drop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
