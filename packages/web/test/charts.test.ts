import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { chartAxisProblems } from './support/audit.js';
import { join } from 'node:path';
import { launchBrowser, openPage, SCREENSHOTS } from './support/browser.js';
import { startServer, type RunningServer } from './support/server.js';

/**
 * Charts read closely (issue 34): axes (checked by chartAxisProblems on every page with a chart),
 * legends that show the last values until a point is hovered or tapped, and gaps drawn as gaps.
 */

const SIZES = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1440, height: 900 },
] as const;

let server: RunningServer;
let browser: Browser;

async function api<T>(path: string): Promise<T> {
  const response = await fetch(`${server.baseUrl}${path}`);
  if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
  return (await response.json()) as T;
}

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Every page with a chart, one of each kind. */
async function chartPages(): Promise<string[]> {
  const first = async (path: string, key: string) =>
    (await api<Record<string, Array<{ id: string }>>>(path))[key]![0]!.id;
  const project = (await api<{ projects: Array<{ slug: string }> }>('/api/projects?limit=1'))
    .projects[0]!.slug;
  return [
    '/treasury',
    '/regime',
    '/research/late-cycle-signals',
    '/research/channel-divergence',
    '/swarm/track-record',
    `/analytics/agents/${await first('/api/dashboards/agents?limit=1', 'agents')}`,
    `/analytics/coins/${await first('/api/dashboards/coins?limit=1', 'coins')}`,
    `/analytics/vaults/${await first('/api/dashboards/vaults?limit=1', 'vaults')}`,
    `/analytics/wallets/${await first('/api/dashboards/wallets?limit=1', 'wallets')}`,
    `/analytics/projects/${project}`,
  ];
}

async function open(page: Page, path: string): Promise<void> {
  await page.goto(`${server.baseUrl}${path}`, { waitUntil: 'domcontentloaded' });
  await page.waitForSelector('figure.chart .chart-host[data-axes]', { timeout: 20_000 });
  await page.waitForFunction(() => document.querySelectorAll('.loading').length === 0);
}

/** The legend's rows as label → value ("Time" first). */
async function legend(chart: Locator): Promise<Array<[string, string]>> {
  return chart
    .locator('.u-legend tr.u-series')
    .evaluateAll((rows) =>
      rows.map((row) => [
        (row.querySelector('.u-label')?.textContent ?? '').trim(),
        (row.querySelector('.u-value')?.textContent ?? '').trim(),
      ]),
    );
}

/** The data table's newest row: its date, then one value per series. */
async function newestRow(chart: Locator): Promise<string[]> {
  await chart.locator('[data-testid="chart-data"] summary').click();
  // The table is built when it opens, a render after the click.
  const row = chart.locator('[data-testid="chart-data"] tbody tr').first();
  await row.waitFor();
  const cells = row.locator('td');
  return (await cells.allTextContents()).map((text) => text.trim());
}

