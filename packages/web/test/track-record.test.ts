import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser } from 'playwright-core';
import { count, countOf, num, pct, pctChange } from '../src/lib/format.js';
import { chartAxisProblems, horizontalOverflow, seriousAxeViolations } from './support/audit.js';
import { launchBrowser, openPage } from './support/browser.js';
import { startServer, type RunningServer } from './support/server.js';
import { visit } from './support/visit.js';

/*
 * The track-record pages (issue 30) on the demo: the leaderboard with its small-sample caveat, a
 * member's track record with its calibration chart, a session's outcome panel and a subject's
 * record, at phone and desktop size, axe clean, every figure shown equal to what the API serves.
 */
let server: RunningServer;
let browser: Browser;

async function api<T>(path: string): Promise<T> {
  const response = await fetch(`${server.baseUrl}${path}`);
  expect(response.status, path).toBe(200);
  return (await response.json()) as T;
}

interface Board {
  horizonDays: number;
  minScoredTakes: number;
  swarm: {
    sessions: number;
    meanBrier: number | null;
    meanExcess: number | null;
    excessSessions: number;
    positiveExcessShare: number | null;
  };
  sessions: Array<{ sessionId: string; subjectId: string }>;
  leaderboard: Array<{
    memberId: string;
    handle: string;
    rank: number | null;
    scoredTakes: number;
    rankingBrier: number | null;
  }>;
}

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(560_000), launchBrowser()]);
}, 600_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const SIZES = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1440, height: 900 },
] as const;

describe('track-record pages', () => {
  for (const size of SIZES) {
    test(`leaderboard, member, session and subject agree with the API (${size.name})`, async () => {
      const watched = await openPage(browser, size);
      const { page } = watched;
      const audit = async (where: string) => {
        expect(await seriousAxeViolations(page), `axe on ${where}`).toEqual([]);
        expect(await horizontalOverflow(page), `sideways scroll on ${where}`).toBe(0);
        expect(await chartAxisProblems(page), `chart axes on ${where}`).toEqual([]);
      };

      const board = await api<Board>('/api/swarm/track-record?limit=50');
      expect(board.swarm.sessions).toBeGreaterThan(0);
      await visit(
        watched,
        server.baseUrl,
        '/swarm/track-record',
        '[data-testid="leaderboard-table"]',
        `track-record-${size.name}`,
      );
      expect(await page.getByTestId('swarm-sessions').textContent()).toBe(
        count(board.swarm.sessions),
      );
      expect(await page.getByTestId('swarm-brier').textContent()).toBe(
        num(board.swarm.meanBrier, 3),
      );
      expect(await page.getByTestId('swarm-excess').textContent()).toBe(
        pctChange(board.swarm.meanExcess, 3),
      );
      // A share says what it is of (issue 46): "58 % of 115 sessions with a reference return".
      expect(await page.getByTestId('swarm-beating').textContent()).toBe(
        `${pct(board.swarm.positiveExcessShare, 0)} of ${countOf(board.swarm.excessSessions, 'session')} with a reference return`,
      );
      expect(await page.getByTestId('participation-caveat').textContent()).toContain(
        'the ranking Brier scores every absence 0.25',
      );
      expect(await page.getByTestId('small-sample-caveat').textContent()).toContain(
        `at least ${board.minScoredTakes} scored takes`,
      );
      const handles = await page
        .locator('[data-testid="leaderboard-table"] tbody tr td:nth-child(2)')
        .allTextContents();
      expect(handles).toEqual(board.leaderboard.map((m) => `@${m.handle}`));
      await audit('/swarm/track-record');

      // The server sorts: the contribution header's link (hidden with the header in the phone's
      // card layout, where it is followed by address) reorders as the API does.
      const sortLink = await page
        .locator('[data-testid="leaderboard-table"] th a', { hasText: 'Contribution' })
        .first()
        .getAttribute('href');
      expect(sortLink).toMatch(/sort=stanceContribution/);
      await page.goto(`${server.baseUrl}${sortLink}`, { waitUntil: 'domcontentloaded' });
      const sorted = await api<Board>(
        `/api/swarm/track-record?horizon=${board.horizonDays}&sort=stanceContribution&limit=50`,
      );
      await page.waitForFunction(
        (first) =>
          document.querySelector('[data-testid="leaderboard-table"] tbody tr td:nth-child(2)')
            ?.textContent === first,
        `@${sorted.leaderboard[0]!.handle}`,
      );

      const ranked = board.leaderboard.find((m) => m.rank !== null)!;
      const record = await api<{
        horizons: Array<{
          horizonDays: number;
          record: { scoredTakes: number; rankingBrier: number } | null;
        }>;
      }>(`/api/swarm/members/${ranked.memberId}/track-record`);
      const seven = record.horizons.find((h) => h.horizonDays === board.horizonDays)!.record!;
      await visit(
        watched,
        server.baseUrl,
        `/swarm/members/${ranked.memberId}`,
        `[data-testid="calibration-${board.horizonDays}"]`,
        `member-track-record-${size.name}`,
      );
      const section = page.getByTestId(`member-stats-${board.horizonDays}`);
      expect(await section.getByTestId('scored-takes').textContent()).toBe(
        count(seven.scoredTakes),
      );
      expect(await section.getByTestId('ranking-brier').textContent()).toBe(
        num(seven.rankingBrier, 3),
      );
      await audit('a member page');

      const sessionId = board.sessions.at(-1)!.sessionId;
      const outcome = await api<{
        outcomes: Array<{
          horizonDays: number;
          record: { subjectReturn: number | null; consensus: { return: number | null } };
        }>;
      }>(`/api/swarm/sessions/${sessionId}/outcome`);
      const first = outcome.outcomes[0]!;
      await visit(
        watched,
        server.baseUrl,
        `/swarm/sessions/${sessionId}`,
        `[data-testid="outcome-${first.horizonDays}"]`,
        `session-outcome-${size.name}`,
      );
      expect(await page.getByTestId(`outcome-subject-${first.horizonDays}`).textContent()).toBe(
        pctChange(first.record.subjectReturn, 2),
      );
      expect(await page.getByTestId(`outcome-consensus-${first.horizonDays}`).textContent()).toBe(
        pctChange(first.record.consensus.return, 2),
      );
      await audit('a session page');

      const subject = board.sessions.at(-1)!.subjectId;
      const ofSubject = await api<Board>(`/api/swarm/track-record?subject=${subject}&limit=1`);
      await visit(
        watched,
        server.baseUrl,
        `/swarm/subjects/${subject}`,
        '[data-testid="subject-swarm-record"] .stats',
        `subject-record-${size.name}`,
      );
      expect(
        await page.getByTestId('subject-swarm-record').getByTestId('swarm-sessions').textContent(),
      ).toBe(count(ofSubject.swarm.sessions));
      await audit('a subject page');
      await page.close();
    }, 180_000);
  }
});
