import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { JUDGEMENTS_FETCH, TAKES_FETCH } from '../src/pages/swarm/member-paging.js';
import { launchBrowser, openPage, screenshot } from './support/browser.js';
import { startServer, type RunningServer } from './support/server.js';
import { visit } from './support/visit.js';

let server: RunningServer;
let browser: Browser;

interface MemberShape {
  id: string;
  handle: string;
  role: string;
}
interface TakeShape {
  id: string;
  subjectId: string;
  sessionId: string;
}
interface JudgementShape {
  id: string;
  sessionId: string;
}

async function apiJson<T>(path: string): Promise<T> {
  const response = await fetch(`${server.baseUrl}${path}`);
  expect(response.status, path).toBe(200);
  return (await response.json()) as T;
}

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(560_000), launchBrowser()]);
  console.info(
    `member page test server ready in ${server.startupMs} ms (demo data seeded or copied)`,
  );
}, 600_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Clicks the pager's "older →" until it is the last page, waiting for each page's rows. */
async function clickToLastPage(page: Page, pager: string, first: () => Promise<string>) {
  for (;;) {
    const older = page.locator(`${pager} a`, { hasText: 'older →' });
    if ((await older.count()) === 0) return;
    const before = await first();
    const shown = await page.locator(pager).textContent();
    await older.click();
    await page.waitForFunction(
      ([selector, text]) => document.querySelector(selector!)?.textContent !== text,
      [pager, shown],
    );
    expect(await first()).not.toBe(before);
  }
}