describe('charts', () => {
  for (const size of SIZES)
    test(`at ${size.width}×${size.height} every chart's axes read right: titled, dated with years, unclipped, no striped gaps`, async () => {
      const watched = await openPage(browser, size);
      const problems: string[] = [];
      for (const path of await chartPages()) {
        await open(watched.page, path);
        for (const problem of await chartAxisProblems(watched.page))
          problems.push(`${path}: ${problem}`);
        if (path === '/regime')
          await watched.page
            .locator('[data-testid="backtests"]')
            .screenshot({ path: join(SCREENSHOTS, `charts-backtests-${size.name}.png`) });
      }
      console.info(`${size.name}: ${problems.length} chart problem(s)\n${problems.join('\n')}`);
      expect(problems).toEqual([]);
      await watched.close();
    }, 240_000);

  test('between and below the two sizes no axis title or label is clipped (320, 600, 900, 1100 px wide)', async () => {
    const paths = (await chartPages()).filter((path) =>
      /^\/(regime|analytics\/(agents|vaults))\b/.test(path),
    );
    const problems: string[] = [];
    for (const width of [320, 600, 900, 1100]) {
      const watched = await openPage(browser, { width, height: 900 });
      for (const path of paths) {
        await open(watched.page, path);
        for (const problem of await chartAxisProblems(watched.page))
          problems.push(`${width} px ${path}: ${problem}`);
      }
      await watched.close();
    }
    console.info(`other widths: ${problems.length} chart problem(s)\n${problems.join('\n')}`);
    expect(problems).toEqual([]);
  }, 240_000);

  test('a legend shows the newest day and values until a point is hovered, and returns to them after', async () => {
    const watched = await openPage(browser, { width: 1440, height: 900 });
    const { page } = watched;
    await open(page, '/regime');
    const chart = page.locator('[data-testid="regime-history-chart"]');
    const resting = await legend(chart);
    const newest = await newestRow(chart);
    console.info(
      `legend at rest: ${JSON.stringify(resting)}; newest row: ${JSON.stringify(newest)}`,
    );
    expect(resting.map(([, value]) => value)).toEqual(newest);

    const plot = chart.locator('.u-over');
    const box = (await plot.boundingBox())!;
    await page.mouse.move(box.x + box.width * 0.3, box.y + box.height / 2);
    await expect.poll(async () => (await legend(chart))[0]![1]).not.toBe(newest[0]);
    await page.mouse.move(box.x + box.width / 2, box.y - 200);
    await expect.poll(async () => (await legend(chart)).map(([, v]) => v)).toEqual(newest);
    expect(watched.errors).toEqual([]);
    await watched.close();
  }, 120_000);

  test('on a phone a tap on a chart shows the values at that day; a tap elsewhere returns to the newest', async () => {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      hasTouch: true,
      isMobile: true,
      colorScheme: 'dark',
    });
    const page = await context.newPage();
    await open(page, '/regime');
    const chart = page.locator('[data-testid="regime-history-chart"]');
    await chart.scrollIntoViewIfNeeded();
    const resting = await legend(chart);
    const newest = await newestRow(chart);
    await chart.locator('[data-testid="chart-data"] summary').click();
    expect(resting.map(([, value]) => value)).toEqual(newest);
    const plot = chart.locator('.u-over');
    await plot.scrollIntoViewIfNeeded();
    const box = (await plot.boundingBox())!;
    await page.touchscreen.tap(box.x + box.width * 0.25, box.y + box.height / 2);
    await expect
      .poll(async () => (await legend(chart))[0]![1], { timeout: 5_000 })
      .not.toBe(resting[0]![1]);
    const tapped = await legend(chart);
    console.info(
      `legend at rest ${JSON.stringify(resting)}; after a tap ${JSON.stringify(tapped)}`,
    );
    // The tap holds: the mouse events a browser makes of it do not let the day go.
    expect(tapped[0]![1]).not.toBe(resting[0]![1]);
    const heading = page.locator('main h1').first();
    const head = (await heading.boundingBox())!;
    await page.touchscreen.tap(head.x + 5, head.y + 5);
    await expect.poll(() => legend(chart), { timeout: 5_000 }).toEqual(resting);
    await context.close();
  }, 120_000);

  test('a day without data is a gap in the line and a "—" row in the data table', async () => {
    const watched = await openPage(browser, { width: 1440, height: 900 });
    const { page } = watched;
    await open(page, '/treasury');
    const chart = page.locator('[data-testid="wallet-history-chart"]');
    const audit = JSON.parse((await chart.locator('.chart-host').getAttribute('data-axes'))!) as {
      filledWithGaps: string[];
      emptyDays: number;
    };
    await chart.locator('[data-testid="chart-data"] summary').click();
    // The table is built when it opens, a render after the click.
    await chart.locator('[data-testid="chart-data"] tbody tr').first().waitFor();
    const emptyRows = await chart.locator('[data-testid="chart-data"] tbody tr').evaluateAll(
      (rows) =>
        rows.filter((row) =>
          Array.from(row.querySelectorAll('td'))
            .slice(1)
            .every((cell) => cell.textContent?.trim() === '—'),
        ).length,
    );
    console.info(
      `wallet chart: ${audit.emptyDays} empty day(s), ${emptyRows} "—" row(s), filled with gaps: ${JSON.stringify(audit.filledWithGaps)}`,
    );
    expect(audit.emptyDays).toBeGreaterThan(0);
    expect(emptyRows).toBe(audit.emptyDays);
    expect(audit.filledWithGaps).toEqual([]);
    await watched.close();
  }, 120_000);
});
