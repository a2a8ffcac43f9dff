import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { adminToken, importComment } from './support/admin.js';
import { launchBrowser, openPage, type WatchedPage } from './support/browser.js';
import { activeMember, postMemo } from './support/member.js';
import { startServer, type RunningServer } from './support/server.js';
import { visit } from './support/visit.js';

// The numbers these pages show, read in Chromium and compared with the public JSON API. The site's
// formats change (compact dollars, significant figures); the comparison reads the number back from
// the text and allows what its shown digits cannot carry, so it checks the value, not the format.

let server: RunningServer;
let browser: Browser;

const SIZES = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1440, height: 900 },
] as const;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(560_000), launchBrowser()]);
  console.info(
    `pages-against-api server ready in ${server.startupMs} ms (demo data seeded or copied)`,
  );
}, 600_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function api<T>(path: string): Promise<T> {
  const response = await fetch(`${server.baseUrl}${path}`);
  expect(response.status, path).toBe(200);
  return (await response.json()) as T;
}

const SUFFIX: Record<string, number> = { K: 1e3, M: 1e6, B: 1e9, T: 1e12 };

/** The number a text shows and the step its last digit stands for ("$1.23M" → 1230000, 10000). */
function shownNumber(text: string): { value: number; step: number } {
  const match = /([-−])?\s*\$?\s*(\d[\d,]*(?:\.(\d+))?)\s*([KMBT])?/.exec(text);
  if (match === null) throw new Error(`no number in "${text}"`);
  const scale = SUFFIX[match[4] ?? ''] ?? 1;
  const sign = match[1] === undefined ? 1 : -1;
  const value = sign * Number(match[2]!.replaceAll(',', '')) * scale;
  return { value, step: 10 ** -(match[3]?.length ?? 0) * scale };
}

/** Expects `text` to show `expected` (null: a dash) to the precision it is printed with. */
function expectShows(text: string, expected: number | null, what: string) {
  if (expected === null) {
    expect(text.trim(), what).toMatch(/^[—–-]$|^n\/a$/);
    return;
  }
  const { value, step } = shownNumber(text);
  expect(Math.abs(value - expected), `${what}: "${text}" for ${expected}`).toBeLessThanOrEqual(
    step + Math.abs(expected) * 1e-9,
  );
}

async function stat(page: Page, label: string): Promise<string> {
  // The label's whole text, a glossary link inside it included ("Signal score" is a Term).
  const exact = new RegExp(`^\\s*${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*$`);
  const value = page
    .locator('.stat')
    .filter({ has: page.locator('.stat-label', { hasText: exact }) })
    .locator('.stat-value')
    .first();
  return (await value.textContent()) ?? '';
}

async function checkStats(page: Page, stats: Array<[string, number | null]>, where: string) {
  for (const [label, expected] of stats)
    expectShows(await stat(page, label), expected, `${where} ${label}`);
}

/** The first row of a whole-dataset list, to open its detail page. */
async function firstOf<T>(path: string, key: string): Promise<T> {
  const list = await api<Record<string, T[]>>(path);
  expect(list[key]?.length, `${path} has rows`).toBeGreaterThan(0);
  return list[key]![0]!;
}

async function withPage(size: (typeof SIZES)[number], run: (tab: WatchedPage) => Promise<void>) {
  const tab = await openPage(browser, size);
  try {
    await run(tab);
    expect(tab.errors).toEqual([]);
  } finally {
    await tab.close();
  }
}

