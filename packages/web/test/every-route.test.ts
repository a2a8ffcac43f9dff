import { mkdir } from 'node:fs/promises';
import { SITE_PATHS } from '@convene/protocol';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser } from 'playwright-core';
import {
  launchBrowser,
  openPage,
  screenshot,
  SCREENSHOTS,
  type WatchedPage,
} from './support/browser.js';
import {
  chartAxisProblems,
  horizontalOverflow,
  overflowingElements,
  phoneChrome,
  phoneLayoutProblems,
  rawDateInTitle,
  rawDateProblems,
  rawIdProblems,
  seriousAxeViolations,
  termProblems,
  unitProblems,
} from './support/audit.js';
import { activeMember, postMemo } from './support/member.js';
import { GLOSSARY, TERM_IDS, type TermId } from '../src/lib/glossary.js';
import { startServer, type RunningServer } from './support/server.js';

/**
 * Every route of the site at a phone (390×844) and a desktop (1440×900) size: the page is never
 * wider than the viewport, no console error, axe-core finds no critical or serious violation, the
 * page has its own <title> (no raw YYYY-MM-DD date in it), every chart's axes read right (no
 * clipped label, dates not times, the axis's unit on every label, a plain-number axis names its
 * unit, percentiles on a percentile axis, filled areas from zero), no visible cell or paragraph
 * prints a raw YYYY-MM-DD date (code and hashes aside), and a screenshot lands in
 * test-artifacts/screenshots/. On a phone, every table marks its primary column and shows it
 * without scrolling sideways, a table box that scrolls says so, no prose is clipped, the header and
 * section navigation stay within PHONE_CHROME_PX and the lists' first rows are on the first screen.
 */

const SIZES = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1440, height: 900 },
] as const;

/** Pages of third-party data: each says when its data is from, in a <time>, and flags stale rows. */
const DATED = new Set([
  '/analytics',
  '/analytics/leaderboard',
  '/analytics/agents',
  '/analytics/agents/:id',
  '/analytics/coins',
  '/analytics/coins/:id',
  '/analytics/vaults',
  '/analytics/vaults/:id',
  '/analytics/wallets',
  '/analytics/wallets/:id',
  '/analytics/projects',
  '/analytics/projects/:slug',
]);

/**
 * The most a phone's chrome (site header and section navigation) may take of its 844 px as a page
 * opens, and pinned over the content once scrolled: two rows of 44 px touch targets (main, then
 * section navigation) with their padding and rules, about an eighth of the screen.
 */
const PHONE_CHROME_PX = 110;

/** Lists whose first row a phone reader should see without scrolling down (page → table). */
const FIRST_ROW_ON_SCREEN = new Map([
  ['/swarm', 'session-list'],
  ['/analytics/agents', 'agents'],
]);

/** Where readers check the data at its source, as a deployment configures it. */
const SOURCES = {
  EXPLORER_URL: 'https://explorer.example',
  ANALYTICS_SOURCE_URL: 'https://data.example/directory',
  ANALYTICS_SOURCE_NAME: 'Example Directory',
};

/**
 * Terms each page must explain where it uses them: a `Term` link to its glossary entry on
 * /methodology (some appear only with data, e.g. the drift flag; these are the ones always shown).
 */
const EXPLAINED: Record<string, readonly TermId[]> = {
  '/': ['sleeve', 'bucket', 'drift', 'points'],
  '/regime': ['signed-percentile', 'points'],
  '/swarm/sessions/:id': ['stance-score', 'normalised-weights', 'bucket', 'sleeve', 'points'],
  '/swarm/takes/:id': ['raw-weights', 'normalised-weights'],
  '/swarm/members/:id': ['brier-score', 'log-score', 'contribution'],
  '/swarm/track-record': ['brier-score'],
  '/analytics': ['productivity', 'signal-score'],
  '/analytics/agents': ['directory-score', 'productivity'],
  '/analytics/agents/:id': ['signal-score', 'directory-score', 'productivity'],
  '/analytics/leaderboard': ['signal-score'],
};

/** The route patterns declared in src/routes.ts: a new route fails this suite until visited. */
const DECLARED: readonly string[] = SITE_PATHS;

/**
 * The problems a check finds once the page has settled: a scroll box measures its content in a
 * ResizeObserver and re-renders its cue after the data is on screen, which on a busy machine can
 * take a few frames. A problem still there after two seconds of frames is reported.
 */
