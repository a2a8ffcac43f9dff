/**
 * A thousand idle event streams from a thousand addresses against the built server (issue 45): the
 * replica serves up to its cap (EVENTS_MAX_STREAMS, 512 by default) and refuses the rest with 503
 * and Retry-After, and the streams it holds cost it under 100 MB. Each stream comes from its own
 * loopback address (Linux answers all of 127.0.0.0/8), so no per-address limit is what stops them.
 * PGlite: the embedded database's memory is the server's own, so its RSS counts everything.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { startStagingServer, type StagingServer } from '@convene/test-support';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

const STREAMS = 1000;
const CAP = 512;

const rss = (pid: number) =>
  Number(/VmRSS:\s+(\d+)\s+kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]) * 1024;

/** A stream from `localAddress`, held open: resolves with its status once the headers arrive. */
function open(url: string, localAddress: string) {
  return new Promise<{ status: number; retryAfter: string | undefined; close(): void }>(
    (resolve, reject) => {
      const request = http.get(url, { agent: false, localAddress });
      request.on('error', reject);
      request.on('response', (response) => {
        response.resume();
        resolve({
          status: response.statusCode ?? 0,
          retryAfter: response.headers['retry-after'],
          close: () => request.destroy(),
        });
      });
    },
  );
}

describe('a thousand idle event streams [pglite]', () => {
  let staging: StagingServer;

  beforeAll(async () => {
    staging = await startStagingServer({
      name: 'event-streams-memory',
      adminToken: 'memory-admin-token-0123456789abcdef',
      receiptSeed: randomBytes(32).toString('base64'),
      logSeed: randomBytes(32).toString('base64'),
    });
  });
  afterAll(async () => {
    await staging?.stop();
  });

  test('past the cap they are refused 503, and those held cost under 100 MB', async () => {
    const base = staging.server.baseUrl;
    const pid = staging.server.child.pid!;
    const before = rss(pid);
    const streams: Array<Awaited<ReturnType<typeof open>>> = [];
    let next = 0;
    await Promise.all(
      Array.from({ length: 50 }, async () => {
        while (next < STREAMS) {
          const n = next++;
          streams.push(
            await open(`${base}/api/swarm/events`, `127.4.${Math.floor(n / 250)}.${(n % 250) + 1}`),
          );
        }
      }),
    );
    const grown = rss(pid) - before;
    const statuses = streams.map((s) => s.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(CAP);
    expect(statuses.filter((s) => s === 503)).toHaveLength(STREAMS - CAP);
    expect(streams.filter((s) => s.status === 503).every((s) => s.retryAfter === '3')).toBe(true);
    const metrics = await (await fetch(`${base}/metrics`)).text();
    expect(metrics).toMatch(new RegExp(`^convene_event_streams_open ${CAP}$`, 'm'));
    expect(metrics).toMatch(
      new RegExp(`^convene_event_streams_refused_total\\{reason="total"\\} ${STREAMS - CAP}$`, 'm'),
    );
    console.log(`${CAP} idle streams: RSS +${(grown / 1_048_576).toFixed(1)} MB`);
    expect(grown).toBeLessThan(100 * 1_048_576);
    for (const stream of streams) stream.close();
  });
});