describe('analytics detail pages show the API numbers', () => {
  for (const size of SIZES) {
    test(`a coin, a vault, a wallet, a project and an agent (${size.name})`, async () => {
      await withPage(size, async (tab) => {
        const coinRow = await firstOf<{ id: string }>('/api/dashboards/coins?limit=1', 'coins');
        const coin = await api<{
          priceUsd: number | null;
          marketCapUsd: number | null;
          fdvUsd: number | null;
          volume24hUsd: number | null;
          holders: number | null;
        }>(`/api/dashboards/coins/${coinRow.id}`);
        let page = await visit(
          tab,
          server.baseUrl,
          `/analytics/coins/${coinRow.id}`,
          '[data-testid="coin-detail"]',
          `api-coin-${size.name}`,
        );
        await checkStats(
          page,
          [
            ['Price', coin.priceUsd],
            ['Market cap', coin.marketCapUsd],
            ['FDV', coin.fdvUsd],
            ['Volume 24h', coin.volume24hUsd],
            ['Holders', coin.holders],
          ],
          'coin',
        );

        const vaultRow = await firstOf<{ id: string }>('/api/dashboards/vaults?limit=1', 'vaults');
        const vault = await api<{
          tvlUsd: number | null;
          apyPct: number | null;
          depositCapUsd: number | null;
          yield: { apy7dAvgPct: number | null; apy30dAvgPct: number | null };
        }>(`/api/dashboards/vaults/${vaultRow.id}`);
        page = await visit(
          tab,
          server.baseUrl,
          `/analytics/vaults/${vaultRow.id}`,
          '[data-testid="vault-detail"]',
          `api-vault-${size.name}`,
        );
        await checkStats(
          page,
          [
            ['TVL', vault.tvlUsd],
            ['APY now', vault.apyPct],
            ['APY 7d avg', vault.yield.apy7dAvgPct],
            ['APY 30d avg', vault.yield.apy30dAvgPct],
            ['Deposit cap', vault.depositCapUsd],
          ],
          'vault',
        );

        const walletRow = await firstOf<{ id: string }>(
          '/api/dashboards/wallets?limit=1',
          'wallets',
        );
        const wallet = await api<{
          balanceUsd: number | null;
          txCount30d: number | null;
          delta30d: { changeUsd: number } | null;
          holdings: Array<{ symbol: string; amount: number | null }>;
        }>(`/api/dashboards/wallets/${walletRow.id}`);
        page = await visit(
          tab,
          server.baseUrl,
          `/analytics/wallets/${walletRow.id}`,
          '[data-testid="wallet-detail"]',
          `api-wallet-${size.name}`,
        );
        await checkStats(
          page,
          [
            ['Balance', wallet.balanceUsd],
            ['30-day change', wallet.delta30d?.changeUsd ?? null],
            ['Transactions 30d', wallet.txCount30d],
          ],
          'wallet',
        );

        const projectRow = await firstOf<{ slug: string }>('/api/projects?limit=1', 'projects');
        const project = await api<{
          kpis: Array<{ label: string; value: number | null }>;
          ratios: Array<{ label: string; value: number | null }>;
        }>(`/api/projects/${projectRow.slug}`);
        page = await visit(
          tab,
          server.baseUrl,
          `/analytics/projects/${projectRow.slug}`,
          '[data-testid="project-detail"]',
          `api-project-${size.name}`,
        );
        expect(project.kpis.length).toBeGreaterThan(0);
        await checkStats(
          page,
          [...project.kpis, ...project.ratios].map((k) => [k.label, k.value]),
          'project',
        );

        const agentRow = await firstOf<{ id: string }>('/api/dashboards/agents?limit=1', 'agents');
        const agent = await api<{
          score: number | null;
          signal: { signalScore: number | null };
          revenue: { revenue30dUsd: number | null };
          walletBalanceUsd: number | null;
          x402: { volumeUsd: number | null };
        }>(`/api/dashboards/agents/${agentRow.id}`);
        page = await visit(
          tab,
          server.baseUrl,
          `/analytics/agents/${agentRow.id}`,
          '[data-testid="agent-detail"]',
          `api-agent-${size.name}`,
        );
        await checkStats(
          page,
          [
            ['Signal score', agent.signal.signalScore],
            ['Directory score', agent.score],
            ['Revenue 30d', agent.revenue.revenue30dUsd],
            ['Wallet balance', agent.walletBalanceUsd],
            ['x402', agent.x402.volumeUsd],
          ],
          'agent',
        );
      });
    }, 180_000);
  }
});

