import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, openPage, screenshot, type WatchedPage } from './support/browser.js';
import { adminToken, importComment } from './support/admin.js';
import { startServer, type RunningServer } from './support/server.js';
import { visit } from './support/visit.js';

let server: RunningServer;
let browser: Browser;
let tab: WatchedPage;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  tab = await openPage(browser);
  console.info(`web site test server ready in ${server.startupMs} ms (demo data seeded or copied)`);
}, 300_000);

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
    expect(await api.json()).toEqual({
      error: 'no route for GET /api/nothing-here',
      code: 'no_route',
    });
    const file = await fetch(`${server.baseUrl}/assets/missing.js`, {
      headers: { accept: 'text/html' },
    });
    expect(file.status).toBe(404);
    // Any Accept header gets the site at a page address (curl, unfurlers, uptime checkers).
    const json = await fetch(`${server.baseUrl}/regime`, {
      headers: { accept: 'application/json' },
    });
    expect(json.status).toBe(200);
    expect(json.headers.get('content-type')).toContain('text/html');
    // An address that is no page gets the site (its not-found page) with a 404 status.
    for (const address of ['/no-such-page', '/swarm/members/a/b', '/analytics/unknown']) {
      const unknown = await fetch(`${server.baseUrl}${address}`, {
        headers: { accept: 'text/html' },
      });
      expect(unknown.status, address).toBe(404);
      expect(unknown.headers.get('content-type'), address).toContain('text/html');
      expect(await unknown.text(), address).toContain(asset!);
    }
  });

  test('an unknown address shows the not-found page', async () => {
    const response = await tab.page.goto(`${server.baseUrl}/no-such-page`, {
      waitUntil: 'domcontentloaded',
    });
    expect(response?.status()).toBe(404);
    await tab.page.getByRole('heading', { name: 'Page not found' }).waitFor();
    tab.errors.length = 0; // the document's own 404, which the console reports
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
  }, 120_000);

  test('regime shows the hero, the banded history chart, indicators and research signals', async () => {
    const requested: string[] = [];
    const record = (request: { url(): string }) => requested.push(new URL(request.url()).pathname);
    tab.page.on('request', record);
    const page = await visit(
      tab,
      server.baseUrl,
      '/regime',
      '[data-testid="regime-history-chart"] canvas',
      'regime',
    );
    await page.waitForSelector('[data-testid="research-signals"] table');
    tab.page.off('request', record);
    // Only what the page shows: the signals' summaries, never their full daily series.
    const research = requested.filter((p) => p.startsWith('/api/dashboards/research-signals/'));
    expect(research.sort()).toEqual([
      '/api/dashboards/research-signals/channel-divergence/summary',
      '/api/dashboards/research-signals/late-cycle-signals/summary',
    ]);
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
    expect(await page.locator('[data-testid="methodology-link"]').getAttribute('href')).toBe(
      '/methodology#regime',
    );
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
  }, 120_000);

  test('research signal page charts BTC and QQQ', async () => {
    const page = await visit(
      tab,
      server.baseUrl,
      '/research/channel-divergence',
      '[data-testid="btc-qqq-chart"] canvas',
      'research-channel-divergence',
    );
    expect(await page.locator('h1').textContent()).toContain('channel');
    // The methodology link opens the section that explains these signals.
    await page.locator('[data-testid="methodology-link"]').click();
    await page.waitForSelector('#research h2');
    expect(new URL(page.url()).pathname + new URL(page.url()).hash).toBe('/methodology#research');
    expect(await page.locator('#research').textContent()).toContain('Channel divergence');
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

async function firstLink(page: Page, selector: string): Promise<string> {
  const href = await page.locator(selector).first().getAttribute('href');
  expect(href).toBeTruthy();
  return href!;
}

describe('analytics', () => {
  test('overview, leaderboard and every list renders with data, and detail pages open from them', async () => {
    const overview = await visit(
      tab,
      server.baseUrl,
      '/analytics',
      '[data-testid="entities"] tbody tr',
      'analytics-overview',
    );
    // Each sparkline says its numbers in words (the chart's text alternative).
    const spoken = await overview.locator('svg.sparkline').first().getAttribute('aria-label');
    expect(spoken).toMatch(/: \d+ points, first .+, last .+, low .+, high .+$/);
    const board = await visit(
      tab,
      server.baseUrl,
      '/analytics/leaderboard',
      '[data-testid="leaderboard"] tbody tr',
      'analytics-leaderboard',
    );
    expect(await board.locator('[data-testid="leaderboard"] .tone-good').count()).toBeGreaterThan(
      0,
    );
    const lists = [
      ['agents', 'agents'],
      ['coins', 'coins'],
      ['vaults', 'vaults'],
      ['wallets', 'wallets'],
      ['projects', 'projects'],
    ] as const;
    for (const [path, testId] of lists) {
      const page = await visit(
        tab,
        server.baseUrl,
        `/analytics/${path}`,
        `[data-testid="${testId}"] tbody tr`,
        `analytics-${path}`,
      );
      const detail = await firstLink(
        page,
        `[data-testid="${testId}"] tbody tr td a[href^="/analytics/${path}/"]`,
      );
      const chart = path === 'projects' ? 'project-chart' : `${path.slice(0, -1)}-chart`;
      await visit(
        tab,
        server.baseUrl,
        detail,
        `[data-testid="${chart}"] canvas`,
        `analytics-${path.slice(0, -1)}-detail`,
      );
    }
    await visit(
      tab,
      server.baseUrl,
      '/analytics/activity',
      '[data-testid="activity-page"]',
      'analytics-activity',
    );
  }, 120_000);

  test('a comment containing <script> is rendered as text, never run', async () => {
    const hostile = '<script>window.__pwned = 1</script><img src=x onerror="window.__pwned = 2">';
    await importComment(server.baseUrl, await adminToken(server.dataDir), {
      id: crypto.randomUUID(),
      createdAt: new Date(Date.now() + 60_000).toISOString(),
      author: '<b>mallory</b>',
      body: hostile,
      targetType: null,
      targetId: null,
    });
    const page = await visit(
      tab,
      server.baseUrl,
      '/analytics/comments',
      '[data-testid="comments"] .comment',
      'analytics-comments',
    );
    expect(await page.locator('.comment-body').first().textContent()).toBe(hostile);
    expect(await page.locator('.comment-author').first().textContent()).toBe('<b>mallory</b>');
    expect(
      await page.locator('[data-testid="comments"] script, [data-testid="comments"] img').count(),
    ).toBe(0);
    expect(
      await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned),
    ).toBeUndefined();
  });
});
