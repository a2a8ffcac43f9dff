import { SITE_PATHS } from '@convene/protocol';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, openPage, screenshot, type WatchedPage } from './browser.js';
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
} from './audit.js';
import { activeMember, postMemo } from './member.js';
import { GLOSSARY, TERM_IDS, type TermId } from '../../src/lib/glossary.js';
import { startServer, type RunningServer } from './server.js';

/**
 * Every route of the site at a phone (390×844) and a desktop (1440×900) size, one test file per
 * size (every-route-phone, every-route-desktop), each on its own server and browser: the page is
 * never wider than the viewport, no console error, axe-core finds no critical or serious violation,
 * the page has its own <title> (no raw YYYY-MM-DD date in it), every chart's axes read right (no
 * clipped label, dates not times, the axis's unit on every label, a plain-number axis names its
 * unit, percentiles on a percentile axis, filled areas from zero), no visible cell or paragraph
 * prints a raw YYYY-MM-DD date (code and hashes aside), and a screenshot lands in
 * test-artifacts/screenshots/. On a phone, every table marks its primary column and shows it
 * without scrolling sideways, a table box that scrolls says so, no prose is clipped, the header and
 * section navigation stay within PHONE_CHROME_PX and the lists' first rows are on the first screen.
 */

export const SIZES = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1440, height: 900 },
] as const;

/** Pages of third-party data: each says when its data is from, in a <time>, and flags stale rows. */
export const DATED = new Set([
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
export const PHONE_CHROME_PX = 110;

/** Lists whose first row a phone reader should see without scrolling down (page → table). */
export const FIRST_ROW_ON_SCREEN = new Map([
  ['/swarm', 'session-list'],
  ['/analytics/agents', 'agents'],
]);

/** Where readers check the data at its source, as a deployment configures it. */
export const SOURCES = {
  EXPLORER_URL: 'https://explorer.example',
  ANALYTICS_SOURCE_URL: 'https://data.example/directory',
  ANALYTICS_SOURCE_NAME: 'Example Directory',
};

/**
 * Terms each page must explain where it uses them: a `Term` link to its glossary entry on
 * /methodology (some appear only with data, e.g. the drift flag; these are the ones always shown).
 */
export const EXPLAINED: Record<string, readonly TermId[]> = {
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
export const DECLARED: readonly string[] = SITE_PATHS;

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

export type Size = (typeof SIZES)[number];

/** The demo site one test file walks: its server, a browser, and one concrete URL per route. */
export interface SiteUnderTest {
  readonly server: RunningServer;
  readonly baseUrl: string;
  readonly browser: Browser;
  readonly visits: ReadonlyArray<{ pattern: string; path: string }>;
  /** The demo's subject ids: a reader sees a subject's name, its id only as code. */
  readonly subjectIds: readonly string[];
  /** The concrete path visited for a route pattern. */
  path(pattern: string): string;
  api<T>(path: string): Promise<T>;
}

/**
 * Starts a demo server (with the data sources a deployment configures) and a browser before the
 * file's tests, and stops both after them. The returned object is filled in by then.
 */
export function siteUnderTest(): SiteUnderTest {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  const visits: Array<{ pattern: string; path: string }> = [];
  const subjectIds: string[] = [];
  const site: SiteUnderTest = {
    get server() {
      if (server === undefined) throw new Error('the site starts in beforeAll');
      return server;
    },
    get baseUrl() {
      return site.server.baseUrl;
    },
    get browser() {
      if (browser === undefined) throw new Error('the browser starts in beforeAll');
      return browser;
    },
    visits,
    subjectIds,
    path: (pattern) => visits.find((visit) => visit.pattern === pattern)!.path,
    api: async <T>(path: string): Promise<T> => {
      const response = await fetch(`${site.baseUrl}${path}`);
      if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
      return (await response.json()) as T;
    },
  };
  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(undefined, SOURCES), launchBrowser()]);
    visits.push(...(await concreteRoutes(site)));
    const sessions = await site.api<{ sessions: Array<{ subjectId: string }> }>(
      '/api/swarm/sessions?limit=100',
    );
    subjectIds.push(...new Set(sessions.sessions.map((session) => session.subjectId)));
  }, 300_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });
  return site;
}

/** One concrete URL per declared route, with ids read from the running demo's API. */
async function concreteRoutes(
  site: SiteUnderTest,
): Promise<Array<{ pattern: string; path: string }>> {
  const first = async <T>(path: string, key: string, pick: (row: T) => string) =>
    pick((await site.api<Record<string, T[]>>(path))[key]![0]!);
  const sessions = await site.api<{
    sessions: Array<{ id: string; takeCount: number; date: string; subjectId: string }>;
  }>('/api/swarm/sessions?state=published&subject=convene-treasury&limit=50');
  const session = sessions.sessions.find((s) => s.takeCount > 0)!;
  const detail = await site.api<{ takes: Array<{ id: string; memberId: string }> }>(
    `/api/swarm/sessions/${session.id}`,
  );
  const take = detail.takes[0]!;
  // The demo posts no memos: a member of our own posts one.
  const memo = await postMemo(site.baseUrl, await activeMember(site.baseUrl, site.server.dataDir));
  const application = await applyOnce(site);
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
async function applyOnce(site: SiteUnderTest): Promise<string> {
  const watched = await openPage(site.browser);
  const { page } = watched;
  await page.goto(`${site.baseUrl}/join`);
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

/** One page of each kind: the light theme's inks on every component, and paper. */
export const THEMED = [
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
const themedVisits = (site: SiteUnderTest) =>
  THEMED.map((pattern) => site.visits.find((visit) => visit.pattern === pattern)!.path);

/**
 * One size's walk over every route (the checks the file's comment lists); a screenshot of each page
 * lands in test-artifacts/screenshots/routes/<size>/.
 */
async function walkEveryRoute(site: SiteUnderTest, size: Size): Promise<void> {
  const watched: WatchedPage = await openPage(site.browser, size);
  const { page } = watched;
  const titles = new Map<string, string>();
  const failures: string[] = [];
  for (const { pattern, path } of site.visits) {
    watched.errors.length = 0;
    await page.goto(`${site.baseUrl}${path}`, { waitUntil: 'domcontentloaded' });
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
    for (const problem of await rawIdProblems(page, site.subjectIds))
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
      (await page.locator('nav.subnav[aria-label="Section"] a[aria-current="page"]').count()) !== 1
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
}

/** The light theme at one size, one page of each kind: light paper, axe clean, no console error. */
async function walkLightTheme(site: SiteUnderTest, size: Size): Promise<void> {
  const watched = await openPage(site.browser, { ...size, colorScheme: 'light' });
  const { page } = watched;
  const failures: string[] = [];
  for (const path of themedVisits(site)) {
    await page.goto(`${site.baseUrl}${path}`, { waitUntil: 'domcontentloaded' });
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
}

/** The two walks at one size (every route, then the light theme), as the calling file's tests. */
export function walkTests(site: SiteUnderTest, size: Size): void {
  test(`at ${size.width}×${size.height} (${size.name}): fits, no console error, axe clean, own title`, async () => {
    await walkEveryRoute(site, size);
  }, 600_000);
  test(`in the light theme at ${size.width}×${size.height} (${size.name}): light inks, axe clean`, async () => {
    await walkLightTheme(site, size);
  }, 300_000);
}
