import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, openPage, screenshot, type WatchedPage } from './support/browser.js';
import { horizontalOverflow, overflowingElements, seriousAxeViolations } from './support/audit.js';
import { activeMember, postMemo } from './support/member.js';
import { startServer, type RunningServer } from './support/server.js';

/**
 * Every route of the site at a phone (390×844) and a desktop (1440×900) size: the page is never
 * wider than the viewport, no console error, axe-core finds no critical or serious violation, the
 * page has its own <title>, and a screenshot lands in test-artifacts/screenshots/.
 */

const SIZES = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1440, height: 900 },
] as const;

/** The route patterns declared in src/routes.ts: a new route fails this suite until visited. */
const DECLARED = [
  ...readFileSync(new URL('../src/routes.ts', import.meta.url), 'utf8').matchAll(
    /\{ path: '([^']+)'/g,
  ),
].map((match) => match[1]!);

let server: RunningServer;
let browser: Browser;
const visits: Array<{ pattern: string; path: string }> = [];

async function api<T>(path: string): Promise<T> {
  const response = await fetch(`${server.baseUrl}${path}`);
  if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
  return (await response.json()) as T;
}

/** One concrete URL per declared route, with ids read from the running demo's API. */
async function concreteRoutes(): Promise<Array<{ pattern: string; path: string }>> {
  const first = async <T>(path: string, key: string, pick: (row: T) => string) =>
    pick((await api<Record<string, T[]>>(path))[key]![0]!);
  const sessions = await api<{ sessions: Array<{ id: string; takeCount: number }> }>(
    '/api/swarm/sessions?state=published&subject=convene-treasury&limit=50',
  );
  const session = sessions.sessions.find((s) => s.takeCount > 0)!;
  const detail = await api<{ takes: Array<{ id: string; memberId: string }> }>(
    `/api/swarm/sessions/${session.id}`,
  );
  const take = detail.takes[0]!;
  // The demo posts no memos: a member of our own posts one.
  const memo = await postMemo(server.baseUrl, await activeMember(server.baseUrl, server.dataDir));
  const application = await applyOnce();
  const id = (row: { id: string }) => row.id;
  return [
    { pattern: '/', path: '/' },
    { pattern: '/treasury', path: '/treasury' },
    { pattern: '/regime', path: '/regime' },
    { pattern: '/research/:key', path: '/research/late-cycle-signals' },
    { pattern: '/research/:key', path: '/research/channel-divergence' },
    { pattern: '/swarm', path: '/swarm' },
    { pattern: '/swarm/sessions/:id', path: `/swarm/sessions/${session.id}` },
    { pattern: '/swarm/members', path: '/swarm/members' },
    { pattern: '/swarm/members/:id', path: `/swarm/members/${take.memberId}` },
    { pattern: '/swarm/takes/:id', path: `/swarm/takes/${take.id}` },
    { pattern: '/swarm/memos/:id', path: `/swarm/memos/${memo}` },
    { pattern: '/join', path: '/join' },
    { pattern: '/join/status/:id', path: `/join/status/${application}` },
    { pattern: '/analytics', path: '/analytics' },
    { pattern: '/analytics/leaderboard', path: '/analytics/leaderboard' },
    { pattern: '/analytics/agents', path: '/analytics/agents' },
    {
      pattern: '/analytics/agents/:id',
      path: `/analytics/agents/${await first('/api/dashboards/agents?limit=1', 'agents', id)}`,
    },
    { pattern: '/analytics/coins', path: '/analytics/coins' },
    {
      pattern: '/analytics/coins/:id',
      path: `/analytics/coins/${await first('/api/dashboards/coins?limit=1', 'coins', id)}`,
    },
    { pattern: '/analytics/vaults', path: '/analytics/vaults' },
    {
      pattern: '/analytics/vaults/:id',
      path: `/analytics/vaults/${await first('/api/dashboards/vaults?limit=1', 'vaults', id)}`,
    },
    { pattern: '/analytics/wallets', path: '/analytics/wallets' },
    {
      pattern: '/analytics/wallets/:id',
      path: `/analytics/wallets/${await first('/api/dashboards/wallets?limit=1', 'wallets', id)}`,
    },
    { pattern: '/analytics/projects', path: '/analytics/projects' },
    {
      pattern: '/analytics/projects/:slug',
      path: `/analytics/projects/${await first(
        '/api/projects?limit=1',
        'projects',
        (row: { slug: string }) => row.slug,
      )}`,
    },
    { pattern: '/analytics/activity', path: '/analytics/activity' },
    { pattern: '/analytics/comments', path: '/analytics/comments' },
  ];
}

