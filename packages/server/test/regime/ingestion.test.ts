import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import pino from 'pino';
import { ManualClock } from '../../src/clock.js';
import { DataVersions } from '../../src/db/data-versions.js';
import { kyselyTransactor } from '../../src/db/transactor.js';
import { FredSource } from '../../src/ingestion/fred.js';
import { PriceSeriesSource } from '../../src/ingestion/price-series.js';
import { SourceError } from '../../src/ingestion/source.js';
import { SERIES_BY_KEY } from '../../src/regime/model/catalog.js';
import { ingestSeries } from '../../src/regime/ingest.js';
import { regimeDailyJob } from '../../src/regime/jobs.js';
import { RegimeRepository } from '../../src/regime/repository.js';
import {
  createTestDatabase,
  describeEachDatabase,
  type TestDatabase,
} from '../support/databases.js';

const fixture = (name: string) =>
  readFile(new URL(`../fixtures/regime/${name}`, import.meta.url), 'utf8');

/** A local stand-in for the upstream APIs, serving recorded fixtures; `failing` makes it answer 503. */
async function startFixtureServer(): Promise<{
  server: Server;
  baseUrl: string;
  failing: { on: boolean };
  requests: string[];
}> {
  const fred = await fixture('fred-T10Y2Y.json');
  const btc = await fixture('prices-BTC.json');
  const failing = { on: false };
  const requests: string[] = [];
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://fixture');
    requests.push(url.pathname + url.search);
    if (failing.on) {
      response.writeHead(503).end('upstream down');
      return;
    }
    const body =
      url.pathname === '/fred/series/observations' &&
      url.searchParams.get('series_id') === 'T10Y2Y' &&
      url.searchParams.get('file_type') === 'json'
        ? fred
        : url.pathname === '/series/BTC'
          ? btc
          : url.pathname === '/series/GARBAGE'
            ? '{"points": "nope"}'
            : undefined;
    if (body === undefined)
      response.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"unknown"}');
    else response.writeHead(200, { 'content-type': 'application/json' }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { server, baseUrl: `http://127.0.0.1:${port}`, failing, requests };
}

describe('HTTP JSON adapters against recorded fixtures', () => {
  let fixtures: Awaited<ReturnType<typeof startFixtureServer>>;
  beforeAll(async () => {
    fixtures = await startFixtureServer();
  });
  afterAll(() => new Promise<void>((resolve) => fixtures.server.close(() => resolve())));

  test('FRED-style: "." is no observation (skipped, never 0); values parsed; since → observation_start', async () => {
    const source = new FredSource(fixtures.baseUrl, 'k3y');
    const observations = await source.fetchSeries({ seriesId: 'T10Y2Y', since: '2026-05-20' });
    expect(observations).toHaveLength(7);
    expect(observations.map((o) => o.date)).not.toContain('2026-05-25');
    expect(observations[0]).toEqual({ date: '2026-05-20', value: 0.52 });
    expect(fixtures.requests.at(-1)).toContain('observation_start=2026-05-20');
    expect(fixtures.requests.at(-1)).toContain('api_key=k3y');
  });

  test('price series: null points are skipped', async () => {
    const observations = await new PriceSeriesSource(`${fixtures.baseUrl}/`).fetchSeries({
      seriesId: 'BTC',
    });
    expect(observations.map((o) => o.value)).toEqual([104210.5, 105880.25, 103990.0, 106420.75]);
  });

  test('HTTP errors and malformed bodies become SourceErrors', async () => {
    const prices = new PriceSeriesSource(fixtures.baseUrl);
    await expect(prices.fetchSeries({ seriesId: 'NOPE' })).rejects.toThrow(SourceError);
    await expect(prices.fetchSeries({ seriesId: 'GARBAGE' })).rejects.toThrow(/no points array/);
    await expect(
      new FredSource('http://127.0.0.1:1').fetchSeries({ seriesId: 'X' }),
    ).rejects.toThrow(/request failed/);
  });
});

describeEachDatabase('regime ingestion', (kind) => {
  let testDb: TestDatabase;
  /** The regime's repository and a transactor over the test database, as the composition root builds them. */
  const regimeDb = () => ({
    repository: new RegimeRepository(testDb.database.db),
    transactor: kyselyTransactor(testDb.database.db),
  });
  let fixtures: Awaited<ReturnType<typeof startFixtureServer>>;
  const clock = new ManualClock('2026-05-30T22:30:00Z');
  const series = [SERIES_BY_KEY.get('T10Y2Y')!, SERIES_BY_KEY.get('BTC')!];
  beforeAll(async () => {
    testDb = await createTestDatabase(kind);
    fixtures = await startFixtureServer();
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => fixtures.server.close(() => resolve()));
    await testDb.destroy();
  });

  const sources = () => ({
    fred: new FredSource(fixtures.baseUrl),
    prices: new PriceSeriesSource(fixtures.baseUrl),
  });
  const stored = async (key: string) =>
    testDb.database.db
      .selectFrom('regime_observation')
      .select(['date', 'value'])
      .where('series_key', '=', key)
      .orderBy('date')
      .execute();
  const status = async (key: string) =>
    testDb.database.db
      .selectFrom('regime_series')
      .selectAll()
      .where('key', '=', key)
      .executeTakeFirstOrThrow();

  test('stores only the real prints, with the source and provenance', async () => {
    const report = await ingestSeries({ ...regimeDb(), clock }, sources(), series);
    expect(report.failed).toEqual([]);
    expect((await stored('T10Y2Y')).map((r) => r.date)).toEqual([
      '2026-05-20',
      '2026-05-21',
      '2026-05-22',
      '2026-05-26',
      '2026-05-27',
      '2026-05-28',
      '2026-05-29',
    ]);
    expect(await stored('BTC')).toHaveLength(4);
    expect(await status('T10Y2Y')).toMatchObject({
      source: 'fred',
      provenance: 'live',
      stale: false,
      last_error: null,
    });
  });

  test('a failed fetch marks the series stale and keeps the last good values', async () => {
    fixtures.failing.on = true;
    clock.advance(86_400_000);
    const report = await ingestSeries({ ...regimeDb(), clock }, sources(), series);
    fixtures.failing.on = false;
    expect(report.failed.map((f) => f.key).sort()).toEqual(['BTC', 'T10Y2Y']);
    expect(await stored('T10Y2Y')).toHaveLength(7);
    const row = await status('T10Y2Y');
    expect(row.stale).toBe(true);
    expect(row.last_error).toContain('HTTP 503');
    expect(row.last_success_at?.toISOString()).toBe('2026-05-30T22:30:00.000Z');
    // the next successful fetch asks only for recent points and clears the flag
    await ingestSeries({ ...regimeDb(), clock }, sources(), series);
    expect((await status('T10Y2Y')).stale).toBe(false);
    expect(fixtures.requests.some((r) => r.includes('observation_start=2026-04-29'))).toBe(true);
  });

  test('the daily job reports failed when a source is not configured, and still runs', async () => {
    const versions = new DataVersions({ database: testDb.database });
    const job = regimeDailyJob({
      ...regimeDb(),
      clock,
      versions,
      sources: { prices: new PriceSeriesSource(fixtures.baseUrl) },
      log: pino({ level: 'silent' }),
      schedule: '30 22 * * *',
    });
    expect(await job.run(clock.now())).toBe('failed');
    expect((await status('DTB3')).last_error).toBe('no fred source configured');
  });
});
