import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { composeRegime } from '../../src/regime/compose.js';
import { createTestApp, type TestContext } from '../support/app.js';
import { describeEachDatabase } from '../support/databases.js';
import { seedTreasuryAndRegime } from './support.js';

describeEachDatabase('regime routes on demo data', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp(kind);
    await seedTreasuryAndRegime(ctx);
  });
  afterAll(async () => ctx.close());

  const get = (url: string, headers: Record<string, string> = {}) =>
    ctx.app.inject({ url, headers });

  test('regime-snapshots: latest carries every field; history defaults to 180 days ending at latest', async () => {
    const response = await get('/api/dashboards/regime-snapshots');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.history).toHaveLength(180);
    const { latest } = body;
    expect(latest.date).toBe('2026-06-01');
    expect(body.history.at(-1).date).toBe(latest.date);
    for (const field of [
      'composite',
      'compositePercentile',
      'macroIndex',
      'onchainIndex',
      'factorIndex',
      'macroPercentile',
    ]) {
      expect(latest[field]).toBeGreaterThanOrEqual(0);
      expect(latest[field]).toBeLessThanOrEqual(1);
    }
    const expected =
      latest.composite < 0.33 ? 'risk_off' : latest.composite > 0.67 ? 'risk_on' : 'neutral';
    expect(latest.regime).toBe(expected);
    expect(latest.composite).toBeCloseTo(
      (latest.macroIndex + latest.onchainIndex + latest.factorIndex) / 3,
      5,
    );
    expect(latest.version).toBe('convene-3panel-v1');
    expect(latest.source).toBe('seed');
    expect(latest.indicators).toHaveLength(26);
    const indicator = latest.indicators.find((i: { id: string }) => i.id === 'ICSA');
    expect(indicator).toMatchObject({ panel: 'macro', sign: -1, forwardFillExpired: false });
    expect(indicator.forwardFillAgeDays).toBeLessThan(7);
    expect(indicator.sparkline).toHaveLength(24);
    expect(indicator.signedPercentile).toBeCloseTo(1 - indicator.percentile, 6);
    for (const panel of ['macro', 'onchain', 'factor']) {
      const weights = Object.values(latest.panelWeights[panel] as Record<string, number>);
      expect(weights.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 3);
      for (const w of weights) expect(w).toBeLessThanOrEqual(0.25);
    }
    expect(
      latest.backtest.map(
        (b: { portfolio: string; strategy: string }) => `${b.portfolio}:${b.strategy}`,
      ),
    ).toEqual([
      'eth:composite',
      'eth:hodl',
      'sp500:composite',
      'sp500:hodl',
      'mixed:composite',
      'mixed:hodl',
      'eth:cash',
    ]);
    expect(latest.correlations.composite.eth.forward90d.n).toBeGreaterThan(1000);
    expect(latest.bucketThresholds).toMatchObject({ riskOffBelow: 0.33, riskOnAbove: 0.67 });
    expect(
      latest.series.every(
        (s: { stale: boolean; provenance: string }) => !s.stale && s.provenance === 'seed',
      ),
    ).toBe(true);
  });

  test.each([
    ['0', 1],
    ['-5', 1],
    ['1', 1],
    ['365', 365],
    ['99999', 2707],
    ['abc', 180],
    ['', 180],
    ['12.5', 180],
  ])(
    'range=%s gives %i history rows (clamped to 1..3650; 2,707 days exist)',
    async (range, rows) => {
      const response = await get(`/api/dashboards/regime-snapshots?range=${range}`);
      expect(response.statusCode).toBe(200);
      expect(response.json().history).toHaveLength(rows);
    },
  );

  test('strong ETag, 304 on If-None-Match, gzip and brotli decode to the same body', async () => {
    const plain = await get('/api/dashboards/regime-snapshots');
    const etag = plain.headers.etag as string;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{32}"$/);
    expect(
      (await get('/api/dashboards/regime-snapshots', { 'if-none-match': etag })).statusCode,
    ).toBe(304);
    const br = await get('/api/dashboards/regime-snapshots', { 'accept-encoding': 'br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).equals(plain.rawPayload)).toBe(true);
    const gzip = await get('/api/dashboards/research-signals/channel-divergence', {
      'accept-encoding': 'gzip',
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    const signal = JSON.parse(gunzipSync(gzip.rawPayload).toString());
    expect(signal.signalKey).toBe('channel-divergence');
  });

  test.each(['late-cycle-signals', 'channel-divergence'])(
    'research signal %s: gauges, summary, indicators, 3,168-point price series',
    async (key) => {
      const response = await get(`/api/dashboards/research-signals/${key}`);
      expect(response.statusCode).toBe(200);
      const { payload, date, signalKey } = response.json();
      expect(signalKey).toBe(key);
      expect(date).toBe('2026-06-01');
      expect(payload.btc_price).toHaveLength(3168);
      expect(payload.qqq_price).toHaveLength(3168);
      expect(payload.btc_price.at(-1).date).toBe('2026-06-01');
      expect(typeof payload.summary.text).toBe('string');
      for (const gauge of payload.gauges) {
        expect(Object.keys(gauge).sort()).toEqual(['id', 'name', 'percentile', 'read', 'value']);
        expect(gauge.percentile === null || (gauge.percentile >= 0 && gauge.percentile <= 1)).toBe(
          true,
        );
      }
      expect(Object.keys(payload.indicators).length).toBeGreaterThanOrEqual(3);
      expect(response.rawPayload.length).toBeGreaterThan(300_000);
    },
  );

  test.each(['late-cycle-signals', 'channel-divergence'])(
    'research signal %s summary: everything but the daily series, a fraction of the bytes',
    async (key) => {
      const full = (await get(`/api/dashboards/research-signals/${key}`)).json();
      const response = await get(`/api/dashboards/research-signals/${key}/summary`);
      expect(response.statusCode).toBe(200);
      const summary = response.json();
      const { series: _s, btc_price: _b, qqq_price: _q, ...rest } = full.payload;
      expect(summary).toEqual({ ...full, payload: rest });
      expect(response.rawPayload.length).toBeLessThan(20_000);
      const etag = response.headers.etag as string;
      expect(
        (await get(`/api/dashboards/research-signals/${key}/summary`, { 'if-none-match': etag }))
          .statusCode,
      ).toBe(304);
      expect((await get('/api/dashboards/research-signals/moon-phase/summary')).json()).toEqual({
        error: 'unknown research signal: moon-phase',
        code: 'unknown_research_signal',
      });
    },
  );

  test('an unknown research signal is a 404 with { error }', async () => {
    const response = await get('/api/dashboards/research-signals/moon-phase');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      error: 'unknown research signal: moon-phase',
      code: 'unknown_research_signal',
    });
  });

  test('the brief reading as of a date returns the latest row on or before it in snake_case', async () => {
    const reads = composeRegime(ctx.testDb.database, ctx.app.convene.versions).service;
    const regime = await reads.briefRegimeAsOf('2026-06-01');
    expect(Object.keys(regime ?? {}).sort()).toEqual([
      'composite',
      'date',
      'macro_regime',
      'onchain_regime',
      'regime',
    ]);
    expect(regime?.date).toBe('2026-06-01');
  });

  test('the routes are documented in OpenAPI under the treasury tag', async () => {
    const spec = (await get('/openapi.json')).json();
    expect(spec.paths['/api/dashboards/regime-snapshots'].get.tags).toEqual(['treasury']);
    expect(spec.paths['/api/dashboards/research-signals/{key}'].get.responses['404']).toBeDefined();
  });
});
