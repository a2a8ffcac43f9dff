import { describe, expect, test } from 'vitest';
import { openPage } from './support/browser.js';
import { horizontalOverflow } from './support/audit.js';
import { DECLARED, SIZES, SOURCES, siteUnderTest, walkTests } from './support/every-route.js';

/**
 * Every route of the site at the phone size, on a demo server and browser of this file's own;
 * support/every-route.ts has the walk and what it checks, every-route-desktop.test.ts the desktop size.
 */
const site = siteUnderTest();

describe('every route at the phone size', () => {
  const size = SIZES[0];

  test('each page address the site declares (SITE_PATHS) is visited', () => {
    expect(new Set(site.visits.map((visit) => visit.pattern))).toEqual(new Set(DECLARED));
  });

  walkTests(site, size);

  test('on a phone every main and section nav link can be scrolled into view and clicked, the current one shows, and the skip link leads to main', async () => {
    const watched = await openPage(site.browser, SIZES[0]);
    const { page } = watched;
    for (const path of ['/', '/analytics/comments', '/swarm', '/join']) {
      await page.goto(`${site.baseUrl}${path}`);
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
    // A row wider than the screen says so: the side that hides links fades them out (mask-image),
    // so a label cut by the edge never reads as a whole word; scrolled to its end, the other side.
    await page.goto(`${site.baseUrl}/`);
    await page.waitForSelector('main h1');
    const main = page.locator('nav[aria-label="Main"]');
    const cue = () =>
      main.evaluate((row) => ({
        overflow: row.getAttribute('data-overflow'),
        mask: getComputedStyle(row).maskImage,
      }));
    await page.waitForFunction(
      () =>
        document.querySelector('nav[aria-label="Main"]')?.getAttribute('data-overflow') !== null,
    );
    const opening = await cue();
    expect(opening.overflow).toBe('right');
    expect(opening.mask).toMatch(/^linear-gradient\(270deg, /);
    await main.evaluate((row) => row.scrollTo({ left: row.scrollWidth }));
    await page.waitForFunction(
      () =>
        document.querySelector('nav[aria-label="Main"]')?.getAttribute('data-overflow') === 'left',
    );
    expect((await cue()).mask).toMatch(/^linear-gradient\(90deg, /);
    await page.goto(`${site.baseUrl}/swarm`);
    await page.locator('nav[aria-label="Main"] a', { hasText: 'Join' }).click();
    await page.waitForURL(/\/join$/);
    await page.goto(`${site.baseUrl}/`);
    await page.waitForSelector('main h1');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Skip to content');
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('main');
    await watched.close();
  });

  test('agents sort and search run over the whole dataset on the server, kept in the URL', async () => {
    const watched = await openPage(site.browser, SIZES[0]);
    const { page } = watched;
    const top = await site.api<{
      agents: Array<{ name: string; walletBalanceUsd: number | null }>;
    }>('/api/dashboards/agents?sort=balance&limit=1');
    await page.goto(`${site.baseUrl}/analytics/agents`);
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
    const matches = await site.api<{ total: number }>(
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

  test('long hashes are shortened on a phone with the whole value on hover and a copy button that copies it', async () => {
    const watched = await openPage(site.browser, SIZES[0]);
    const { page } = watched;
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], {
      origin: site.baseUrl,
    });
    const { vaultAddress } = await site.api<{ vaultAddress: string }>(
      '/api/dashboards/vault-economics',
    );
    await page.goto(`${site.baseUrl}/treasury`);
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

  test('phone layouts: sessions and leaderboard rows read as short cards; the allocation Gap is on screen', async () => {
    const watched = await openPage(site.browser, SIZES[0]);
    const { page } = watched;
    for (const [path, table] of [
      ['/swarm', 'session-list'],
      ['/analytics/leaderboard', 'leaderboard'],
    ] as const) {
      await page.goto(`${site.baseUrl}${path}`);
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
    await page.goto(`${site.baseUrl}/`);
    await page.waitForSelector('[data-testid="allocation-table"] td[data-label="Gap"]');
    const gaps = await page
      .locator('[data-testid="allocation-table"] td[data-label="Gap"]')
      .evaluateAll((cells) => cells.map((cell) => cell.getBoundingClientRect().right));
    expect(gaps.length).toBeGreaterThan(2);
    for (const right of gaps) expect(right).toBeLessThanOrEqual(SIZES[0].width);
    await watched.close();
  });

  test('judgement hashes on the session page: shortened, the full value on hover, a copy button', async () => {
    const session = site.path('/swarm/sessions/:id');
    const id = session.split('/').pop()!;
    const judgements = await site.api<{
      judgements: Array<{ promptHash: string; inputsDigest: string }>;
    }>(`/api/swarm/sessions/${id}/judgements`);
    if (judgements.judgements.length === 0) {
      console.info(`${session}: no judgement in the demo; hash check skipped`);
      return;
    }
    const watched = await openPage(site.browser, SIZES[0]);
    const { page } = watched;
    await page.goto(`${site.baseUrl}${session}`);
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

  test('an address that is no page answers 404 with the site’s not-found page', async () => {
    const watched = await openPage(site.browser, SIZES[0]);
    const { page } = watched;
    for (const path of ['/no-such-page', '/swarm/sessions', '/analytics/nothing/here']) {
      const response = await page.goto(`${site.baseUrl}${path}`);
      expect(response?.status(), path).toBe(404);
      await page.waitForSelector('main h1');
      expect(await page.locator('main h1').textContent(), path).toMatch(/not found|no page/i);
    }
    await watched.close();
  });

  test('another range or subject keeps the reader’s place: no jump to the top', async () => {
    const watched = await openPage(site.browser, SIZES[0]);
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
    await page.goto(`${site.baseUrl}/regime`);
    await page.waitForSelector('nav.range-picker a');
    await keepsPlace('nav.range-picker', 'nav.range-picker a:text-is("3 years")', /range=1095/);
    const member = site.path('/swarm/members/:id');
    await page.goto(`${site.baseUrl}${member}`);
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

  test('the treasury links each of its addresses and transactions to the block explorer', async () => {
    const watched = await openPage(site.browser, SIZES[0]);
    const { page } = watched;
    await page.goto(`${site.baseUrl}/`);
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

  test('comments name what they are on; an undisclosed judgement hash has nothing to copy', async () => {
    const watched = await openPage(site.browser, SIZES[0]);
    const { page } = watched;
    const { comments } = await site.api<{
      comments: Array<{ targetType: string | null; targetId: string | null }>;
    }>('/api/comments?page=1');
    const onAgent = comments.find((c) => c.targetType === 'agent' && c.targetId !== null);
    await page.goto(`${site.baseUrl}/analytics/comments`);
    await page.waitForSelector('[data-testid="comments"] .comment');
    await page.waitForFunction(() => document.querySelectorAll('.loading').length === 0);
    if (onAgent === undefined)
      console.info('no comment on an agent in the demo: names not checked');
    else {
      const agent = await site.api<{ name: string }>(`/api/dashboards/agents/${onAgent.targetId}`);
      const link = page.locator(`.comment a[href="/analytics/agents/${onAgent.targetId}"]`).first();
      expect(await link.textContent()).toBe(agent.name);
    }
    expect(await page.locator('main').innerText()).not.toMatch(
      /· on (agent|coin|vault|wallet|project)\b/,
    );
    // A judgement without a disclosed prompt reads so, with no copy button copying the word.
    const session = site.path('/swarm/sessions/:id');
    await page.goto(`${site.baseUrl}${session}`);
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
