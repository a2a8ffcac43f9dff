/**
 * Research signals have a history, in the demo too: the regime seeder stores each signal as it read
 * on past Mondays, computed once from the regime's own series (no look-ahead: a past row equals the
 * signal computed on the series cut at its date), and a past brief references, and embeds on
 * request, the signals as of its own date.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { alignSeries } from '../../src/regime/model/align.js';
import { dayIndex } from '../../src/regime/model/calendar.js';
import { kyselyTransactor } from '../../src/db/transactor.js';
import { composeRegime } from '../../src/regime/compose.js';
import { recomputeRegime } from '../../src/regime/recompute.js';
import { DEMO_START_DATE, generateDemoSeries } from '../../src/regime/demo-series.js';
import {
  computeResearchSignal,
  researchPayloadAsOf,
  researchTracks,
  RESEARCH_SIGNAL_KEYS,
} from '../../src/regime/model/research.js';
import { createTestApp, type TestContext } from '../support/app.js';
import { describeEachDatabase } from '../support/databases.js';
import { adminPost, getJson, scheduledSubject } from '../swarm/session-support.js';
import { seedTreasuryAndRegime } from './support.js';

describe('a research signal as of a past day', () => {
  test('equals the signal computed on the series cut at that day', async () => {
    const end = '2026-06-10';
    const series = await generateDemoSeries(end);
    const start = dayIndex(DEMO_START_DATE);
    const axisTo = (date: string) => ({ start, length: dayIndex(date) - start + 1 });
    const readOn = (date: string) => (key: string) =>
      alignSeries(
        (series.get(key) ?? []).filter((point) => point.date <= date),
        axisTo(date),
        120,
      );
    for (const key of RESEARCH_SIGNAL_KEYS) {
      const tracks = await researchTracks(key, axisTo(end), readOn(end));
      for (const past of ['2026-03-02', '2026-05-18']) {
        const asOf = researchPayloadAsOf(tracks, dayIndex(past) - start);
        expect(asOf.asOf).toBe(past);
        expect(asOf).toEqual(await computeResearchSignal(key, axisTo(past), readOn(past)));
      }
    }
  });
});

describeEachDatabase('the demo research-signal history', (kind) => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestApp(kind);
    ctx.clock.set('2026-06-10T09:30:00Z');
    await seedTreasuryAndRegime(ctx);
    await scheduledSubject(ctx.testDb.database.db, { quorum: 1 });
  }, 120_000);
  afterAll(async () => {
    await ctx?.close();
  });

  test('a past brief references the signals of its week and embeds them on request', async () => {
    // A session convened on a past Thursday, after the demo data was seeded.
    ctx.clock.set('2026-05-14T12:00:00Z');
    const opened = await adminPost(ctx.app, '/api/swarm/admin/sessions', {
      subjectId: 'convene-treasury',
    });
    expect(opened.statusCode).toBe(201);

    const brief = await getJson(
      ctx.app,
      '/api/swarm/brief?date=2026-05-14&subject=convene-treasury',
    );
    expect(brief.status).toBe(200);
    expect(brief.body.body.researchSignals).toEqual(
      RESEARCH_SIGNAL_KEYS.map((signalKey) => ({
        signalKey,
        date: '2026-05-11',
        href: `/api/dashboards/research-signals/${signalKey}`,
      })),
    );

    const embedded = await getJson(
      ctx.app,
      '/api/swarm/brief?date=2026-05-14&subject=convene-treasury&include=researchSignals',
    );
    const signals = embedded.body.body.researchSignals as Array<{
      signal_key: string;
      date: string;
      payload: { asOf: string; gauges: unknown[]; btc_price: Array<{ date: string }> };
    }>;
    expect(signals.map((signal) => signal.signal_key)).toEqual([...RESEARCH_SIGNAL_KEYS]);
    for (const signal of signals) {
      expect(signal.date).toBe('2026-05-11');
      expect(signal.payload.asOf).toBe('2026-05-11');
      expect(signal.payload.gauges.length).toBeGreaterThan(0);
      expect(signal.payload.btc_price.at(-1)?.date).toBe('2026-05-11');
    }
  });

  test('a recomputation reports its times rounded, as its log line carries them', async () => {
    const { database } = ctx.testDb;
    const result = await recomputeRegime({
      repository: composeRegime(database, ctx.app.convene.versions).repository,
      transactor: kyselyTransactor(database.db),
      clock: ctx.clock,
      versions: ctx.app.convene.versions,
    });
    for (const ms of [result?.computeMs, result?.totalMs])
      expect(String(ms)).toMatch(/^\d+(\.\d)?$/);
  });

  test('today the signals are the latest, as before', async () => {
    const latest = await getJson(ctx.app, '/api/dashboards/research-signals/channel-divergence');
    expect(latest.body.date).toBe('2026-06-10');
  });
});
