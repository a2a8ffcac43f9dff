import { mkdir } from 'node:fs/promises';
import { describe, expect, test } from 'vitest';
import { openPage, SCREENSHOTS } from './support/browser.js';
import { seriousAxeViolations } from './support/audit.js';
import { GLOSSARY, TERM_IDS } from '../src/lib/glossary.js';
import { SIZES, siteUnderTest, walkTests } from './support/every-route.js';

/**
 * Every route of the site at the desktop size, on a demo server and browser of this file's own;
 * support/every-route.ts has the walk and what it checks, every-route-phone.test.ts the phone size.
 */
const site = siteUnderTest();

describe('every route at the desktop size', () => {
  const size = SIZES[1];

  walkTests(site, size);

  test('printed, a page drops the banner and navigation and clips no table', async () => {
    // A4 at 96 dpi, as Chromium lays out a printed page.
    const watched = await openPage(site.browser, { width: 794, height: 1123 });
    const { page } = watched;
    await mkdir(`${SCREENSHOTS}print`, { recursive: true });
    for (const path of ['/swarm/sessions/:id', '/analytics/agents', '/regime'].map((pattern) =>
      site.path(pattern),
    )) {
      await page.goto(`${site.baseUrl}${path}`);
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

  test('when /health cannot be read the banner says the environment is unknown; every page has the disclaimer', async () => {
    const watched = await openPage(site.browser);
    const { page } = watched;
    await page.route('**/health', (route) => route.abort());
    await page.goto(`${site.baseUrl}/analytics`);
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
    const watched = await openPage(site.browser, SIZES[1]);
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
      const body = await site.api<Record<string, unknown>>(
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
      await page.goto(`${site.baseUrl}${list.page}`);
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

  test('evidence legs carry their status in a mark and in words, not in colour alone', async () => {
    const watched = await openPage(site.browser, SIZES[1]);
    const { page } = watched;
    const top = await site.api<{
      agents: Array<{ id: string; evidence: Record<string, { status: string }> }>;
    }>('/api/dashboards/leaderboard?limit=1');
    const agent = top.agents[0]!;
    await page.goto(`${site.baseUrl}/analytics/leaderboard`);
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

  test('regime indicator tables show the transformed value the classifier uses, with its unit', async () => {
    const snapshots = await site.api<{
      latest: {
        indicators: Array<{ id: string; transform: string; transformedValue: number | null }>;
      };
    }>('/api/dashboards/regime-snapshots');
    const watched = await openPage(site.browser);
    const { page } = watched;
    await page.goto(`${site.baseUrl}/regime`);
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
    const watched = await openPage(site.browser);
    const { page } = watched;
    for (const key of ['late-cycle-signals', 'channel-divergence']) {
      const signal = await site.api<{
        payload: {
          gauges: Array<{ id: string; value: number | null; percentile: number | null }>;
          indicators: Record<string, { unit: string }>;
        };
      }>(`/api/dashboards/research-signals/${key}`);
      await page.goto(`${site.baseUrl}/research/${key}`);
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

  test('treasury: the headline and its chart state their as-of; the chart has a data table; stamps are <time> with the ISO on hover', async () => {
    const balances = await site.api<{
      asOf: string | null;
      totalUsd: number;
      history: Array<{ date: string; totalUsd: number }>;
    }>('/api/dashboards/wallet-balances');
    const watched = await openPage(site.browser);
    const { page } = watched;
    await page.goto(`${site.baseUrl}/treasury`);
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
    const member = site.path('/swarm/members/:id');
    const id = member.split('/').pop()!;
    const all = await site.api<{ takes: Array<{ subjectId: string }> }>(
      `/api/swarm/members/${id}/takes?limit=1000`,
    );
    const watched = await openPage(site.browser);
    const { page } = watched;
    await page.goto(`${site.baseUrl}${member}`);
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

  test('a former address leads to the page’s one address: /swarm/log is /log', async () => {
    const watched = await openPage(site.browser);
    const { page } = watched;
    const response = await page.goto(`${site.baseUrl}/swarm/log`);
    expect(response?.request().redirectedFrom()?.url()).toBe(`${site.baseUrl}/swarm/log`);
    expect(new URL(page.url()).pathname).toBe('/log');
    await page.waitForSelector('main h1');
    // The swarm section's Log link is that page too.
    await page.goto(`${site.baseUrl}/swarm`);
    expect(await page.locator('nav.subnav a:text-is("Log")').getAttribute('href')).toBe('/log');
    await watched.close();
  });

  test('the glossary: every term has its entry on /methodology, which the main navigation links', async () => {
    // At desktop size: on a phone the regime's sparkline column, whose header carries the term,
    // steps aside.
    const watched = await openPage(site.browser, SIZES[1]);
    const { page } = watched;
    await page.goto(`${site.baseUrl}/methodology`);
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
    await page.goto(`${site.baseUrl}/regime`);
    const term = page.locator('main a.term[data-term="signed-percentile"]').first();
    await term.waitFor();
    expect(await term.getAttribute('title')).toContain(GLOSSARY['signed-percentile'].short);
    await term.click();
    await page.waitForURL(/\/methodology#glossary-signed-percentile$/);
    expect(watched.errors).toEqual([]);
    await watched.close();
  });

  test('sessions search takes a date as the page shows it; a search with no match says so', async () => {
    const watched = await openPage(site.browser, SIZES[1]);
    const { page } = watched;
    await page.goto(`${site.baseUrl}/swarm`);
    const firstDate = page.locator('[data-testid="session-list"] tbody tr td:first-child').first();
    const shown = ((await firstDate.textContent()) ?? '').trim();
    expect(shown).toMatch(/^\d{1,2} [A-Z][a-z]+ \d{4}$/);
    const iso = new Date(`${shown} UTC`).toISOString().slice(0, 10);
    const expected = await site.api<{ sessions: Array<{ date: string }> }>(
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
    await page.goto(`${site.baseUrl}/analytics/agents?search=no-agent-is-called-this`);
    const none = page.locator('[data-testid="no-match"]');
    await none.waitFor();
    expect(await none.textContent()).toContain('Nothing matches “no-agent-is-called-this”.');
    await none.locator('a:text("Clear the search")').click();
    await page.waitForSelector('[data-testid="agents"] tbody tr');
    expect(page.url()).not.toContain('search=');
    expect(watched.errors).toEqual([]);
    await watched.close();
  });

  test('the log checker takes the short ids its entries show, names an id of the wrong kind, and entries show when, who and which stance', async () => {
    const watched = await openPage(site.browser, SIZES[1]);
    const { page } = watched;
    // The page of entries that holds the take of the visited session.
    const takeId = site.visits
      .find((visit) => visit.pattern === '/swarm/takes/:id')!
      .path.split('/')
      .pop()!;
    const { logIndex } = await site.api<{ logIndex: number }>(`/api/swarm/takes/${takeId}`);
    const [entry] = (
      await site.api<{ entries: Array<{ takeId: string; entry: string }> }>(
        `/api/log/entries?start=${logIndex}&end=${logIndex + 1}`,
      )
    ).entries;
    await page.goto(`${site.baseUrl}/log?before=${logIndex + 1}`);
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
});