async function settled(check: () => Promise<string[]>): Promise<string[]> {
  const deadline = Date.now() + 2000;
  for (;;) {
    const problems = await check();
    if (problems.length === 0 || Date.now() > deadline) return problems;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

let server: RunningServer;
let browser: Browser;
const visits: Array<{ pattern: string; path: string }> = [];
/** The demo's subject ids: a reader sees a subject's name, its id only as code. */
let subjectIds: string[] = [];

async function api<T>(path: string): Promise<T> {
  const response = await fetch(`${server.baseUrl}${path}`);
  if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
  return (await response.json()) as T;
}

/** One concrete URL per declared route, with ids read from the running demo's API. */
async function concreteRoutes(): Promise<Array<{ pattern: string; path: string }>> {
  const first = async <T>(path: string, key: string, pick: (row: T) => string) =>
    pick((await api<Record<string, T[]>>(path))[key]![0]!);
  const sessions = await api<{
    sessions: Array<{ id: string; takeCount: number; date: string; subjectId: string }>;
  }>('/api/swarm/sessions?state=published&subject=convene-treasury&limit=50');
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
    { pattern: '/swarm/track-record', path: '/swarm/track-record' },
    { pattern: '/swarm/members/:id', path: `/swarm/members/${take.memberId}` },
    { pattern: '/swarm/takes/:id', path: `/swarm/takes/${take.id}` },
    { pattern: '/swarm/memos/:id', path: `/swarm/memos/${memo}` },
    { pattern: '/swarm/subjects/:id', path: `/swarm/subjects/${session.subjectId}` },
    { pattern: '/methodology', path: '/methodology' },
    { pattern: '/log', path: '/log' },
    { pattern: '/swarm/:date/:subject', path: `/swarm/${session.date}/${session.subjectId}` },
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
  await page.fill('input[name="passphrase"]', 'route walker passphrase');
  await page.click('[data-testid="apply-submit"]');
  await page.waitForSelector('[data-testid="apply-result"] a');
  const href = await page.locator('[data-testid="apply-result"] a').first().getAttribute('href');
  await watched.close();
  return /\/join\/status\/([^/?#]+)/.exec(href ?? '')![1]!;
}

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(undefined, SOURCES), launchBrowser()]);
  visits.push(...(await concreteRoutes()));
  const sessions = await api<{ sessions: Array<{ subjectId: string }> }>(
    '/api/swarm/sessions?limit=100',
  );
  subjectIds = [...new Set(sessions.sessions.map((session) => session.subjectId))];
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('every route', () => {
  test('each page address the site declares (SITE_PATHS) is visited', () => {
    expect(new Set(visits.map((visit) => visit.pattern))).toEqual(new Set(DECLARED));
  });

  for (const size of SIZES) {
    test(`at ${size.width}×${size.height} (${size.name}): fits, no console error, axe clean, own title`, async () => {
      const watched: WatchedPage = await openPage(browser, size);
      const { page } = watched;
      const titles = new Map<string, string>();
      const failures: string[] = [];
      for (const { pattern, path } of visits) {
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
        for (const problem of await chartAxisProblems(page)) failures.push(`${path}: ${problem}`);
        if (size.name === 'phone') {
          for (const problem of await settled(() => phoneLayoutProblems(page)))
            failures.push(`${path}: ${problem}`);
          const chrome = await phoneChrome(page);
          if (chrome.opening > PHONE_CHROME_PX || chrome.pinned > PHONE_CHROME_PX)
            failures.push(
              `${path}: header and section navigation take ${chrome.opening} px (${chrome.pinned} px pinned once scrolled), over ${PHONE_CHROME_PX} px`,
            );
          const list = FIRST_ROW_ON_SCREEN.get(pattern);
          if (list !== undefined) {
            const top = await page
              .locator(`[data-testid="${list}"] tbody tr`)
              .first()
              .evaluate((row) => row.getBoundingClientRect().top + window.scrollY);
            console.info(
              `${path} on a phone: chrome ${chrome.opening} px, first row at ${Math.round(top)} px`,
            );
            if (top >= size.height)
              failures.push(`${path}: the list's first row starts ${Math.round(top)} px down`);
          }
        }
        for (const problem of await rawDateProblems(page))
          failures.push(`${path}: raw date ${problem}`);
        for (const problem of await unitProblems(page)) failures.push(`${path}: unit: ${problem}`);
        for (const problem of await rawIdProblems(page, subjectIds))
          failures.push(`${path}: raw id: ${problem}`);
        const terms = await page
          .locator('main a.term')
          .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
        for (const problem of await termProblems(page)) failures.push(`${path}: ${problem}`);
        for (const href of terms)
          if (!TERM_IDS.some((id) => href === `/methodology#glossary-${id}`))
            failures.push(`${path}: term link ${href} has no glossary entry`);
        for (const id of EXPLAINED[pattern] ?? [])
          if (!terms.includes(`/methodology#glossary-${id}`))
            failures.push(`${path}: "${GLOSSARY[id].name}" is used without a link to its entry`);
        const rawTitle = await rawDateInTitle(page);
        if (rawTitle !== null) failures.push(`${path}: raw date in the title "${rawTitle}"`);
        for (const error of watched.errors) failures.push(`${path}: console error ${error}`);
        for (const violation of await seriousAxeViolations(page))
          failures.push(
            `${path}: axe ${violation.impact} ${violation.id} (${violation.help}) at ${violation.targets.join(' | ')}`,
          );
        if ((await page.locator('[data-testid="disclaimer"]').count()) !== 1)
          failures.push(`${path}: no disclaimer`);
        const sectionLinks = page.locator('nav.subnav[aria-label="Section"] a');
        if (
          (await sectionLinks.count()) > 0 &&
          (await page
            .locator('nav.subnav[aria-label="Section"] a[aria-current="page"]')
            .count()) !== 1
        )
          failures.push(`${path}: the section navigation does not mark this page's section`);
        if (
          DATED.has(pattern) &&
          (await page
            .locator(`[data-testid="data-source"] a[href="${SOURCES.ANALYTICS_SOURCE_URL}"]`)
            .count()) !== 1
        )
          failures.push(`${path}: no link to the data's provider`);
        if (DATED.has(pattern) && (await page.locator('[data-testid="as-of"] time').count()) === 0)
          failures.push(`${path}: no "as of" time for its data`);
        titles.set(path, await page.title());
        const name = path === '/' ? 'home' : path.slice(1).replace(/[/:]+/g, '-').slice(0, 80);
        await screenshot(page, `routes/${size.name}/${name}`);
      }
      await watched.close();
      expect(failures).toEqual([]);
      // An alias shares its page's title: /treasury is /.
      const aliases = new Set(['/treasury']);
      const distinct = new Set(
        [...titles.entries()].filter(([p]) => !aliases.has(p)).map(([, t]) => t),
      );
      expect(distinct.size, JSON.stringify([...titles])).toBe(titles.size - aliases.size);
    }, 600_000);
  }

  /** One page of each kind: the light theme's inks on every component, and paper. */
  const THEMED = [
    '/',
    '/regime',
    '/research/:key',
    '/swarm',
    '/swarm/sessions/:id',
    '/swarm/track-record',
    '/swarm/members/:id',
    '/swarm/takes/:id',
    '/log',
    '/methodology',
    '/join',
    '/analytics',
    '/analytics/agents',
    '/analytics/vaults/:id',
  ];
  const themedVisits = () =>
    THEMED.map((pattern) => visits.find((visit) => visit.pattern === pattern)!.path);

  for (const size of SIZES) {
    test(`in the light theme at ${size.width}×${size.height} (${size.name}): light inks, axe clean`, async () => {
      const watched = await openPage(browser, { ...size, colorScheme: 'light' });
      const { page } = watched;
      const failures: string[] = [];
      for (const path of themedVisits()) {
        await page.goto(`${server.baseUrl}${path}`, { waitUntil: 'domcontentloaded' });
        await page.waitForSelector('main h1', { timeout: 20_000 });
        await page.waitForFunction(
          () => document.querySelectorAll('.loading').length === 0,
          undefined,
          { timeout: 20_000 },
        );
        // The page's own background, as drawn: light (relative luminance above 0.8).
        const luminance = await page.evaluate(() => {
          const [r, g, b] = getComputedStyle(document.documentElement)
            .backgroundColor.match(/\d+/g)!
            .map(Number)
            .map((c) => c / 255)
            .map((c) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
          return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
        });
        if (luminance < 0.8) failures.push(`${path}: background luminance ${luminance.toFixed(2)}`);
        for (const violation of await seriousAxeViolations(page))
          failures.push(
            `${path}: axe ${violation.impact} ${violation.id} (${violation.help}) at ${violation.targets.join(' | ')}`,
          );
        for (const error of watched.errors) failures.push(`${path}: console error ${error}`);
        const name = path === '/' ? 'home' : path.slice(1).replace(/[/:]+/g, '-').slice(0, 80);
        await screenshot(page, `routes-light/${size.name}/${name}`);
      }
      await watched.close();
      expect(failures).toEqual([]);
    }, 300_000);
  }

  test('printed, a page drops the banner and navigation and clips no table', async () => {
    // A4 at 96 dpi, as Chromium lays out a printed page.
    const watched = await openPage(browser, { width: 794, height: 1123 });
    const { page } = watched;
    await mkdir(`${SCREENSHOTS}print`, { recursive: true });
    for (const path of ['/swarm/sessions/:id', '/analytics/agents', '/regime'].map(
      (pattern) => visits.find((visit) => visit.pattern === pattern)!.path,
    )) {
      await page.goto(`${server.baseUrl}${path}`);
      await page.waitForSelector('main h1');
      await page.waitForFunction(() => document.querySelectorAll('.loading').length === 0);
      await page.emulateMedia({ media: 'print' });
      const printed = await page.evaluate(() => ({
        hidden: ['.site-header', '.env-banner', '.subnav'].map((selector) =>
          [...document.querySelectorAll(selector)].every(
            (element) => getComputedStyle(element).display === 'none',
          ),
        ),
        clipped: [...document.querySelectorAll('.table-scroll')]
          .filter((element) => getComputedStyle(element).overflowX !== 'visible')
          .map((element) => element.getAttribute('aria-label')),
        background: getComputedStyle(document.documentElement).backgroundColor,
      }));
      expect(printed, path).toEqual({
        hidden: [true, true, true],
        clipped: [],
        background: 'rgb(255, 255, 255)',
      });
      const name = path.slice(1).replace(/[/:]+/g, '-').slice(0, 80);
      const pdf = await page.pdf({ path: `${SCREENSHOTS}print/${name}.pdf`, format: 'A4' });
      expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
      await page.emulateMedia({ media: 'screen' });
    }
    await watched.close();
  });

  test('on a phone every main and section nav link can be scrolled into view and clicked, the current one shows, and the skip link leads to main', async () => {
    const watched = await openPage(browser, SIZES[0]);
    const { page } = watched;
    for (const path of ['/', '/analytics/comments', '/swarm', '/join']) {
      await page.goto(`${server.baseUrl}${path}`);
      await page.waitForSelector('main h1');
      // The navigation rows scroll sideways on a phone: the current page's link is in view as the
      // page opens, and each of the others is reached by scrolling its row, and takes a click there.
      for (const current of await page.locator('nav a[aria-current="page"], nav a.active').all()) {
        const box = (await current.boundingBox())!;
        expect(box.x, `${path}: current ${await current.textContent()}`).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width, `${path}: current`).toBeLessThanOrEqual(SIZES[0].width);
      }
      const links = await page.locator('nav:is([aria-label="Main"], .subnav) a').all();
      expect(links.length).toBeGreaterThan(4);
      for (const link of links) {
        const text = await link.textContent();
        await link.scrollIntoViewIfNeeded();
        const box = (await link.boundingBox())!;
        expect(box.x, `${path} ${text}`).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width, `${path} ${text}`).toBeLessThanOrEqual(SIZES[0].width);
        // Actionable where it is: visible, stable, enabled and not covered by anything else.
        await link.click({ trial: true, timeout: 5_000 });
      }
      expect(await horizontalOverflow(page), path).toBe(0);
    }
    await page.goto(`${server.baseUrl}/swarm`);
    await page.locator('nav[aria-label="Main"] a', { hasText: 'Join' }).click();
    await page.waitForURL(/\/join$/);
    await page.goto(`${server.baseUrl}/`);
    await page.waitForSelector('main h1');
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

  test('agents sort and search run over the whole dataset on the server, kept in the URL', async () => {
    const watched = await openPage(browser, SIZES[0]);
    const { page } = watched;
    const top = await api<{ agents: Array<{ name: string; walletBalanceUsd: number | null }> }>(
      '/api/dashboards/agents?sort=balance&limit=1',
    );
    await page.goto(`${server.baseUrl}/analytics/agents`);
    await page.waitForSelector('[data-testid="agents"] tbody tr');
    await page.click('[data-testid="agents"] th a.sort:text("Balance")');
    await page.waitForURL(/sort=balance&order=desc/);
    await page.waitForSelector('[data-testid="agents"] tbody tr');
    const header = page.locator('[data-testid="agents"] th[aria-sort="descending"]');
    expect(await header.textContent()).toContain('Balance');
    const firstName = await page
      .locator('[data-testid="agents"] tbody tr:first-child td:first-child a')
      .textContent();
    expect(firstName).toBe(top.agents[0]!.name);
    // Page 2 keeps the sort.
    await page.click('nav.pager a:text("next")');
    await page.waitForURL(/page=2/);
    expect(page.url()).toContain('sort=balance');
    // Search goes to the server and into the URL; the total counts the matches.
    const needle = top.agents[0]!.name;
    const matches = await api<{ total: number }>(
      `/api/dashboards/agents?search=${encodeURIComponent(needle)}`,
    );
    await page.fill('input[name="search"]', needle);
    await page.click('form[role="search"] button[type="submit"]');
    await page.waitForURL(/search=/);
    expect(page.url()).not.toContain('page=2');
    await expect
      .poll(() => page.locator('[data-testid="pager-status"]').textContent())
      .toContain(
        `page 1 of 1 · ${matches.total.toLocaleString('en-US')} ${matches.total === 1 ? 'row' : 'rows'}`,
      );
    const names = await page
      .locator('[data-testid="agents"] tbody tr td:first-child a')
      .allTextContents();
    for (const name of names) expect(name.toLowerCase()).toContain(needle.toLowerCase());
    expect(watched.errors).toEqual([]);
    await watched.close();
  });

  test('every analytics list sorts the whole dataset on the server: the page shows the API’s top rows for that sort', async () => {
    const lists = [
      {
        page: '/analytics/coins',
        table: 'coins',
        api: '/api/dashboards/coins',
        rows: 'coins',
        sort: 'volume24h',
      },
      {
        page: '/analytics/vaults',
        table: 'vaults',
        api: '/api/dashboards/vaults',
        rows: 'vaults',
        sort: 'apy',
      },
      {
        page: '/analytics/wallets',
        table: 'wallets',
        api: '/api/dashboards/wallets',
        rows: 'wallets',
        sort: 'change24h',
      },
      {
        page: '/analytics/projects',
        table: 'projects',
        api: '/api/projects',
        rows: 'projects',
        sort: 'tvl',
      },
      {
        page: '/analytics',
        table: 'entities',
        api: '/api/dashboards/entities',
        rows: 'entities',
        sort: 'balance',
      },
      {
        page: '/analytics/leaderboard',
        table: 'leaderboard',
        api: '/api/dashboards/leaderboard',
        rows: 'agents',
        sort: 'balance',
      },
    ];
    const watched = await openPage(browser, SIZES[1]);
    const { page } = watched;
    const problems: string[] = [];
    const shownIds = (table: string) =>
      page
        .locator(`[data-testid="${table}"] tbody tr`)
        .evaluateAll((rows) =>
          rows.map(
            (row) =>
              row.querySelector('a[href^="/analytics/"]')?.getAttribute('href')?.split('/').pop() ??
              '',
          ),
        );
    const pageOf = async (list: (typeof lists)[number], offset: number) => {
      const body = await api<Record<string, unknown>>(
        `${list.api}?sort=${list.sort}&order=desc&limit=50&offset=${offset}`,
      );
      const rows = body[list.rows] as Array<{ id?: string; slug?: string }>;
      return { total: body.total as number, ids: rows.map((row) => row.slug ?? row.id!) };
    };
    const compare = async (list: (typeof lists)[number], expected: string[], what: string) => {
      try {
        await expect.poll(() => shownIds(list.table)).toEqual(expected);
      } catch {
        const shown = await shownIds(list.table);
        problems.push(
          `${list.page} by ${list.sort}, ${what}: page ${shown.join(',')} vs API ${expected.join(',')}`,
        );
      }
    };
    let paged = 0;
    for (const list of lists) {
      // The server's pages of the whole dataset in that order (the site pages by 50).
      const first = await pageOf(list, 0);
      await page.goto(`${server.baseUrl}${list.page}`);
      await page.waitForSelector(`[data-testid="${list.table}"] tbody tr`);
      await page.click(`[data-testid="${list.table}"] th a.sort[href*="sort=${list.sort}&"]`);
      await page.waitForURL(new RegExp(`sort=${list.sort}&order=desc`));
      await page.waitForSelector(`[data-testid="${list.table}"] th[aria-sort="descending"]`);
      await compare(list, first.ids, 'page 1');
      // Past one page a sort of the rows on screen would show other rows: page 2 tells them apart.
      if (first.total > 50) {
        paged++;
        await page.click('nav.pager a:text("next")');
        await page.waitForURL(/page=2/);
        await compare(list, (await pageOf(list, 50)).ids, 'page 2');
      }
    }
    expect(paged, 'lists longer than one page').toBeGreaterThan(0);
    expect(problems).toEqual([]);
    expect(watched.errors).toEqual([]);
    await watched.close();
  });

  test('long hashes are shortened on a phone with the whole value on hover and a copy button that copies it', async () => {
    const watched = await openPage(browser, SIZES[0]);
    const { page } = watched;
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], {
      origin: server.baseUrl,
    });
    const { vaultAddress } = await api<{ vaultAddress: string }>('/api/dashboards/vault-economics');
    await page.goto(`${server.baseUrl}/treasury`);
    const vault = page.locator(`[data-testid="hash"]:has([title="${vaultAddress}"])`).first();
    await vault.waitFor();
    const shown = (await vault.locator('.mono').textContent()) ?? '';
    expect(shown.length).toBeLessThan(vaultAddress.length);
    expect(shown).toContain('…');
    const button = vault.locator('button.copy');
    expect(await button.getAttribute('aria-label')).toBe('Copy the full vault address');
    await button.click();
    await expect.poll(() => button.textContent()).toBe('copied');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(vaultAddress);
    // Every shortened value on the page carries the whole value and a copy button.
    const hashes = page.locator('[data-testid="hash"]');
    expect(await hashes.count()).toBeGreaterThan(1);
    for (const hash of await hashes.all()) {
      expect(await hash.locator('[title]').first().getAttribute('title')).toMatch(
        /^0x[0-9a-fA-F]+$/,
      );
      expect(await hash.locator('button.copy').count()).toBe(1);
    }
    expect(await horizontalOverflow(page)).toBe(0);
    expect(watched.errors).toEqual([]);
    await watched.close();
  });

  test('evidence legs carry their status in a mark and in words, not in colour alone', async () => {
    const watched = await openPage(browser, SIZES[1]);
    const { page } = watched;
    const top = await api<{
      agents: Array<{ id: string; evidence: Record<string, { status: string }> }>;
    }>('/api/dashboards/leaderboard?limit=1');
    const agent = top.agents[0]!;
    await page.goto(`${server.baseUrl}/analytics/leaderboard`);
    const legs = page.locator('[data-testid="leaderboard"] tbody tr').first().locator('[data-leg]');
    await legs.first().waitFor();
    const marks: Record<string, string> = { verified: '✓', partial: '◐', missing: '✗' };
    const seen = new Set<string>();
    for (const leg of await legs.all()) {
      const name = (await leg.getAttribute('data-leg'))!;
      const status = agent.evidence[name]!.status;
      seen.add(status);
      const text = ((await leg.textContent()) ?? '').replace(/\s+/g, ' ').trim();
      expect(text.startsWith(marks[status]!), `${name}: ${text}`).toBe(true);
      expect(text.endsWith(`: ${status}`), `${name}: ${text}`).toBe(true);
    }
    expect(seen.size, 'the top agent shows more than one status').toBeGreaterThan(0);
    expect(watched.errors).toEqual([]);
    await watched.close();
  });

  test('phone layouts: sessions and leaderboard rows read as short cards; the allocation Gap is on screen', async () => {
    const watched = await openPage(browser, SIZES[0]);
    const { page } = watched;
    for (const [path, table] of [
      ['/swarm', 'session-list'],
      ['/analytics/leaderboard', 'leaderboard'],
    ] as const) {
      await page.goto(`${server.baseUrl}${path}`);
      await page.waitForSelector(`[data-testid="${table}"] tbody tr`);
      const { rows, height, right } = await page
        .locator(`[data-testid="${table}"]`)
        .evaluate((element) => ({
          rows: element.querySelectorAll('tbody tr').length,
          height: element.getBoundingClientRect().height,
          right: element.getBoundingClientRect().right,
        }));
      console.info(`${path} on a phone: ${rows} rows, ${Math.round(height / rows)} px per row`);
      expect(height / rows, path).toBeLessThan(path === '/swarm' ? 260 : 420);
      expect(right, path).toBeLessThanOrEqual(SIZES[0].width);
    }
    // The allocation table's Gap, the number that matters, is on screen for every bucket.
    await page.goto(`${server.baseUrl}/`);
    await page.waitForSelector('[data-testid="allocation-table"] td[data-label="Gap"]');
    const gaps = await page
      .locator('[data-testid="allocation-table"] td[data-label="Gap"]')
      .evaluateAll((cells) => cells.map((cell) => cell.getBoundingClientRect().right));
    expect(gaps.length).toBeGreaterThan(2);
    for (const right of gaps) expect(right).toBeLessThanOrEqual(SIZES[0].width);
    await watched.close();
  });

  test('regime indicator tables show the transformed value the classifier uses, with its unit', async () => {
    const snapshots = await api<{
      latest: {
        indicators: Array<{ id: string; transform: string; transformedValue: number | null }>;
      };
    }>('/api/dashboards/regime-snapshots');
    const watched = await openPage(browser);
    const { page } = watched;
    await page.goto(`${server.baseUrl}/regime`);
    await page.waitForSelector('[data-testid="indicator-value"]');
    const indicators = snapshots.latest.indicators;
    expect(await page.locator('[data-testid="indicator-value"]').count()).toBe(indicators.length);
    const shown = await Promise.all(
      indicators.map((indicator) =>
        page.locator(`[data-indicator="${indicator.id}"] > div:first-child`).textContent(),
      ),
    );
    indicators.forEach((indicator, index) => {
      const text = shown[index]!;
      const value = indicator.transformedValue;
      if (value === null) return expect(text).toBe('—');
      if (indicator.transform === 'change90')
        expect(text, indicator.id).toBe(
          `${value > 0 ? '+' : ''}${(value * 100).toFixed(1)}\u00a0%`,
        );
      else if (indicator.transform === 'trend_50_200')
        expect(text, indicator.id).toBe(value.toFixed(3));
      // A level keeps its significant digits: never a bare "0" for a small non-zero ratio,
      // and reads in its unit, never with the raw unit word ("120B usd", "0.52 percent").
      else if (value !== 0) expect(text, indicator.id).not.toMatch(/^0( |$)/);
      if (indicator.transform === 'level')
        expect(text, indicator.id).not.toMatch(/ (usd|percent|index|count|ratio)$/);
    });
    await watched.close();
  });

  test('research gauges read in their unit: percent changes signed in %, percentiles as "67th percentile"', async () => {
    const watched = await openPage(browser);
    const { page } = watched;
    for (const key of ['late-cycle-signals', 'channel-divergence']) {
      const signal = await api<{
        payload: {
          gauges: Array<{ id: string; value: number | null; percentile: number | null }>;
          indicators: Record<string, { unit: string }>;
        };
      }>(`/api/dashboards/research-signals/${key}`);
      await page.goto(`${server.baseUrl}/research/${key}`);
      await page.waitForSelector('[data-testid="gauge-value"]');
      for (const gauge of signal.payload.gauges) {
        const row = page.locator(`tr[data-gauge="${gauge.id}"]`);
        const text = (
          (await row.locator('[data-testid="gauge-value"]').textContent()) ?? ''
        ).trim();
        const unit = signal.payload.indicators[gauge.id]?.unit ?? 'percentile';
        const where = `${key} ${gauge.id} (${unit}): ${text}`;
        if (gauge.value === null) {
          expect(text, where).toBe('no reading');
          continue;
        }
        if (unit === 'percent_change') {
          const sign = gauge.value > 0 ? '+' : '';
          expect(text, where).toBe(`${sign}${(gauge.value * 100).toFixed(1)}\u00a0%`);
        } else if (unit === 'percentile')
          expect(text, where).toMatch(/^\d+(st|nd|rd|th) percentile$/);
        else expect(text, where).toMatch(/^[-$\d]/);
        expect(text, where).not.toMatch(/ (usd|percent|percent_change|ratio\d*)$/);
        if (gauge.percentile !== null)
          expect(await row.textContent(), where).toContain(`${Math.round(gauge.percentile * 100)}`);
        expect(await row.textContent(), where).toMatch(/\d+(st|nd|rd|th) percentile/);
      }
      // The summary line names its percentile the same way: "at the 52nd percentile".
      const text = await page.locator('main').innerText();
      expect(text).not.toMatch(/percentile \d|\d\s*% percentile/);
      expect(text).not.toMatch(/\b(\d*[02-9])?(1th|2th|3th)\b/);
    }
    expect(watched.errors).toEqual([]);
    await watched.close();
  });

  test('judgement hashes on the session page: shortened, the full value on hover, a copy button', async () => {
    const session = visits.find((visit) => visit.pattern === '/swarm/sessions/:id')!.path;
    const id = session.split('/').pop()!;
    const judgements = await api<{
      judgements: Array<{ promptHash: string; inputsDigest: string }>;
    }>(`/api/swarm/sessions/${id}/judgements`);
    if (judgements.judgements.length === 0) {
      console.info(`${session}: no judgement in the demo; hash check skipped`);
      return;
    }
    const watched = await openPage(browser, SIZES[0]);
    const { page } = watched;
    await page.goto(`${server.baseUrl}${session}`);
    const hashes = page.locator('[data-testid="judgements"] [data-testid="hash"]');
    await hashes.first().waitFor();
    const titles = await hashes
      .locator('.mono')
      .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('title')));
    // A hash the judge did not disclose reads "not disclosed", with no copy button (the service
    // records the word "undisclosed", which is nothing to copy).
    const first = judgements.judgements[0]!;
    for (const value of [first.promptHash, first.inputsDigest])
      if (value === 'undisclosed') expect(titles).not.toContain(value);
      else expect(titles).toContain(value);
    if ([first.promptHash, first.inputsDigest].includes('undisclosed'))
      expect(await page.locator('[data-testid="judgements"]').textContent()).toContain(
        'not disclosed',
      );
    expect(await page.locator('[data-testid="judgements"]').textContent()).not.toContain('…·');
    expect(await hashes.locator('button.copy').count()).toBe(titles.length);
    expect(await horizontalOverflow(page)).toBe(0);
    await watched.close();
  });

  test('treasury: the headline and its chart state their as-of; the chart has a data table; stamps are <time> with the ISO on hover', async () => {
    const balances = await api<{
      asOf: string | null;
      totalUsd: number;
      history: Array<{ date: string; totalUsd: number }>;
    }>('/api/dashboards/wallet-balances');
    const watched = await openPage(browser);
    const { page } = watched;
    await page.goto(`${server.baseUrl}/treasury`);
    await page.waitForSelector('[data-testid="asof-note"]', { timeout: 30_000 });
    const last = balances.history[balances.history.length - 1]!;
    const usdText = (value: number) =>
      new Intl.NumberFormat('en-US', {
        style: 'currency',
        currency: 'USD',
        maximumFractionDigits: 2,
        ...(Math.abs(value) >= 100_000 ? { notation: 'compact' as const } : {}),
      }).format(value);
    const note = (await page.locator('[data-testid="asof-note"]').textContent())!;
    // The chart's last day and value are named beside the headline; when they differ from the
    // headline the note says so and why.
    expect(note).toContain(usdText(last.totalUsd));
    const differs =
      balances.asOf?.slice(0, 10) !== last.date ||
      Math.abs(last.totalUsd - balances.totalUsd) > 0.005 * Math.abs(balances.totalUsd);
    if (differs) {
      expect(note).toContain(usdText(balances.totalUsd));
      expect(note).toContain('They differ because');
    }
    console.info(
      `treasury headline ${balances.totalUsd} @ ${balances.asOf}; chart ends ${last.totalUsd} @ ${last.date}`,
    );
    // The chart's data table, opened, lists the history newest first with the API's values.
    const chart = page.locator('[data-testid="wallet-history-chart"]');
    await chart.locator('[data-testid="chart-data"] summary').click();
    const firstRow = chart.locator('[data-testid="chart-data"] tbody tr').first();
    await firstRow.waitFor();
    const cells = await firstRow.locator('td').allTextContents();
    expect(await firstRow.locator('time').getAttribute('datetime')).toBe(
      `${last.date}T00:00:00.000Z`,
    );
    // A money column reads in one format, the compact one, whatever the size of its values.
    const compact = new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency: 'USD',
      notation: 'compact',
      maximumFractionDigits: 2,
    });
    expect(cells.slice(1).filter((c) => c !== '—')).toContain(compact.format(last.totalUsd));
    const column = await chart
      .locator('[data-testid="chart-data"] tbody td.num')
      .evaluateAll((tds) => tds.map((td) => td.textContent ?? ''));
    const full = column.filter((text) => /\$[\d,]*\d\.\d\d$/.test(text) && /,\d{3}/.test(text));
    expect(full, 'full-format amounts in a compact column').toEqual([]);
    // Every stamp on the page is a <time> whose datetime parses and is shown on hover.
    const stamps = await page.locator('main time').evaluateAll((nodes) =>
      nodes.map((n) => ({
        datetime: n.getAttribute('datetime'),
        title: n.getAttribute('title'),
      })),
    );
    expect(stamps.length).toBeGreaterThan(0);
    for (const stamp of stamps) {
      expect(Number.isNaN(Date.parse(stamp.datetime!))).toBe(false);
      expect(stamp.title).toBe(stamp.datetime);
    }
    // No raw ISO stamp is left in the page's visible text.
    expect(await page.locator('main').innerText()).not.toMatch(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/);
    await watched.close();
  }, 120_000);

  test('a member page counts and pages every take, and filters them by subject', async () => {
    const member = visits.find((visit) => visit.pattern === '/swarm/members/:id')!.path;
    const id = member.split('/').pop()!;
    const all = await api<{ takes: Array<{ subjectId: string }> }>(
      `/api/swarm/members/${id}/takes?limit=1000`,
    );
    const watched = await openPage(browser);
    const { page } = watched;
    await page.goto(`${server.baseUrl}${member}`);
    await page.waitForSelector('[data-testid="member-takes"] tbody tr');
    expect(await page.locator('[data-testid="member-takes-count"]').textContent()).toContain(
      `of ${all.takes.length}`,
    );
    const subject = all.takes[0]!.subjectId;
    await page.click(`nav[aria-label="Subjects"] a[data-subject="${subject}"]`);
    await page.waitForURL(/subject=/);
    const count = all.takes.filter((take) => take.subjectId === subject).length;
    await expect
      .poll(() => page.locator('[data-testid="member-takes-count"]').textContent())
      .toContain(`of ${count}`);
    expect(watched.errors).toEqual([]);
    await watched.close();
  });

  test('an address that is no page answers 404 with the site’s not-found page', async () => {
    const watched = await openPage(browser, SIZES[0]);
    const { page } = watched;
    for (const path of ['/no-such-page', '/swarm/sessions', '/analytics/nothing/here']) {
      const response = await page.goto(`${server.baseUrl}${path}`);
      expect(response?.status(), path).toBe(404);
      await page.waitForSelector('main h1');
      expect(await page.locator('main h1').textContent(), path).toMatch(/not found|no page/i);
    }
    await watched.close();
  });

  test('a former address leads to the page’s one address: /swarm/log is /log', async () => {
    const watched = await openPage(browser);
    const { page } = watched;
    const response = await page.goto(`${server.baseUrl}/swarm/log`);
    expect(response?.request().redirectedFrom()?.url()).toBe(`${server.baseUrl}/swarm/log`);
    expect(new URL(page.url()).pathname).toBe('/log');
    await page.waitForSelector('main h1');
    // The swarm section's Log link is that page too.
    await page.goto(`${server.baseUrl}/swarm`);
    expect(await page.locator('nav.subnav a:text-is("Log")').getAttribute('href')).toBe('/log');
    await watched.close();
  });

  test('another range or subject keeps the reader’s place: no jump to the top', async () => {
    const watched = await openPage(browser, SIZES[0]);
    const { page } = watched;
    const placeOf = (selector: string) =>
      page.locator(selector).evaluate((element) => ({
        top: Math.round(element.getBoundingClientRect().top),
        scrollY: Math.round(window.scrollY),
      }));
    const keepsPlace = async (selector: string, link: string, url: RegExp) => {
      await page
        .locator(selector)
        .evaluate((element) => element.scrollIntoView({ block: 'center' }));
      const before = await placeOf(selector);
      expect(before.scrollY, `${selector} is down the page`).toBeGreaterThan(200);
      await page.click(link);
      await page.waitForURL(url);
      await page.waitForFunction(
        () => document.querySelectorAll('[data-testid="updating"], .loading').length === 0,
      );
      expect(await placeOf(selector), selector).toEqual(before);
    };
    await page.goto(`${server.baseUrl}/regime`);
    await page.waitForSelector('nav.range-picker a');
    await keepsPlace('nav.range-picker', 'nav.range-picker a:text-is("3 years")', /range=1095/);
    const member = visits.find((visit) => visit.pattern === '/swarm/members/:id')!.path;
    await page.goto(`${server.baseUrl}${member}`);
    await page.waitForSelector('[data-testid="member-takes"] tbody tr');
    const subjects = page.locator('nav[aria-label="Subjects"] a');
    await keepsPlace(
      'nav[aria-label="Subjects"]',
      'nav[aria-label="Subjects"] a >> nth=1',
      /subject=/,
    );
    expect(await subjects.nth(1).getAttribute('class')).toContain('active');
    expect(watched.errors).toEqual([]);
    await watched.close();
  });

  test('the glossary: every term has its entry on /methodology, which the main navigation links', async () => {
    // At desktop size: on a phone the regime's sparkline column, whose header carries the term,
    // steps aside.
    const watched = await openPage(browser, SIZES[1]);
    const { page } = watched;
    await page.goto(`${server.baseUrl}/methodology`);
    await page.waitForSelector('[data-testid="glossary"]');
    for (const id of TERM_IDS) {
      const entry = page.locator(`#glossary-${id}`);
      expect(await entry.count(), id).toBe(1);
      expect(await entry.locator('dt').textContent(), id).toBe(GLOSSARY[id].name);
    }
    const methods = page.locator('nav[aria-label="Main"] a[href="/methodology"]');
    expect(await methods.count()).toBe(1);
    expect(await methods.getAttribute('aria-current')).toBe('page');
    // A term in place names its entry and says in short what it is.
    await page.goto(`${server.baseUrl}/regime`);
    const term = page.locator('main a.term[data-term="signed-percentile"]').first();
    await term.waitFor();
    expect(await term.getAttribute('title')).toContain(GLOSSARY['signed-percentile'].short);
    await term.click();
    await page.waitForURL(/\/methodology#glossary-signed-percentile$/);
    expect(watched.errors).toEqual([]);
    await watched.close();
  });

  test('sessions search takes a date as the page shows it; a search with no match says so', async () => {
    const watched = await openPage(browser, SIZES[1]);
    const { page } = watched;
    await page.goto(`${server.baseUrl}/swarm`);
    const firstDate = page.locator('[data-testid="session-list"] tbody tr td:first-child').first();
    const shown = ((await firstDate.textContent()) ?? '').trim();
    expect(shown).toMatch(/^\d{1,2} [A-Z][a-z]+ \d{4}$/);
    const iso = new Date(`${shown} UTC`).toISOString().slice(0, 10);
    const expected = await api<{ sessions: Array<{ date: string }> }>(
      `/api/swarm/sessions?search=${iso}&limit=100`,
    );
    for (const phrase of [shown, shown.split(' ').slice(1).join(' ')]) {
      await page.fill('input[name="search"]', phrase);
      await page.click('form.filters button[type="submit"]');
      await page.waitForURL((url) => url.searchParams.get('search') === phrase);
      await page.waitForFunction(() => document.querySelectorAll('.loading').length === 0);
      const dates = await page
        .locator('[data-testid="session-list"] tbody tr td:first-child')
        .allTextContents();
      expect(dates.length, phrase).toBeGreaterThan(0);
      if (phrase === shown) {
        expect(dates.length).toBe(Math.min(20, expected.sessions.length));
        for (const date of dates) expect(date.trim()).toBe(shown);
      } else for (const date of dates) expect(date.trim().endsWith(phrase), date).toBe(true);
    }
    await page.fill('input[name="search"]', 'no session says this 7f3a');
    await page.click('form.filters button[type="submit"]');
    await expect
      .poll(() => page.locator('[data-testid="sessions"]').innerText())
      .toContain('No session matches “no session says this 7f3a”.');
    // A whole-dataset list with no match says what found nothing, and how to clear it.
    await page.goto(`${server.baseUrl}/analytics/agents?search=no-agent-is-called-this`);
    const none = page.locator('[data-testid="no-match"]');
    await none.waitFor();
    expect(await none.textContent()).toContain('Nothing matches “no-agent-is-called-this”.');
    await none.locator('a:text("Clear the search")').click();
    await page.waitForSelector('[data-testid="agents"] tbody tr');
    expect(page.url()).not.toContain('search=');
    expect(watched.errors).toEqual([]);
    await watched.close();
  });

  test('the treasury links each of its addresses and transactions to the block explorer', async () => {
    const watched = await openPage(browser, SIZES[0]);
    const { page } = watched;
    await page.goto(`${server.baseUrl}/`);
    await page.waitForSelector('[data-testid="hash"] [data-testid="explorer-link"]');
    await page.waitForFunction(() => document.querySelectorAll('.loading').length === 0);
    const hashes = await page.locator('main [data-testid="hash"]').evaluateAll((nodes) =>
      nodes.map((node) => ({
        value: node.querySelector('[title]')?.getAttribute('title') ?? '',
        href: node.querySelector('[data-testid="explorer-link"]')?.getAttribute('href') ?? null,
      })),
    );
    expect(hashes.length).toBeGreaterThan(3);
    for (const { value, href } of hashes) {
      const kind = value.length === 66 ? 'tx' : 'address';
      expect(href, value).toBe(`${SOURCES.EXPLORER_URL}/${kind}/${value}`);
    }
    expect(await horizontalOverflow(page)).toBe(0);
    await watched.close();
  });

  test('the log checker takes the short ids its entries show, names an id of the wrong kind, and entries show when, who and which stance', async () => {
    const watched = await openPage(browser, SIZES[1]);
    const { page } = watched;
    // The page of entries that holds the take of the visited session.
    const takeId = visits
      .find((visit) => visit.pattern === '/swarm/takes/:id')!
      .path.split('/')
      .pop()!;
    const { logIndex } = await api<{ logIndex: number }>(`/api/swarm/takes/${takeId}`);
    const [entry] = (
      await api<{ entries: Array<{ takeId: string; entry: string }> }>(
        `/api/log/entries?start=${logIndex}&end=${logIndex + 1}`,
      )
    ).entries;
    await page.goto(`${server.baseUrl}/log?before=${logIndex + 1}`);
    const takeRow = page.locator('[data-testid="log-entries"] tbody tr').first();
    await takeRow.waitFor();
    await page.waitForFunction(() => document.querySelectorAll('.loading').length === 0);
    // The entry's own text, read here: its member and stance and when the service received it.
    const logged = JSON.parse(entry!.entry) as { receivedAt: string; canonical_submission: string };
    const stance = (JSON.parse(logged.canonical_submission) as { stance: string }).stance;
    expect(await takeRow.locator('time').getAttribute('datetime')).toBe(logged.receivedAt);
    expect(await takeRow.textContent()).toContain(stance);
    expect(await takeRow.locator('a[href^="/swarm/members/"]').count()).toBeGreaterThan(0);
    // The short id the table shows is what the checker takes.
    const short = ((await takeRow.locator('.mono').first().textContent()) ?? '').trim();
    expect(short.length).toBeLessThan(entry!.takeId.length);
    await page.selectOption('[data-testid="log-lookup"] select', 'take');
    await page.fill('[data-testid="log-lookup"] input', short);
    await page.click('[data-testid="log-lookup"] button[type="submit"]');
    await page.waitForSelector('[data-testid="lookup-take"]');
    expect(await page.locator('[data-testid="lookup-take"] a').first().textContent()).toContain(
      entry!.takeId,
    );
    // A session id given as a take id: said what it is, and where it belongs.
    const { sessionId } = JSON.parse(entry!.entry) as { sessionId: string };
    await page.fill('[data-testid="log-lookup"] input', sessionId);
    await page.click('[data-testid="log-lookup"] button[type="submit"]');
    const hint = page.locator('[data-testid="lookup-hint"]');
    await hint.waitFor();
    console.info(`log checker, a session id as a take id: ${await hint.textContent()}`);
    expect(await hint.textContent()).toContain('looks like a session id');
    await hint.locator('button').click();
    await page.waitForSelector(
      '[data-testid="lookup-receipt"], [data-testid="log-lookup"] .error-box',
    );
    expect(await seriousAxeViolations(page)).toEqual([]);
    // The checker asked the service what the session id is: the take lookup's 404 is its answer.
    expect(watched.errors.filter((error) => !/status of 404/.test(error))).toEqual([]);
    await watched.close();
  }, 120_000);

  test('comments name what they are on; an undisclosed judgement hash has nothing to copy', async () => {
    const watched = await openPage(browser, SIZES[0]);
    const { page } = watched;
    const { comments } = await api<{
      comments: Array<{ targetType: string | null; targetId: string | null }>;
    }>('/api/comments?page=1');
    const onAgent = comments.find((c) => c.targetType === 'agent' && c.targetId !== null);
    await page.goto(`${server.baseUrl}/analytics/comments`);
    await page.waitForSelector('[data-testid="comments"] .comment');
    await page.waitForFunction(() => document.querySelectorAll('.loading').length === 0);
    if (onAgent === undefined)
      console.info('no comment on an agent in the demo: names not checked');
    else {
      const agent = await api<{ name: string }>(`/api/dashboards/agents/${onAgent.targetId}`);
      const link = page.locator(`.comment a[href="/analytics/agents/${onAgent.targetId}"]`).first();
      expect(await link.textContent()).toBe(agent.name);
    }
    expect(await page.locator('main').innerText()).not.toMatch(
      /· on (agent|coin|vault|wallet|project)\b/,
    );
    // A judgement without a disclosed prompt reads so, with no copy button copying the word.
    const session = visits.find((visit) => visit.pattern === '/swarm/sessions/:id')!.path;
    await page.goto(`${server.baseUrl}${session}`);
    await page.waitForSelector('[data-testid="judgements"] h2');
    await page.waitForFunction(() => document.querySelectorAll('.loading').length === 0);
    const copies = await page
      .locator('[data-testid="judgements"] button.copy')
      .evaluateAll((buttons) => buttons.map((b) => b.getAttribute('title')));
    expect(copies.filter((title) => /undisclosed/.test(title ?? ''))).toEqual([]);
    expect(watched.errors).toEqual([]);
    await watched.close();
  });
});