describe('a member page reaches every take and judgement', () => {
  for (const size of [
    { name: 'phone', width: 390, height: 844 },
    { name: 'desktop', width: 1440, height: 900 },
  ]) {
    test(`takes: every page through the server's cursor, oldest last (${size.name})`, async () => {
      const { members } = await apiJson<{ members: MemberShape[] }>('/api/swarm/members');
      // Without `limit` the route answers every take: the reference the page is checked against.
      let chosen: { member: MemberShape; takes: TakeShape[] } | undefined;
      for (const member of members) {
        const { takes } = await apiJson<{ takes: TakeShape[] }>(
          `/api/swarm/members/${member.id}/takes`,
        );
        if (
          takes.length > TAKES_FETCH &&
          (chosen === undefined || takes.length > chosen.takes.length)
        )
          chosen = { member, takes };
      }
      // More takes than one request of the page (so its cursor is followed) and than one page shown.
      expect(chosen, `a demo member with more than ${TAKES_FETCH} takes`).toBeDefined();
      const { member, takes } = chosen!;
      const watched = await openPage(browser, size);
      const page = await visit(
        watched,
        server.baseUrl,
        `/swarm/members/${member.handle}`,
        '[data-testid="member-takes"] tbody tr',
        `member-takes-${size.name}`,
      );
      expect(await page.locator('[data-testid="member-takes-count"]').textContent()).toBe(
        `takes 1–50 of ${takes.length.toLocaleString('en-US')}`,
      );
      const receipts = '[data-testid="member-takes"] a[href^="/swarm/takes/"]';
      const firstReceipt = async () => (await page.locator(receipts).first().getAttribute('href'))!;
      expect(await firstReceipt()).toBe(`/swarm/takes/${takes[0]!.id}`);
      await clickToLastPage(page, '[data-testid="member-takes-pager"]', firstReceipt);
      const pages = Math.ceil(takes.length / 50);
      expect(await page.locator('[data-testid="member-takes-pager"]').textContent()).toContain(
        `page ${pages} of ${pages}`,
      );
      // The oldest take shown is the API's oldest.
      expect(await page.locator(receipts).last().getAttribute('href')).toBe(
        `/swarm/takes/${takes.at(-1)!.id}`,
      );
      expect(await page.locator(receipts).count()).toBe(takes.length - (pages - 1) * 50);
      await screenshot(page, `member-takes-last-${size.name}`);

      // The subject filter is the server's: the page asks the API for that subject's takes, and
      // shows exactly the API's filtered list (which is every take on the subject).
      const subject = takes.at(-1)!.subjectId;
      const filtered = await apiJson<{ takes: TakeShape[]; subjects: string[] }>(
        `/api/swarm/members/${member.id}/takes?subject=${encodeURIComponent(subject)}`,
      );
      expect(filtered.takes.map((t) => t.id)).toEqual(
        takes.filter((t) => t.subjectId === subject).map((t) => t.id),
      );
      expect(filtered.subjects).toEqual([...new Set(takes.map((t) => t.subjectId))].sort());
      // The subjects read by name (their ids are the links' data-subject).
      const { subjects } = await apiJson<{ subjects: Array<{ id: string; name: string }> }>(
        '/api/swarm/subjects',
      );
      const nameOf = (id: string) => subjects.find((s) => s.id === id)?.name ?? id;
      await page.waitForFunction(
        () => document.querySelectorAll('nav[aria-label="Subjects"] .loading').length === 0,
      );
      expect(await page.locator('nav[aria-label="Subjects"] a').allTextContents()).toEqual([
        'all subjects',
        ...filtered.subjects.map(nameOf),
      ]);
      const asked = page.waitForRequest(
        (request) =>
          request.url().includes(`/api/swarm/members/`) &&
          new URL(request.url()).searchParams.get('subject') === subject,
      );
      await page.click(`nav[aria-label="Subjects"] a[data-subject="${subject}"]`);
      await asked;
      await page.waitForFunction(
        (text) =>
          document.querySelector('[data-testid="member-takes-count"]')?.textContent?.endsWith(text),
        ` of ${filtered.takes.length.toLocaleString('en-US')}`,
      );
      expect(page.url()).toContain(`subject=${subject}`);
      expect(await firstReceipt()).toBe(`/swarm/takes/${filtered.takes[0]!.id}`);
      await clickToLastPage(page, '[data-testid="member-takes-pager"]', firstReceipt);
      const filteredPages = Math.ceil(filtered.takes.length / 50);
      expect(await page.locator(receipts).count()).toBe(
        filtered.takes.length - (filteredPages - 1) * 50,
      );
      expect(await page.locator(receipts).last().getAttribute('href')).toBe(
        `/swarm/takes/${filtered.takes.at(-1)!.id}`,
      );
      expect(watched.errors).toEqual([]);
      await watched.close();
    }, 180_000);
  }

  test('judgements: every one through the cursor, paged, each linking to the session it judged', async () => {
    const { members } = await apiJson<{ members: MemberShape[] }>('/api/swarm/members');
    const judge = members.find((m) => m.role === 'judge');
    expect(judge, 'the demo judge').toBeDefined();
    // Every public judgement, through the API's cursor: more than one request of the page's.
    const judgements: JudgementShape[] = [];
    let cursor: string | null = null;
    do {
      const after = cursor === null ? '' : `&cursor=${encodeURIComponent(cursor)}`;
      const body: { judgements: JudgementShape[]; nextCursor: string | null } = await apiJson(
        `/api/swarm/members/${judge!.id}/judgements?limit=${JUDGEMENTS_FETCH}${after}`,
      );
      judgements.push(...body.judgements);
      cursor = body.nextCursor;
    } while (cursor !== null);
    expect(judgements.length, `the demo judge has more than ${JUDGEMENTS_FETCH}`).toBeGreaterThan(
      JUDGEMENTS_FETCH,
    );
    const watched = await openPage(browser, { width: 1440, height: 900 });
    const page = await visit(
      watched,
      server.baseUrl,
      `/swarm/members/${judge!.handle}`,
      '[data-testid="member-judgements"] .take',
      'member-judgements',
    );
    expect(await page.locator('[data-testid="member-judgements-count"]').textContent()).toBe(
      `judgements 1–20 of ${judgements.length.toLocaleString('en-US')}`,
    );
    const sessions = '[data-testid="member-judgements"] a[href^="/swarm/sessions/"]';
    const firstSession = async () => (await page.locator(sessions).first().getAttribute('href'))!;
    expect(await firstSession()).toBe(`/swarm/sessions/${judgements[0]!.sessionId}`);
    await clickToLastPage(page, '[data-testid="member-judgements-pager"]', firstSession);
    const pages = Math.ceil(judgements.length / 20);
    expect(await page.locator(sessions).count()).toBe(judgements.length - (pages - 1) * 20);
    // The oldest judgement shown links to the session the API says it judged, and the link opens it.
    const oldest = judgements.at(-1)!;
    expect(await page.locator(sessions).last().getAttribute('href')).toBe(
      `/swarm/sessions/${oldest.sessionId}`,
    );
    const session = await apiJson<{ date: string; subjectId: string }>(
      `/api/swarm/sessions/${oldest.sessionId}`,
    );
    await page.locator(sessions).last().click();
    await page.waitForSelector('[data-testid="session-header"]');
    expect(page.url()).toBe(`${server.baseUrl}/swarm/sessions/${oldest.sessionId}`);
    // The date reads as a day ("22 Nov 2026") with the exact one in its <time datetime>.
    expect(
      await page.locator('[data-testid="session-header"] h2 time').getAttribute('datetime'),
    ).toBe(session.date);
    // The subject reads by its name, linked to its page (the id is in the link, not the text).
    const subject = await apiJson<{ name: string }>(`/api/swarm/subjects/${session.subjectId}`);
    const subjectLink = page.locator(
      `[data-testid="session-header"] h2 a[href="/swarm/subjects/${session.subjectId}"]`,
    );
    await expect.poll(() => subjectLink.textContent()).toBe(subject.name);
    // The session's own judgements list carries the one the member page linked from.
    const own = await apiJson<{ judgements: JudgementShape[] }>(
      `/api/swarm/sessions/${oldest.sessionId}/judgements`,
    );
    expect(own.judgements.map((j) => j.id)).toContain(oldest.id);
    await screenshot(page, 'member-judgement-session');
    expect(watched.errors).toEqual([]);
    await watched.close();
  }, 120_000);
});
