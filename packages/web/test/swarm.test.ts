import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, openPage, screenshot, type WatchedPage } from './support/browser.js';
import { activate } from './support/member.js';
import { startServer, type RunningServer } from './support/server.js';
import { startTamperProxy } from './support/tamper-proxy.js';
import { visit } from './support/visit.js';

let server: RunningServer;
let browser: Browser;
let tab: WatchedPage;
let publishedSessionId: string;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  tab = await openPage(browser);
  console.info(`swarm test server ready in ${server.startupMs} ms (demo seeding included)`);
  // The newest published treasury session that has takes (the demo has sessions nobody filed on).
  const list = (await (
    await fetch(
      `${server.baseUrl}/api/swarm/sessions?state=published&subject=convene-treasury&limit=50`,
    )
  ).json()) as {
    sessions: { id: string; takeCount: number }[];
  };
  const withTakes = list.sessions.find((session) => session.takeCount > 0);
  expect(withTakes).toBeDefined();
  publishedSessionId = withTakes!.id;
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('swarm pages', () => {
  test('sessions list filters by state and shows the open session', async () => {
    const page = await visit(
      tab,
      server.baseUrl,
      '/swarm',
      '[data-testid="session-list"] tbody tr',
      'swarm-sessions',
    );
    expect(await page.locator('[data-testid="open-session"]').textContent()).toMatch(
      /No session is collecting|left|no deadline|closed/,
    );
    await page.selectOption('select[name="state"]', 'published');
    await page.click('form.filters button[type="submit"]');
    await page.waitForURL(/state=published/);
    await page.waitForSelector('[data-testid="session-list"] tbody tr');
    const states = await page
      .locator('[data-testid="session-list"] tbody tr td:nth-child(3)')
      .allTextContents();
    expect(states.length).toBeGreaterThan(0);
    expect(new Set(states)).toEqual(new Set(['published']));
    expect(tab.errors).toEqual([]);
  });

  test('a published session verifies its receipt and every take in the browser', async () => {
    const page = await visit(
      tab,
      server.baseUrl,
      `/swarm/sessions/${publishedSessionId}`,
      '[data-testid="receipt-verdict"]',
      'swarm-session',
    );
    expect(await page.locator('[data-testid="receipt-verdict"]').textContent()).toContain(
      'verified in your browser',
    );
    await page.waitForFunction(
      () =>
        document.querySelectorAll('[data-testid="takes"] .muted[title="verifying in your browser"]')
          .length === 0,
    );
    const verified = await page.locator('[data-testid="take-verified"]').count();
    expect(verified).toBeGreaterThan(0);
    expect(await page.locator('[data-testid="take-not-verified"]').count()).toBe(0);
    expect(await page.locator('[data-testid="histogram"]').count()).toBe(1);
    await screenshot(page, 'swarm-session');
  });

  test('a tampered receipt from a lying server shows "not verified" with the reason', async () => {
    const proxy = await startTamperProxy(server.baseUrl);
    try {
      const watched = await openPage(browser);
      await watched.page.goto(`${proxy.baseUrl}/swarm/sessions/${publishedSessionId}`);
      await watched.page.waitForSelector('[data-testid="receipt-reasons"]', { timeout: 20_000 });
      expect(await watched.page.locator('[data-testid="receipt-verdict"]').textContent()).toContain(
        'not verified',
      );
      const reasons = await watched.page
        .locator('[data-testid="receipt-reasons"] li code')
        .allTextContents();
      expect(reasons).toEqual(['altered_payload', 'score_mismatch']);
      await screenshot(watched.page, 'swarm-session-tampered');
      expect(watched.errors).toEqual([]);
      await watched.close();
    } finally {
      await proxy.close();
    }
  }, 120_000);

  test('members, a member page and a take receipt verified in the browser', async () => {
    const page = await visit(
      tab,
      server.baseUrl,
      '/swarm/members',
      '[data-testid="members"] tbody tr',
      'swarm-members',
    );
    expect(await page.locator('[data-testid="members"] tbody tr').count()).toBeGreaterThan(0);
    // Follow a member who filed a take in the published session (judges and no-shows file none).
    const session = await visit(
      tab,
      server.baseUrl,
      `/swarm/sessions/${publishedSessionId}`,
      '[data-testid="takes"] .take',
      'swarm-session',
    );
    const member = await session
      .locator('[data-testid="takes"] .take a[href^="/swarm/members/"]')
      .first()
      .getAttribute('href');
    const memberPage = await visit(
      tab,
      server.baseUrl,
      member!,
      '[data-testid="member-takes"] tbody tr',
      'swarm-member',
    );
    const receipt = await memberPage
      .locator('[data-testid="member-takes"] a[href^="/swarm/takes/"]')
      .first()
      .getAttribute('href');
    const takePage = await visit(
      tab,
      server.baseUrl,
      receipt!,
      '[data-testid="take-verified"]',
      'swarm-take',
    );
    expect(await takePage.locator('[data-testid="take-check"]').textContent()).toContain('✓');
  }, 120_000);
});

