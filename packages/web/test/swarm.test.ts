import { randomBytes } from 'node:crypto';
import { formatCosignerKey, publicKeyFromSeed } from '@convene/protocol';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser } from 'playwright-core';
import { horizontalOverflow, seriousAxeViolations } from './support/audit.js';
import { launchBrowser, openPage, screenshot, type WatchedPage } from './support/browser.js';
import { logCheckLines } from './support/log-check-lines.js';
import { activate } from './support/member.js';
import { startServer, type RunningServer } from './support/server.js';
import { startTamperProxy } from './support/tamper-proxy.js';
import { visit } from './support/visit.js';

let server: RunningServer;
let browser: Browser;
let tab: WatchedPage;
let publishedSessionId: string;

/** The witness this log's operator configured (LOG_WITNESSES): only its cosignatures are taken. */
const WITNESS_NAME = 'witness.test/w1';
const WITNESS_SEED = randomBytes(32).toString('base64');

beforeAll(async () => {
  const witnessVkey = formatCosignerKey(WITNESS_NAME, await publicKeyFromSeed(WITNESS_SEED));
  [server, browser] = await Promise.all([
    startServer(undefined, { LOG_WITNESSES: witnessVkey }),
    launchBrowser(),
  ]);
  tab = await openPage(browser);
  console.info(`swarm test server ready in ${server.startupMs} ms (demo data seeded or copied)`);
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

interface SessionDetailShape {
  date: string;
  subjectId: string;
  referenceAllocation: { buckets: Array<{ bucket: string; weight: number }> } | null;
  recommendation: { weights: Array<{ bucket: string; weight: number }> } | null;
}
interface SnapshotShape {
  sessionId: string | null;
  totalUsd: number | null;
  holdings: Array<{ bucket: string | null; valueUsd: number | null }>;
}

async function apiJson<T>(path: string): Promise<T> {
  const response = await fetch(`${server.baseUrl}${path}`);
  expect(response.status, path).toBe(200);
  return (await response.json()) as T;
}

/** The site's formats, restated here so a change to them shows up as a failing test. */
const pctText = (fraction: number | null) =>
  fraction === null ? '—' : `${(fraction * 100).toFixed(1)}\u00a0%`;
const usdText = (value: number | null) =>
  value === null
    ? '—'
    : Math.abs(value) >= 100_000
      ? new Intl.NumberFormat('en-US', {
          style: 'currency',
          currency: 'USD',
          notation: 'compact',
          maximumFractionDigits: 2,
        }).format(value)
      : new Intl.NumberFormat('en-US', {
          style: 'currency',
          currency: 'USD',
          maximumFractionDigits: 2,
        }).format(value);

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

  test('the session shows the snapshot it reasoned over and target / actual / recommended / gap per bucket', async () => {
    const detail = await apiJson<SessionDetailShape>(`/api/swarm/sessions/${publishedSessionId}`);
    const { snapshot } = await apiJson<{ snapshot: SnapshotShape | null }>(
      `/api/swarm/sessions/${publishedSessionId}/snapshot`,
    );
    expect(snapshot, 'the demo session has a holdings snapshot').not.toBeNull();
    const requested: string[] = [];
    const record = (request: { url(): string }) => requested.push(new URL(request.url()).pathname);
    tab.page.on('request', record);
    const page = await visit(
      tab,
      server.baseUrl,
      `/swarm/sessions/${publishedSessionId}`,
      '[data-testid="bucket-comparison"] tbody tr',
      'swarm-session-buckets',
    );
    tab.page.off('request', record);
    // The page asks for this session's snapshot, not a year of the subject's snapshots to search.
    expect(requested).toContain(`/api/swarm/sessions/${publishedSessionId}/snapshot`);
    expect(requested.filter((p) => p.endsWith('/snapshots'))).toEqual([]);
    // The snapshot table lists exactly the snapshot's holdings, with its total.
    expect(await page.locator('[data-testid="snapshot-holdings"] tbody tr').count()).toBe(
      snapshot!.holdings.length,
    );
    expect(
      await page
        .locator('[data-testid="session-snapshot"] [data-testid="snapshot-total"]')
        .textContent(),
    ).toBe(usdText(snapshot!.totalUsd));
    // Every bucket of the reference, the recommendation and the snapshot has a row whose figures
    // are the API's: target from the brief, actual = bucket value / snapshot total, gap = actual − target.
    const target = new Map(detail.referenceAllocation!.buckets.map((b) => [b.bucket, b.weight]));
    const recommended = new Map(detail.recommendation!.weights.map((w) => [w.bucket, w.weight]));
    const actual = new Map<string, number>();
    for (const h of snapshot!.holdings)
      if (h.bucket !== null && h.valueUsd !== null)
        actual.set(h.bucket, (actual.get(h.bucket) ?? 0) + h.valueUsd / snapshot!.totalUsd!);
    const buckets = new Set([...target.keys(), ...recommended.keys(), ...actual.keys()]);
    const rows = page.locator('[data-testid="bucket-comparison"] tbody tr');
    expect(await rows.count()).toBe(buckets.size);
    let drifted = 0;
    for (const bucket of buckets) {
      const cells = await page
        .locator(`[data-testid="bucket-comparison"] tr[data-bucket="${bucket}"] td`)
        .allTextContents();
      const t = target.get(bucket) ?? null;
      const a = actual.get(bucket) ?? 0;
      expect(cells[1], `${bucket} target`).toBe(pctText(t));
      expect(cells[2], `${bucket} actual`).toBe(pctText(a));
      expect(cells[3], `${bucket} recommended`).toBe(pctText(recommended.get(bucket) ?? null));
      if (t === null) {
        expect(cells[4]).toBe('—');
        continue;
      }
      const gap = a - t;
      expect(cells[4], `${bucket} gap`).toContain(
        `${gap > 0 ? '+' : ''}${(gap * 100).toFixed(1)} pt`,
      );
      const drift = Math.abs(gap) > 0.02;
      if (drift) drifted += 1;
      expect(cells[4]!.includes('⚠ drift'), `${bucket} drift flag`).toBe(drift);
    }
    console.info(
      `session ${publishedSessionId}: ${buckets.size} bucket(s), ${drifted} flagged as drift`,
    );
    expect(tab.errors).toEqual([]);
  }, 120_000);

  test('the brief, its session and the treasury page show the same sleeve and bucket targets', async () => {
    interface Framework {
      version: number;
      sleeves: Array<{
        key: string;
        target: number;
        buckets: Array<{ key: string; target: number }>;
      }>;
      history: Array<{ version: number; sleeves: Record<string, number> }>;
    }
    interface Reference {
      version: number;
      sleeves: Array<{ key: string; target: number }>;
      buckets: Array<{ bucket: string; weight: number }>;
    }
    const framework = await apiJson<Framework>('/api/dashboards/allocation');
    const { sessions } = await apiJson<{
      sessions: Array<{ id: string; referenceAllocation: Reference | null }>;
    }>('/api/swarm/sessions?subject=convene-treasury&limit=50');
    // The session convened under the newest targets (after the day's publish they may have moved on:
    // then the treasury's history, not its current row, holds what that session reasoned over).
    const session = sessions
      .filter((x) => x.referenceAllocation !== null)
      .sort((a, b) => b.referenceAllocation!.version - a.referenceAllocation!.version)[0];
    expect(session, 'a session with a reference allocation').toBeDefined();
    const reference = session!.referenceAllocation!;
    const inForce = framework.history.find((x) => x.version === reference.version);
    expect(inForce, `treasury history holds version ${reference.version}`).toBeDefined();
    expect(Object.fromEntries(reference.sleeves.map((x) => [x.key, x.target]))).toEqual(
      inForce!.sleeves,
    );
    const referenceBuckets = new Map(reference.buckets.map((x) => [x.bucket, x.weight]));

    const treasury = await visit(
      tab,
      server.baseUrl,
      '/treasury',
      '[data-testid="allocation"] tbody tr[data-key]',
      'treasury-targets',
    );
    const treasuryTarget = async (key: string) =>
      (
        await treasury.locator(`tr[data-key="${key}"] td[data-label="Target"]`).textContent()
      )?.trim();
    for (const sleeve of framework.sleeves) {
      expect(await treasuryTarget(sleeve.key), `treasury ${sleeve.key}`).toBe(
        pctText(sleeve.target),
      );
      for (const bucket of sleeve.buckets)
        expect(await treasuryTarget(`${sleeve.key}/${bucket.key}`), `treasury ${bucket.key}`).toBe(
          pctText(bucket.target),
        );
    }

    const page = await visit(
      tab,
      server.baseUrl,
      `/swarm/sessions/${session!.id}`,
      '[data-testid="brief-sleeve-targets"] li',
      'session-brief-targets',
    );
    for (const sleeve of reference.sleeves) {
      expect(
        await page
          .locator(`[data-testid="brief-sleeve-targets"] li[data-sleeve="${sleeve.key}"] strong`)
          .textContent(),
        `brief ${sleeve.key}`,
      ).toBe(pctText(sleeve.target));
    }
    await page.waitForSelector('[data-testid="bucket-comparison"] tbody tr');
    for (const [bucket, weight] of referenceBuckets) {
      const cells = await page
        .locator(`[data-testid="bucket-comparison"] tr[data-bucket="${bucket}"] td`)
        .allTextContents();
      expect(cells[1], `session ${bucket} target`).toBe(pctText(weight));
    }
    expect(tab.errors).toEqual([]);
  }, 120_000);

  test('the recommendation card names absent members by handle, as the summary does, never by UUID', async () => {
    const list = await apiJson<{ sessions: Array<{ id: string }> }>(
      '/api/swarm/sessions?state=published&limit=50',
    );
    let found: { id: string; handles: string[] } | undefined;
    for (const { id } of list.sessions) {
      const detail = await apiJson<{
        quorum: { absent: string[] } | null;
        roster: Array<{ memberId: string; handle: string }>;
      }>(`/api/swarm/sessions/${id}`);
      const absent = detail.quorum?.absent ?? [];
      if (absent.length === 0) continue;
      const handle = new Map(detail.roster.map((row) => [row.memberId, row.handle]));
      found = { id, handles: absent.map((memberId) => handle.get(memberId)!) };
      break;
    }
    expect(found, 'a published demo session with an absent member').toBeDefined();
    const page = await visit(
      tab,
      server.baseUrl,
      `/swarm/sessions/${found!.id}`,
      '[data-testid="absent-members"]',
      'swarm-session-absent',
    );
    const text = (await page.locator('[data-testid="absent-members"]').textContent()) ?? '';
    expect(text).toBe(`Absent: ${found!.handles.join(', ')}`);
    expect(text).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-/);
  });

  test('a subject page shows the subject, its latest snapshot and its sessions', async () => {
    const detail = await apiJson<SessionDetailShape>(`/api/swarm/sessions/${publishedSessionId}`);
    const subject = await apiJson<{ name: string; status: string }>(
      `/api/swarm/subjects/${detail.subjectId}`,
    );
    const { snapshots } = await apiJson<{ snapshots: SnapshotShape[] }>(
      `/api/swarm/subjects/${detail.subjectId}/snapshots?limit=1`,
    );
    const list = await apiJson<{ sessions: Array<{ id: string }> }>(
      `/api/swarm/sessions?subject=${detail.subjectId}&limit=50`,
    );
    const page = await visit(
      tab,
      server.baseUrl,
      `/swarm/subjects/${detail.subjectId}`,
      '[data-testid="subject-session-list"] tbody tr',
      'swarm-subject',
    );
    expect(await page.locator('[data-testid="subject"] h2').textContent()).toContain(subject.name);
    expect(await page.locator('[data-testid="subject-status"]').textContent()).toBe(subject.status);
    expect(await page.title()).toContain(subject.name);
    expect(
      await page
        .locator('[data-testid="latest-snapshot"] [data-testid="snapshot-total"]')
        .textContent(),
    ).toBe(usdText(snapshots[0]!.totalUsd));
    expect(
      await page
        .locator('[data-testid="latest-snapshot"] [data-testid="snapshot-holdings"] tbody tr')
        .count(),
    ).toBe(snapshots[0]!.holdings.length);
    const links = await page
      .locator('[data-testid="subject-session-list"] tbody tr a[href^="/swarm/sessions/"]')
      .evaluateAll((anchors) => anchors.map((a) => a.getAttribute('href')));
    expect(links).toEqual(list.sessions.map((s) => `/swarm/sessions/${s.id}`));
    expect(tab.errors).toEqual([]);
  }, 120_000);

  test('/swarm/:date/:subject opens the latest session of that day', async () => {
    const detail = await apiJson<SessionDetailShape>(`/api/swarm/sessions/${publishedSessionId}`);
    const day = await apiJson<{ session: { id: string } }>(
      `/api/swarm/sessions/${detail.date}/${detail.subjectId}`,
    );
    const page = await visit(
      tab,
      server.baseUrl,
      `/swarm/${detail.date}/${detail.subjectId}`,
      '[data-testid="receipt-verdict"]',
      'swarm-session-of-day',
    );
    // The header names the day readably, its YYYY-MM-DD date on hover.
    const headerDay = page.locator('[data-testid="session-header"] h2 time');
    expect(await headerDay.getAttribute('datetime')).toBe(detail.date);
    expect(await headerDay.getAttribute('title')).toBe(detail.date);
    expect(await headerDay.textContent()).not.toContain(detail.date);
    // The page is the day's latest session: its receipt panel links that session's receipt.
    const html = await page.locator('main').innerHTML();
    expect(html).toContain(day.session.id);
    expect(tab.errors).toEqual([]);
    // A path that is not a date says so instead of asking the API.
    await page.goto(`${server.baseUrl}/swarm/yesterday/${detail.subjectId}`);
    await page.waitForSelector('.error-box');
    expect(await page.locator('.error-box').textContent()).toContain('not a date');
  }, 120_000);

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
      const headline = watched.page.locator('[data-testid="headline-verdict"]');
      expect(await headline.getAttribute('data-verdict')).toBe('not-verified');
      expect(
        await watched.page.locator('[data-testid="figure-unverified"]').count(),
      ).toBeGreaterThan(2);
      await screenshot(watched.page, 'swarm-session-tampered');
      expect(watched.errors).toEqual([]);
      await watched.close();
    } finally {
      await proxy.close();
    }
  }, 120_000);

  test('the headline is the verified receipt: a forged session record or take is never shown beside a ✓', async () => {
    interface Figures {
      stances: Record<string, number>;
      weights: Array<{ bucket: string; weight: number }>;
      score: number;
    }
    const session = await apiJson<{
      rationale: string;
      recommendation: Figures;
      takes: Array<{ id: string; stance: string; canonical: string }>;
    }>(`/api/swarm/sessions/${publishedSessionId}`);
    const receipt = await apiJson<{ canonicalBytes: string }>(
      `/api/swarm/sessions/${publishedSessionId}/consensus-receipt`,
    );
    const signed = JSON.parse(receipt.canonicalBytes) as Figures;
    const watched = await openPage(browser);
    const { page } = watched;
    const headline = page.locator('[data-testid="headline-verdict"]');
    const vectorRows = () =>
      page
        .locator('[data-testid="recommendation-vector"] tbody tr')
        .evaluateAll((rows) =>
          rows.map((row) =>
            [...row.querySelectorAll('td')].slice(0, 2).map((td) => td.textContent),
          ),
        );
    const histogram = () =>
      page
        .locator('[data-testid="histogram"] .histogram-row')
        .evaluateAll((rows) => rows.map((row) => row.textContent));

    // Honest: the figures come from the signed bytes, the rationale says what they say.
    await page.goto(`${server.baseUrl}/swarm/sessions/${publishedSessionId}`);
    await page.waitForSelector('[data-testid="headline-verdict"][data-verdict="verified"]');
    const honestRows = await vectorRows();
    const honestHistogram = await histogram();
    const comparison = async () => {
      await page.waitForSelector('[data-testid="bucket-comparison"] tbody tr');
      return page.locator('[data-testid="bucket-comparison"] tbody').textContent();
    };
    const honestComparison = await comparison();
    expect(await page.locator('[data-testid="headline-differs"]').count()).toBe(0);
    expect(await page.locator('[data-testid="rationale-verdict"]').textContent()).toContain(
      '✓ matches',
    );
    expect(honestRows.map(([bucket]) => bucket)).toEqual(signed.weights.map((w) => w.bucket));

    // A forged record: one bucket at 50 %, 4 bullish, a new rationale.
    const forgedRationale = 'The swarm is unanimously bullish: buy everything.';
    await page.route(`**/api/swarm/sessions/${publishedSessionId}`, async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as typeof session;
      body.recommendation.weights[0]!.weight = 0.5;
      body.recommendation.stances.bullish = 4;
      body.rationale = forgedRationale;
      await route.fulfill({ response, json: body });
    });
    await page.goto(`${server.baseUrl}/swarm/sessions/${publishedSessionId}`);
    await page.waitForSelector('[data-testid="headline-verdict"][data-verdict="verified"]');
    expect(await headline.textContent()).toContain('✓');
    expect(await page.locator('[data-testid="headline-differs"]').textContent()).toMatch(
      /stances, .*weights/,
    );
    expect(await vectorRows()).toEqual(honestRows);
    expect(await histogram()).toEqual(honestHistogram);
    // The per-bucket comparison's "recommended" column is the receipt's too.
    expect(await comparison()).toBe(honestComparison);
    expect(await page.locator('[data-testid="rationale-verdict"]').textContent()).toContain('✗');
    const shownRationale = await page
      .locator('[data-testid="session-rationale"] > p.text-body')
      .textContent();
    expect(shownRationale).toBe(session.rationale);
    // The forged text is only inside the closed "what the service wrote instead" disclosure.
    expect(await page.getByText(forgedRationale).isVisible()).toBe(false);
    await screenshot(page, 'swarm-session-forged-headline');
    await page.unrouteAll();

    // A take served with a forged stance: the heading shows the signed stance, the tally a ✗.
    const take = session.takes[0]!;
    const signedStance = (JSON.parse(take.canonical) as { stance: string }).stance;
    const forgedStance = signedStance === 'bullish' ? 'bearish' : 'bullish';
    await page.route(`**/api/swarm/takes/${take.id}`, async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { stance: string };
      body.stance = forgedStance;
      await route.fulfill({ response, json: body });
    });
    await page.goto(`${server.baseUrl}/swarm/takes/${take.id}`);
    await page.waitForSelector('[data-testid="take-check"][data-state="failed"]');
    const check = (await page.locator('[data-testid="take-check"]').textContent()) ?? '';
    expect(check).toMatch(/^✗ 1 of \d+ checks failed in your browser$/);
    expect(check).not.toContain('✓');
    expect(
      await page.locator('[data-testid="take-signed-heading"] .badge').first().textContent(),
    ).toContain(signedStance);
    expect(await page.locator('[data-testid="take-signed-heading"]').textContent()).not.toContain(
      forgedStance,
    );
    const failedLines = await logCheckLines(page, '[data-testid="take-log"]');
    expect(failedLines.filter((line) => line.startsWith('failed'))).toEqual([
      expect.stringContaining('fields as served'),
    ]);
    await screenshot(page, 'swarm-take-forged-stance');
    expect(watched.errors).toEqual([]);
    await watched.close();
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
      '[data-testid="take-check"][data-state="passed"]',
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
    // The key is offered only encrypted, after applying (join-key.test.ts checks the file).
    expect(await page.locator('a[download]').count()).toBe(0);
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