describe('lists show the API rows', () => {
  test('/analytics/activity: one row per entry, amounts as the API has them', async () => {
    await withPage(SIZES[1], async (tab) => {
      const { entries } = await api<{
        entries: Array<{ kind: string; summary: string; amountUsd: number | null }>;
      }>('/api/dashboards/activity');
      const page = await visit(
        tab,
        server.baseUrl,
        '/analytics/activity',
        '[data-testid="activity-page"] table, [data-testid="activity-page"] .empty, [data-testid="activity-page"] p',
        'api-activity',
      );
      const rows = page.locator('[data-testid="activity"] tbody tr');
      expect(await rows.count()).toBe(entries.length);
      for (const [index, entry] of entries.slice(0, 10).entries()) {
        const cells = await rows.nth(index).locator('td').allTextContents();
        expect(cells[1]).toBe(entry.kind);
        expect(cells[3]).toBe(entry.summary);
        expectShows(cells[4]!, entry.amountUsd, `activity row ${index} amount`);
      }
    });
  }, 120_000);

  test('/analytics/comments: the total and each comment of the page as the API has them', async () => {
    await withPage(SIZES[0], async (tab) => {
      await importComment(server.baseUrl, await adminToken(server.dataDir), {
        id: crypto.randomUUID(),
        author: 'pages-against-api',
        body: 'Checked against the API from the browser.',
        createdAt: new Date().toISOString(),
        targetType: null,
        targetId: null,
      });
      const comments = await api<{
        total: number;
        comments: Array<{ author: string; body: string }>;
      }>('/api/comments?page=1');
      expect(comments.comments.length).toBeGreaterThan(0);
      const page = await visit(
        tab,
        server.baseUrl,
        '/analytics/comments',
        '[data-testid="comments"] .comment',
        'api-comments',
      );
      expect(await page.locator('[data-testid="comments"] .pager').textContent()).toContain(
        `${comments.total} comments`,
      );
      expect(await page.locator('.comment-author').allTextContents()).toEqual(
        comments.comments.map((c) => c.author),
      );
      expect(await page.locator('.comment-body').allTextContents()).toEqual(
        comments.comments.map((c) => c.body),
      );
    });
  }, 120_000);

  for (const size of SIZES) {
    test(`/swarm/members: every active member the API lists (${size.name})`, async () => {
      await withPage(size, async (tab) => {
        const { members } = await api<{
          members: Array<{ handle: string; displayName: string; role: string }>;
        }>('/api/swarm/members');
        const page = await visit(
          tab,
          server.baseUrl,
          '/swarm/members',
          '[data-testid="members"] tbody tr',
          `api-members-${size.name}`,
        );
        const rows = page.locator('[data-testid="members"] tbody tr');
        expect(await rows.count()).toBe(members.length);
        for (const [index, member] of members.entries()) {
          const text = (await rows.nth(index).textContent()) ?? '';
          expect(text).toContain(`@${member.handle}`);
          expect(text).toContain(member.displayName);
          expect(text).toContain(member.role);
        }
      });
    }, 120_000);
  }

  test('a memo page: title, author and text as the API has them', async () => {
    const member = await activeMember(server.baseUrl, server.dataDir);
    const id = await postMemo(server.baseUrl, member);
    const memo = await api<{ title: string; body: string; handle: string; memberId: string }>(
      `/api/swarm/memos/${id}`,
    );
    await withPage(SIZES[0], async (tab) => {
      const page = await visit(
        tab,
        server.baseUrl,
        `/swarm/memos/${id}`,
        '[data-testid="memo"]',
        'api-memo',
      );
      expect(await page.locator('[data-testid="memo"] h2').textContent()).toBe(memo.title);
      expect(await page.locator('[data-testid="memo"] .text-body').textContent()).toBe(memo.body);
      const author = page.locator(`[data-testid="memo"] a[href="/swarm/members/${memo.memberId}"]`);
      expect(await author.textContent()).toBe(`@${memo.handle}`);
    });
  }, 120_000);
});

describe('links and explanations', () => {
  test('/methodology: every link resolves, every anchor exists', async () => {
    await withPage(SIZES[1], async (tab) => {
      const page = await visit(tab, server.baseUrl, '/methodology', 'main h1', 'api-methodology');
      for (const section of ['regime', 'research', 'swarm', 'log', 'data'])
        expect(await page.locator(`[id="${section}"]`).count(), `#${section}`).toBe(1);
      const links = await page
        .locator('main a[href]')
        .evaluateAll((anchors) => anchors.map((a) => (a as HTMLAnchorElement).href));
      expect(links.length).toBeGreaterThan(0);
      for (const link of new Set(links)) {
        const url = new URL(link);
        if (url.origin !== server.baseUrl) continue;
        if (url.hash !== '' && url.pathname === '/methodology') {
          expect(await page.locator(`[id="${url.hash.slice(1)}"]`).count(), link).toBe(1);
          continue;
        }
        const response = await fetch(link);
        expect(response.status, link).toBe(200);
        // A page of the site (not the API) must render without the not-found view.
        if (!/^\/(api|skills|docs|openapi)/.test(url.pathname)) {
          const other = await openPage(browser, SIZES[1]);
          await other.page.goto(link);
          await other.page.waitForSelector('main h1');
          expect(await other.page.locator('main h1').first().textContent(), link).not.toMatch(
            /not found/i,
          );
          await other.close();
        }
      }
    });
  }, 180_000);

  for (const size of SIZES) {
    test(`/join: every disabled button says why (${size.name})`, async () => {
      await withPage(size, async (tab) => {
        const page = await visit(
          tab,
          server.baseUrl,
          '/join',
          '[data-testid="apply"]',
          `api-join-${size.name}`,
        );
        const submit = page.locator('[data-testid="apply-submit"]');
        expect(await submit.isDisabled()).toBe(true);
        const why = page.locator('[data-testid="apply"] form p.muted');
        expect(await why.textContent()).toBe(
          'Generate a key first: the application is signed with it.',
        );
        expect(await why.isVisible()).toBe(true);
        await page.click('[data-testid="generate-key"]');
        expect(await submit.isEnabled()).toBe(true);
        expect(await why.count()).toBe(0);
      });
    }, 60_000);
  }
});