/** Applies through the site itself (key generated in the browser) and returns the application id. */
async function applyOnce(): Promise<string> {
  const watched = await openPage(browser);
  const { page } = watched;
  await page.goto(`${server.baseUrl}/join`);
  await page.click('[data-testid="generate-key"]');
  await page.fill('input[name="name"]', `Route Walker ${Date.now()}`);
  await page.fill('input[name="contact"]', 'walker@example.org');
  await page.click('[data-testid="apply-submit"]');
  await page.waitForSelector('[data-testid="apply-result"] a');
  const href = await page.locator('[data-testid="apply-result"] a').first().getAttribute('href');
  await watched.close();
  return /\/join\/status\/([^/?#]+)/.exec(href ?? '')![1]!;
}

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  visits.push(...(await concreteRoutes()));
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('every route', () => {
  test('each route declared in src/routes.ts is visited', () => {
    expect(new Set(visits.map((visit) => visit.pattern))).toEqual(new Set(DECLARED));
  });

  for (const size of SIZES) {
    test(`at ${size.width}×${size.height} (${size.name}): fits, no console error, axe clean, own title`, async () => {
      const watched: WatchedPage = await openPage(browser, size);
      const { page } = watched;
      const titles = new Map<string, string>();
      const failures: string[] = [];
      for (const { path } of visits) {
        watched.errors.length = 0;
        await page.goto(`${server.baseUrl}${path}`, { waitUntil: 'domcontentloaded' });
        await page.waitForSelector('main h1', { timeout: 20_000 });
        await page.waitForFunction(
          () => document.querySelectorAll('.loading').length === 0,
          undefined,
          { timeout: 20_000 },
        );
        const overflow = await horizontalOverflow(page);
        if (overflow > 0)
          failures.push(
            `${path}: ${overflow}px wider than the viewport: ${(await overflowingElements(page)).join(', ')}`,
          );
        for (const error of watched.errors) failures.push(`${path}: console error ${error}`);
        for (const violation of await seriousAxeViolations(page))
          failures.push(
            `${path}: axe ${violation.impact} ${violation.id} (${violation.help}) at ${violation.targets.join(' | ')}`,
          );
        if ((await page.locator('[data-testid="disclaimer"]').count()) !== 1)
          failures.push(`${path}: no disclaimer`);
        titles.set(path, await page.title());
        const name = path === '/' ? 'home' : path.slice(1).replace(/[/:]+/g, '-').slice(0, 80);
        await screenshot(page, `routes/${size.name}/${name}`);
      }
      await watched.close();
      expect(failures).toEqual([]);
      const distinct = new Set(
        [...titles.entries()].filter(([p]) => p !== '/treasury').map(([, t]) => t),
      );
      expect(distinct.size, JSON.stringify([...titles])).toBe(titles.size - 1);
    }, 600_000);
  }

  test('on a phone every main and section nav link is on screen, and the skip link leads to main', async () => {
    const watched = await openPage(browser, SIZES[0]);
    const { page } = watched;
    for (const path of ['/', '/analytics/agents', '/swarm']) {
      await page.goto(`${server.baseUrl}${path}`);
      await page.waitForSelector('main h1');
      const boxes = await page.locator('nav a').evaluateAll((links) =>
        links.map((link) => {
          const box = link.getBoundingClientRect();
          return { text: link.textContent, left: box.left, right: box.right };
        }),
      );
      expect(boxes.length).toBeGreaterThan(4);
      for (const box of boxes) {
        expect(box.left, `${path} ${box.text}`).toBeGreaterThanOrEqual(0);
        expect(box.right, `${path} ${box.text}`).toBeLessThanOrEqual(SIZES[0].width);
      }
    }
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Skip to content');
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('main');
    await watched.close();
  });

  test('when /health cannot be read the banner says the environment is unknown; every page has the disclaimer', async () => {
    const watched = await openPage(browser);
    const { page } = watched;
    await page.route('**/health', (route) => route.abort());
    await page.goto(`${server.baseUrl}/analytics`);
    await page.waitForSelector('[data-testid="env-banner"]');
    expect(await page.locator('[data-testid="env-banner"]').textContent()).toContain(
      'environment unknown',
    );
    expect(await page.locator('[data-testid="disclaimer"]').textContent()).toContain(
      'Not investment advice',
    );
    await page.unroute('**/health');
    await watched.close();
  });
});