describe('transparency log in the browser', () => {
  interface TakeJson {
    id: string;
    logIndex: number;
    leafHash: string;
    inclusion: { checkpoint: string; treeSize: number; hashes: string[] };
  }
  const takeOfSession = async () => {
    const detail = await apiJson<{ takes: Array<{ id: string }> }>(
      `/api/swarm/sessions/${publishedSessionId}`,
    );
    return apiJson<TakeJson>(`/api/swarm/takes/${detail.takes[0]!.id}`);
  };
  const lines = logCheckLines;
  const logSeed = async () =>
    (await import('node:fs/promises'))
      .readFile(`${server.dataDir}/log-signing-key`, 'utf8')
      .then((text) => text.trim());

  for (const size of [
    { width: 390, height: 844 },
    { width: 1440, height: 900 },
  ]) {
    test(`the log page at ${size.width}px: numbers as the API says, checkpoint, witnesses, entries and lookups checked here, axe clean`, async () => {
      const before = await apiJson<{ size: number }>('/api/log/checkpoint.json');
      const watched = await openPage(browser, size);
      // No live checkpoints on this page: demo members file while it runs, and a new checkpoint
      // arriving would re-check the first visit against the one just kept ("passed" where a first
      // visit has nothing to compare with). An open stream that asks for no reconnect for 10 min.
      let held = 0;
      await watched.page.route(
        (url) => url.pathname === '/api/swarm/events',
        (route) => {
          held++;
          return route.fulfill({
            status: 200,
            headers: { 'content-type': 'text/event-stream', 'cache-control': 'no-store' },
            body: 'retry: 600000\n\n',
          });
        },
      );
      const page = await visit(
        watched,
        server.baseUrl,
        '/log',
        '[data-testid="log-size"]',
        `log-${size.width}`,
      );
      const after = await apiJson<{ size: number }>('/api/log/checkpoint.json');
      const shown = Number(
        (await page.locator('[data-testid="log-size"]').textContent())!.replace(/,/g, ''),
      );
      // The log grows while demo members file: the page shows a size between the two reads.
      expect(shown).toBeGreaterThanOrEqual(before.size);
      expect(shown).toBeLessThanOrEqual(after.size);
      expect(await page.locator('[data-testid="methodology-link"]').getAttribute('href')).toBe(
        '/methodology#swarm',
      );
      // The root and key shown are the API's for the size shown.
      const atShown = await apiJson<{ rootHash: string; origin: string }>(
        `/api/log/checkpoints/${shown}`,
      );
      expect(
        await page.locator('[data-testid="log-checkpoint"] dd.mono').allTextContents(),
      ).toEqual(expect.arrayContaining([atShown.origin, atShown.rootHash]));
      const key = await apiJson<{ vkey: string }>('/api/log/key');
      expect(await page.locator('[data-testid="log-key"]').textContent()).toBe(
        key.vkey.split('+').slice(0, 2).join('+'),
      );
      const first = await lines(page, '[data-testid="log-checkpoint"]');
      expect(held).toBeGreaterThan(0);
      expect(first.map((l) => l.split(' ')[0])).toEqual(['passed', 'passed', 'not-checked']);
      expect(first[0]).toContain(key.vkey.split('+')[1]);
      expect(await seriousAxeViolations(page)).toEqual([]);
      expect(await horizontalOverflow(page)).toBe(0);

      // Entries: the newest page is the API's last entries, newest first; "older" pages back.
      const rowsShown = () =>
        page
          .locator('[data-testid="log-entries"] tbody tr td:first-child')
          .allTextContents()
          .then((cells) => cells.map((cell) => Number(cell.replace(/\D/g, ''))));
      const newest = await rowsShown();
      expect(newest[0]).toBe(shown - 1);
      expect(newest).toEqual([...newest].sort((x, y) => y - x));
      const apiEntries = await apiJson<{ entries: Array<{ index: number; leafHash: string }> }>(
        `/api/log/entries?start=${shown - newest.length}&end=${shown}`,
      );
      expect(
        await page
          .locator('[data-testid="log-entries"] tbody tr td:last-child')
          .allTextContents()
          .then((cells) => cells.map((cell) => cell.replace(/^Leaf hash/, '').trim())),
      ).toEqual(apiEntries.entries.map((e) => e.leafHash).reverse());
      const range = page.locator('[data-testid="log-entries-range"]');
      const newestRange = await range.textContent();
      await page.click('[data-testid="log-entries"] a:has-text("older")');
      await expect.poll(() => range.textContent()).not.toBe(newestRange);
      await page.waitForFunction(() => document.querySelectorAll('.loading').length === 0);
      const older = await rowsShown();
      expect(older[0]).toBe(newest[newest.length - 1]! - 1);
      await screenshot(page, `log-entries-older-${size.width}`);

      // A second visit checks consistency with the checkpoint this browser kept.
      await page.goto(`${server.baseUrl}/log`);
      const second = await lines(page, '[data-testid="log-checkpoint"]');
      expect(
        second.every((l) => l.startsWith('passed')),
        second.join('\n'),
      ).toBe(true);

      // The lookup: a take id checks the take, a session id its consensus receipt.
      const take = await takeOfSession();
      const lookup = async (id: string, what: string) => {
        await page.selectOption('[data-testid="log-lookup"] select', what.replace('lookup-', ''));
        await page.fill('[data-testid="log-lookup"] input', id);
        await page.click('[data-testid="log-lookup"] button');
        await page.waitForSelector(`[data-testid="${what}"]`);
        return lines(page, `[data-testid="${what}"]`);
      };
      const takeLines = await lookup(take.id, 'lookup-take');
      expect(
        takeLines.filter((l) => !l.startsWith('passed')),
        takeLines.join('\n'),
      ).toEqual([]);
      expect(takeLines).toHaveLength(8);
      const receiptLines = await lookup(publishedSessionId, 'lookup-receipt');
      expect(
        receiptLines.filter((l) => !l.startsWith('passed')),
        receiptLines.join('\n'),
      ).toEqual([]);
      expect(receiptLines).toHaveLength(9);
      expect(await seriousAxeViolations(page)).toEqual([]);
      expect(await horizontalOverflow(page)).toBe(0);
      await screenshot(page, `log-lookup-${size.width}`);
      expect(watched.errors).toEqual([]);
      await watched.close();
    }, 90_000);
  }

  test('witnesses: a real cosignature verifies in the browser, a forged one fails with its reason', async () => {
    const protocol = await import('@convene/protocol');
    const cp = await apiJson<{ size: number; note: string }>('/api/log/checkpoint.json');
    const timestamp = Math.floor(Date.now() / 1000);
    const vkey = protocol.formatCosignerKey(WITNESS_NAME, await publicKeyFromSeed(WITNESS_SEED));
    const cosigned = await protocol.addNoteSignatures(
      cp.note,
      await protocol.cosignatureSigner(WITNESS_NAME, WITNESS_SEED, timestamp),
    );
    const posted = await fetch(`${server.baseUrl}/api/log/cosignatures`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ vkey, cosignedCheckpoint: cosigned }),
    });
    expect(posted.status).toBe(201);
    // w2's line is signed by a key that is not w2's: a lying server adds it to the checkpoint.
    const w2 = await protocol.generateKeyPair();
    const impostor = await protocol.generateKeyPair();
    const forgedVkey = protocol.formatCosignerKey('witness.test/w2', w2.publicKey);
    const forgedNote = await protocol.addNoteSignatures(
      cp.note,
      await protocol.cosignatureSigner('witness.test/w2', impostor.secretKey, timestamp),
    );
    const forgedLine = forgedNote.slice(cp.note.length);
    type Served = {
      cosignedNote: string;
      cosignatures: Array<{
        name: string;
        keyId: string;
        vkey: string;
        timestamp: number;
        line: string;
      }>;
    };
    // The checkpoint the witness cosigned, pinned for the page (the live log moves on meanwhile).
    const stored = await apiJson<Served>(`/api/log/checkpoints/${cp.size}`);
    expect(stored.cosignatures.map((c) => c.name)).toEqual(['witness.test/w1']);
    const served: Served = {
      ...stored,
      cosignedNote: stored.cosignedNote + forgedLine,
      cosignatures: [
        ...stored.cosignatures,
        {
          name: 'witness.test/w2',
          keyId: forgedVkey.split('+')[1]!,
          vkey: forgedVkey,
          timestamp,
          line: forgedLine.trim(),
        },
      ],
    };
    const watched = await openPage(browser);
    const { page } = watched;
    await page.route('**/api/log/checkpoint.json', (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(served) }),
    );
    await page.goto(`${server.baseUrl}/log`);
    await page.waitForSelector('[data-testid="log-witnesses"] [data-testid="log-check"] li');
    const witnesses = await page
      .locator('[data-testid="log-witnesses"] [data-testid="log-check"] li')
      .evaluateAll((items) =>
        items.map((li) => `${li.getAttribute('data-state')} ${li.textContent ?? ''}`),
      );
    expect(witnesses).toHaveLength(2);
    expect(witnesses[0]).toMatch(/^passed .*witness\.test\/w1 cosigned/);
    expect(witnesses[1]).toMatch(
      /^failed .*witness\.test\/w2 cosigned.*checkpoint_signature_invalid|^failed .*witness\.test\/w2 cosigned.*signature/,
    );
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'log-witnesses');
    await watched.close();
  }, 60_000);

  test('a take page checks its inclusion in the browser; every tampering is caught with its reason', async () => {
    const take = await takeOfSession();
    const watched = await openPage(browser);
    const { page } = watched;
    const open = async () => {
      await page.goto(`${server.baseUrl}/swarm/takes/${take.id}`);
      return lines(page, '[data-testid="take-log"]');
    };
    const state = (shown: string[], label: string) =>
      shown.find((line) => line.includes(label))?.split(' ')[0];
    // A new browser has no earlier checkpoint: consistency is "not checked", never claimed.
    const firstVisit = await open();
    // The take's own two checks (signature, fields) come first, then the log's.
    expect(firstVisit.map((l) => l.split(' ')[0])).toEqual([
      'passed',
      'passed',
      'passed',
      'passed',
      'not-checked',
      'passed',
      'passed',
      'passed',
      'passed',
      'passed',
    ]);
    // Last: the take's key against its member's key history, proven under the checkpoint.
    expect(firstVisit.at(-1)).toMatch(/^passed .*active logged key at its index/);
    const honest = await open();
    expect(
      honest.filter((l) => !l.startsWith('passed')),
      honest.join('\n'),
    ).toEqual([]);
    expect(honest).toHaveLength(10);
    const tally = page.locator('[data-testid="take-log"] [data-testid="log-tally"]');
    expect(await tally.textContent()).toBe('✓ all 10 checks passed in your browser');
    expect(await page.locator('[data-testid="take-check"]').textContent()).toBe(
      '✓ all 10 checks passed in your browser',
    );
    expect(await page.locator('[data-testid="take-log"]').getAttribute('open')).toBeNull();

    const rewrite = async (pattern: string, edit: (body: string) => string) => {
      await page.route(pattern, async (route) => {
        const response = await route.fetch();
        await route.fulfill({ response, body: edit(await response.text()) });
      });
    };
    const proofPattern = `**/api/log/proof/inclusion?index=${take.logIndex}&*`;
    const protocol = await import('@convene/protocol');
    const signFork = async (size: number, rootHash: Uint8Array) => {
      const { origin } = await apiJson<{ origin: string }>('/api/log/checkpoint.json');
      return protocol.signCheckpoint({ origin, size, rootHash }, await logSeed());
    };
    const serveCheckpoint = async (note: string) => {
      await page.route('**/api/log/checkpoint', (route) =>
        route.fulfill({ status: 200, contentType: 'text/plain', body: note }),
      );
    };
    const INCLUDED = 'included at its index under the latest checkpoint';
    const attacks: Array<{
      name: string;
      setup: () => Promise<void>;
      failed: string;
      why: RegExp;
    }> = [
      {
        name: 'entry bytes changed',
        setup: () =>
          rewrite('**/api/log/takes/**', (body) => body.replace('"revision\\":', '"revision\\": ')),
        failed: 'the log holds exactly this take',
        why: /differ|different entry/,
      },
      {
        name: 'an entry dropped (the take shown one index earlier)',
        setup: () =>
          rewrite(`**/api/swarm/takes/${take.id}`, (body) =>
            body.replace(`"logIndex":${take.logIndex}`, `"logIndex":${take.logIndex - 1}`),
          ),
        failed: INCLUDED,
        why: /leaf_hash_mismatch/,
      },
      {
        name: 'an entry dropped (its proof served for a shorter tree)',
        setup: () =>
          rewrite(proofPattern, (body) => {
            const json = JSON.parse(body) as { treeSize: number; hashes: string[] };
            json.treeSize -= 1;
            json.hashes.pop();
            return JSON.stringify(json);
          }),
        failed: INCLUDED,
        why: /tree_size_mismatch/,
      },
      {
        name: 'entries reordered (the next entry served at this index)',
        setup: async () => {
          await page.route(proofPattern, async (route) => {
            const swapped = route
              .request()
              .url()
              .replace(`index=${take.logIndex}&`, `index=${take.logIndex + 1}&`);
            const response = await route.fetch({ url: swapped });
            const json = (await response.json()) as { logIndex: number };
            json.logIndex = take.logIndex;
            await route.fulfill({ response, body: JSON.stringify(json) });
          });
        },
        failed: INCLUDED,
        why: /leaf_hash_mismatch/,
      },
      {
        name: 'a proof hash reordered',
        setup: () =>
          rewrite(proofPattern, (body) => {
            const json = JSON.parse(body) as { hashes: string[]; leafHash: string };
            json.hashes.reverse();
            if (json.hashes.length < 2) json.hashes.push(json.leafHash);
            return JSON.stringify(json);
          }),
        failed: INCLUDED,
        why: /inclusion_proof_invalid/,
      },
      {
        name: 'the take receipt proved under a forked checkpoint (correctly signed)',
        setup: async () => {
          // A tree that holds this take but differs elsewhere: one sibling hash replaced, its
          // root recomputed and signed with the real log key. The proof verifies; the history
          // does not.
          const served = await apiJson<TakeJson>(`/api/swarm/takes/${take.id}`);
          const hashes = served.inclusion.hashes.map((h) => Buffer.from(h, 'base64'));
          hashes[hashes.length - 1] = Buffer.alloc(32, 9);
          const root = protocol.rootFromInclusionProof(
            served.logIndex,
            served.inclusion.treeSize,
            Buffer.from(served.leafHash, 'base64'),
            hashes,
          )!;
          const fork = await signFork(served.inclusion.treeSize, root);
          await rewrite(`**/api/swarm/takes/${take.id}`, (body) => {
            const json = JSON.parse(body) as TakeJson;
            json.inclusion = {
              checkpoint: fork,
              treeSize: served.inclusion.treeSize,
              hashes: hashes.map((h) => h.toString('base64')),
            };
            return JSON.stringify(json);
          });
        },
        failed: 'the take receipt’s proof holds under a checkpoint consistent with the latest',
        why: /not the log this browser follows: consistency_proof_invalid/,
      },
      {
        name: 'a checkpoint signed by another key',
        setup: async () => {
          const other = Buffer.alloc(32, 42).toString('base64');
          const { origin, size, rootHash } = await apiJson<{
            origin: string;
            size: number;
            rootHash: string;
          }>('/api/log/checkpoint.json');
          await serveCheckpoint(
            await protocol.signCheckpoint(
              { origin, size, rootHash: Buffer.from(rootHash, 'base64') },
              other,
            ),
          );
        },
        failed: 'checkpoint signed by the log key',
        why: /checkpoint_signature_invalid/,
      },
      {
        name: 'a forked checkpoint (same size, another root, signed with the real key)',
        setup: async () => {
          const { size } = await apiJson<{ size: number }>('/api/log/checkpoint.json');
          await serveCheckpoint(await signFork(size, new Uint8Array(32).fill(7)));
        },
        failed: 'consistent with the last checkpoint this browser saw',
        why: /fork|rewrite|split|root/i,
      },
      {
        name: 'an inconsistent later checkpoint (a larger tree that rewrote history)',
        setup: async () => {
          // The lying server signs a bigger tree and answers the consistency question with the
          // real proof up to its true size: the browser's kept checkpoint exposes the rewrite.
          const { size } = await apiJson<{ size: number }>('/api/log/checkpoint.json');
          await serveCheckpoint(await signFork(size + 3, new Uint8Array(32).fill(5)));
          await page.route('**/api/log/proof/consistency?*', async (route) => {
            const real = route
              .request()
              .url()
              .replace(/to=\d+/, `to=${size}`);
            const response = await route.fetch({ url: real });
            const json = (await response.json()) as { newSize: number };
            json.newSize = size + 3;
            await route.fulfill({ response, body: JSON.stringify(json) });
          });
        },
        failed: 'consistent with the last checkpoint this browser saw',
        why: /consistency_proof_invalid: size \d+ does not extend/,
      },
      {
        name: 'another log key served',
        setup: () =>
          rewrite('**/api/log/key', (body) => {
            const json = JSON.parse(body) as { vkey: string };
            json.vkey = json.vkey.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
            return JSON.stringify(json);
          }),
        failed: 'log key is the one this browser first saw',
        why: /another log key/,
      },
    ];
    for (const attack of attacks) {
      await page.unrouteAll({ behavior: 'ignoreErrors' });
      await attack.setup();
      const shown = await open();
      expect(state(shown, attack.failed), `${attack.name}:\n${shown.join('\n')}`).toBe('failed');
      expect(
        shown.find((l) => l.includes(attack.failed)),
        attack.name,
      ).toMatch(attack.why);
      // A failure opens the disclosure and its summary says so: it is never folded away.
      expect(await tally.textContent(), attack.name).toMatch(/^✗ \d of 10 checks failed/);
      expect(await page.locator('[data-testid="take-log"]').getAttribute('open')).not.toBeNull();
      const slug = attack.name
        .replace(/\(.*\)/, '')
        .trim()
        .replace(/\W+/g, '-');
      await screenshot(page, `swarm-take-log-${slug}-${attacks.indexOf(attack)}`);
    }
    // None of the lies was remembered: the honest log still checks out, consistency included.
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    const after = await open();
    expect(
      after.filter((l) => !l.startsWith('passed')),
      after.join('\n'),
    ).toEqual([]);
    await watched.close();
  }, 180_000);

  interface ReceiptJson {
    digest: string;
    payload: { submissions: Array<{ logIndex: number }> };
  }

  test('a session page checks its consensus receipt and every submission against the log in the browser', async () => {
    const watched = await openPage(browser);
    const { page } = watched;
    const open = async () => {
      await page.goto(`${server.baseUrl}/swarm/sessions/${publishedSessionId}`);
      return lines(page, '[data-testid="receipt-log"]');
    };
    await open(); // pins the key and keeps a checkpoint
    const honest = await open();
    expect(
      honest.filter((l) => !l.startsWith('passed')),
      honest.join('\n'),
    ).toEqual([]);
    expect(honest).toHaveLength(9);

    const rewrite = async (edit: (receipt: ReceiptJson) => void) => {
      await page.unrouteAll({ behavior: 'ignoreErrors' });
      await page.route('**/consensus-receipt', async (route) => {
        const response = await route.fetch();
        const receipt = (await response.json()) as ReceiptJson;
        edit(receipt);
        await route.fulfill({ response, body: JSON.stringify(receipt) });
      });
    };
    // A submission pointed at another log index: not the log's entry there.
    await rewrite((r) => {
      const first = r.payload.submissions[0]!;
      first.logIndex = first.logIndex === 0 ? 1 : 0;
    });
    let shown = await open();
    // (Index 0 is now the key log's opening marker: "the entry is not a take".)
    expect(shown.find((l) => l.includes('every submission is in the log'))).toMatch(
      /^failed .*submission_not_in_log|^failed .*differs|^failed .*proof|^failed .*not in the log/,
    );
    // A receipt the log never held (its digest replaced).
    await rewrite((r) => {
      r.digest = 'f'.repeat(64);
    });
    shown = await open();
    expect(shown.find((l) => l.includes('the receipt itself is in the log'))).toMatch(
      /^failed .*different receipt/,
    );
    await screenshot(page, 'swarm-receipt-log-tampered');
    // The checkpoint the receipt records swapped for a fork of the same size, signed with the real
    // log key: it is not the checkpoint the receipt recorded, and the checks that stand on it read
    // "not checked", never passed. (A receipt that itself records a fork, which only consistency
    // exposes, is protocol's receipt-log.test.ts: a lying server cannot re-sign the receipt.)
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    const served = await apiJson<ReceiptJson & { payload: { log: { treeSize: number } } }>(
      `/api/swarm/sessions/${publishedSessionId}/consensus-receipt`,
    );
    const { origin } = await apiJson<{ origin: string }>('/api/log/checkpoint.json');
    const { signCheckpoint } = await import('@convene/protocol');
    const fork = await signCheckpoint(
      { origin, size: served.payload.log.treeSize, rootHash: new Uint8Array(32).fill(3) },
      await logSeed(),
    );
    await page.route(`**/api/log/checkpoints/${served.payload.log.treeSize}`, async (route) => {
      const response = await route.fetch();
      const json = (await response.json()) as { note: string };
      json.note = fork;
      await route.fulfill({ response, body: JSON.stringify(json) });
    });
    shown = await open();
    expect(shown.find((l) => l.includes('that checkpoint is one the log signed'))).toMatch(
      /^failed .*another root/,
    );
    expect(shown.find((l) => l.includes('every submission is in the log'))).toMatch(
      /^not-checked .*log_checkpoint_unknown/,
    );
    expect(shown.find((l) => l.includes('its checkpoint is consistent with the latest'))).toMatch(
      /^not-checked .*log_checkpoint_unknown/,
    );
    await screenshot(page, 'swarm-receipt-log-forked-anchor');
    // The log says the receipt's entry is beyond the latest checkpoint: not covered yet, so the
    // line is "not checked" with why, never passed (and never a failure it cannot show).
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    await page.route(`**/api/log/receipts/${publishedSessionId}`, async (route) => {
      const response = await route.fetch();
      const json = (await response.json()) as { index: number };
      json.index = Number.MAX_SAFE_INTEGER;
      await route.fulfill({ response, body: JSON.stringify(json) });
    });
    shown = await open();
    expect(shown.find((l) => l.includes('the receipt itself is in the log'))).toMatch(
      /^not-checked .*does not cover its entry yet/,
    );
    // Consistency is proved against the checkpoint that covers the receipt: not run either.
    expect(shown.find((l) => l.includes('its checkpoint is consistent with the latest'))).toMatch(
      /^not-checked .*does not cover its entry yet/,
    );
    expect(
      await page.locator('[data-testid="receipt-log"] [data-testid="log-tally"]').textContent(),
    ).toMatch(/2 not checked/);
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    await watched.close();
  }, 120_000);
});