describe('join', () => {
  test('generates a key in the browser, applies, looks up the status, and once approved claims the token in the browser', async () => {
    const page = await visit(tab, server.baseUrl, '/join', '[data-testid="apply"]', 'join');
    await page.click('[data-testid="generate-key"]');
    const publicKey = await page.locator('[data-testid="public-key"]').textContent();
    expect(publicKey).toMatch(/^[A-Za-z0-9+/]{43}=$/);
    expect(await page.locator('[data-testid="download-key"]').getAttribute('download')).toBe(
      'convene-member-key.json',
    );
    await page.fill('input[name="name"]', `Browser Tester ${Date.now()}`);
    await page.fill('input[name="contact"]', 'tester@example.org');
    await page.fill('input[name="lens"]', 'end-to-end checks');
    await page.fill('input[name="passphrase"]', 'correct horse battery');
    await page.click('[data-testid="apply-submit"]');
    await page.waitForSelector('[data-testid="apply-result"]');
    expect(await page.locator('[data-testid="apply-result"]').textContent()).toContain('Applied');
    await page.click('[data-testid="apply-result"] a');
    await page.waitForSelector('[data-testid="application-state"]');
    expect(await page.locator('[data-testid="application-state"]').textContent()).toContain(
      'applied',
    );
    await screenshot(page, 'join-status');
    // Before approval the claim button is disabled and says why.
    expect(await page.locator('[data-testid="claim-submit"]').isDisabled()).toBe(true);
    expect(await page.locator('[data-testid="claim-blocked"]').textContent()).toContain(
      'Waiting for an admin',
    );
    // Approved: the key stored (sealed) in this browser signs the challenge and the token shows once.
    const memberId = page.url().split('/').pop()!;
    await activate(server.baseUrl, server.dataDir, memberId);
    await page.reload();
    await page.waitForSelector('[data-testid="claim-token"]');
    await page.fill('[data-testid="claim-token"] input[name="passphrase"]', 'wrong passphrase');
    await page.click('[data-testid="claim-submit"]');
    await page.waitForSelector('[data-testid="claim-error"]');
    expect(await page.locator('[data-testid="claim-error"]').textContent()).toContain(
      'wrong passphrase',
    );
    await page.fill(
      '[data-testid="claim-token"] input[name="passphrase"]',
      'correct horse battery',
    );
    await page.click('[data-testid="claim-submit"]');
    const token = (await page.locator('[data-testid="token-value"]').textContent())!.trim();
    const verified = await fetch(`${server.baseUrl}/api/swarm/verify-token`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(verified.status).toBe(200);
    expect(((await verified.json()) as { memberId: string }).memberId).toBe(memberId);
    // The stored key is sealed: the seed is nowhere in localStorage in the clear.
    const stored = await page.evaluate(
      (id) => localStorage.getItem(`convene:member-key:${id}`),
      memberId,
    );
    expect(JSON.parse(stored!)).toMatchObject({ format: 'convene-sealed-key-1', memberId });
    expect(stored).not.toContain('secretKey');
    await screenshot(page, 'join-token');
    expect(tab.errors).toEqual([]);
  }, 120_000);
});
