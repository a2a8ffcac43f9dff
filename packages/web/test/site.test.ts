import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, openPage, screenshot, type WatchedPage } from './support/browser.js';
import { startServer, type RunningServer } from './support/server.js';
import { visit } from './support/visit.js';

let server: RunningServer;
let browser: Browser;
let tab: WatchedPage;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  tab = await openPage(browser);
  console.info(`web site test server ready in ${server.startupMs} ms (demo seeding included)`);
}, 150_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('serving the site', () => {
  test('deep links get index.html, hashed assets are immutable, unknown API paths stay JSON 404', async () => {
    const page = await fetch(`${server.baseUrl}/regime?range=365`, {
      headers: { accept: 'text/html' },
    });
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('no-cache');
    const html = await page.text();
    const asset = /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(asset).toBeDefined();
    const script = await fetch(`${server.baseUrl}${asset!}`);
    expect(script.status).toBe(200);
    expect(script.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');

    const api = await fetch(`${server.baseUrl}/api/nothing-here`, {
      headers: { accept: 'text/html' },
    });
    expect(api.status).toBe(404);
    expect(await api.json()).toEqual({ error: 'no route for GET /api/nothing-here' });
    const file = await fetch(`${server.baseUrl}/assets/missing.js`, {
      headers: { accept: 'text/html' },
    });
    expect(file.status).toBe(404);
    const json = await fetch(`${server.baseUrl}/regime`, {
      headers: { accept: 'application/json' },
    });
    expect(json.status).toBe(404);
  });
});

describe('treasury and regime', () => {
  test('treasury shows the vault, allocation, wallets with a gap-aware chart, token and buybacks', async () => {
    const page = await visit(tab, server.baseUrl, '/', '[data-testid="vault-tvl"]', 'treasury');
    await page.waitForSelector('[data-testid="wallet-history-chart"] canvas');
    await expect
      .poll(() => page.locator('[data-testid="env-banner"]').textContent())
      .toContain('demo data — not the live treasury');
    const text = (await page.locator('main').textContent()) ?? '';
    for (const expected of [
      'Own vault',
      'MorphoAdapter',
      'Target vs actual',
      'Conservative yield',
      'Fee split',
      'Buyback history',
    ]) {
      expect(text).toContain(expected);
    }
    for (const provenance of ['live', 'stub', 'stale', 'seed', 'backfilled']) {
      expect(await page.locator(`.prov-${provenance}`).count(), provenance).toBeGreaterThan(0);
    }
    await screenshot(page, 'treasury');
  });

  test('regime shows the hero, the banded history chart, indicators and research signals', async () => {
    const page = await visit(
      tab,
      server.baseUrl,
      '/regime',
      '[data-testid="regime-history-chart"] canvas',
      'regime',
    );
    await page.waitForSelector('[data-testid="research-signals"] table');
    expect(await page.locator('[data-testid="regime-composite"]').textContent()).toMatch(
      /composite \d\.\d{3}/,
    );
    expect(await page.locator('[data-testid="signals-line"]').textContent()).toMatch(
      /Composite says .+; channel says .+; late-cycle says .+\./,
    );
    for (const panel of ['macro', 'onchain', 'factor']) {
      expect(
        await page.locator(`[data-testid="indicators-${panel}"] tbody tr`).count(),
      ).toBeGreaterThan(3);
    }
    expect(await page.locator('[data-testid="backtests"] tbody tr').count()).toBeGreaterThan(3);
    await screenshot(page, 'regime');
  });

  test('time to first chart on the regime page (fresh load)', async () => {
    const fresh = await openPage(browser);
    await fresh.page.goto(`${server.baseUrl}/regime`);
    await fresh.page.waitForSelector('[data-testid="regime-history-chart"] canvas');
    const ms = await fresh.page.evaluate(
      () => performance.getEntriesByName('convene:first-chart')[0]?.startTime ?? -1,
    );
    console.info(`regime page: first chart ${Math.round(ms)} ms after navigation start`);
    expect(ms).toBeGreaterThan(0);
    expect(fresh.errors).toEqual([]);
    await fresh.close();
  });

  test('research signal page charts BTC and QQQ', async () => {
    const page = await visit(
      tab,
      server.baseUrl,
      '/research/channel-divergence',
      '[data-testid="btc-qqq-chart"] canvas',
      'research-channel-divergence',
    );
    expect(await page.locator('h1').textContent()).toContain('channel');
  });

  test('navigation between pages works without reloading', async () => {
    const { page } = tab;
    await page.goto(`${server.baseUrl}/`);
    await page.waitForSelector('[data-testid="vault-tvl"]');
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
    await page.click('nav[aria-label="Main"] >> text=Regime');
    await page.waitForSelector('[data-testid="regime-hero"]');
    expect(page.url()).toBe(`${server.baseUrl}/regime`);
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
    await page.goBack();
    await page.waitForSelector('[data-testid="vault-tvl"]');
    expect(tab.errors).toEqual([]);
  });

  test('a phone-sized screen renders the treasury without horizontal overflow of the page', async () => {
    const phone = await openPage(browser, { width: 390, height: 844 });
    await visit(phone, server.baseUrl, '/', '[data-testid="vault-tvl"]', 'treasury-phone');
    const overflow = await phone.page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    expect(overflow).toBeLessThanOrEqual(1);
    await phone.close();
  });
});
