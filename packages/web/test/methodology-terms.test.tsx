import { readFileSync } from 'node:fs';
import { render } from 'preact-render-to-string';
import { expect, test } from 'vitest';
import type { LeaderboardRow } from '../src/api/types/track-record.js';
import { MethodologyPage, TRACK_RECORD_TERMS } from '../src/pages/methodology-page.js';
import { LeaderboardBoard } from '../src/pages/swarm/leaderboard-page.js';
import { MemberStats } from '../src/pages/swarm/track-record-parts.js';

/**
 * Issue 46: the track-record pages use docs/methodology.md's terms, and /methodology defines each
 * one they show, so a reader never meets a column the methodology does not name.
 */
const doc = readFileSync(new URL('../../../docs/methodology.md', import.meta.url), 'utf8');
const words = (html: string) =>
  html
    .replace(/<[^>]+>/g, '')
    .replace(/&nbsp;|\u00a0/g, ' ')
    .replace(/&#39;|’/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
const all = (html: string, pattern: RegExp) => [...html.matchAll(pattern)].map((m) => words(m[1]!));

const swarm = {
  horizonDays: 7,
  sessions: 3,
  meanBrier: 0.2,
  excessSessions: 2,
  meanExcess: 0.001,
  positiveExcessShare: 0.5,
  sumExcess: 0.002,
};
const member = {
  memberId: '6f1e3a52-8d0c-4b7e-9a43-2c5d1e0f7b18',
  handle: 'athena',
  horizonDays: 7,
  scoredTakes: 2,
  rosterSessions: 3,
  participation: 2 / 3,
  rankingBrier: 0.2,
  meanBrier: 0.175,
  meanLog: -0.5,
  weightTakes: 2,
  meanReturn: 0.01,
  meanExcessVsReference: 0.001,
  meanExcessVsConsensus: 0,
  meanWeightContribution: 0.0001,
  meanStanceContribution: 0.01,
  calibration: [],
  eligible: true,
  rank: 1,
  status: 'ranked',
} as unknown as LeaderboardRow;

test('every term the track-record pages show is docs/methodology.md’s and defined on /methodology', () => {
  const board = render(
    <LeaderboardBoard
      data={{
        horizonDays: 7,
        horizons: [7, 30],
        subject: null,
        sort: 'rank',
        minScoredTakes: 10,
        swarm,
        sessions: [],
        leaderboard: [member],
        total: 1,
        nextCursor: null,
      }}
    />,
  );
  // A header's sort arrow and its glossary link (“?”) are not part of its name.
  const columns = all(board, /<th[^>]*>([\s\S]*?)<\/th>/g)
    .map((c) => c.replace(/( [↑↓?])+$/, ''))
    .filter((c) => c !== 'Member');
  const stats = [
    ...all(board, /<div class="stat-label">([\s\S]*?)<\/div>/g),
    ...all(
      render(<MemberStats record={member as never} />),
      /<div class="stat-label">([\s\S]*?)<\/div>/g,
    ),
  ];
  expect(columns).toHaveLength(9);
  expect(stats).toHaveLength(12);

  const page = render(<MethodologyPage />);
  const from = page.indexOf('data-testid="track-record-terms"');
  const terms = page.slice(from, page.indexOf('</dl>', from));
  const defined = all(terms, /<dt>([\s\S]*?)<\/dt>/g);
  expect(defined).toEqual(TRACK_RECORD_TERMS.map(([term]) => words(term)));
  const undefinedTerms = [...columns, ...stats].filter(
    (label) => !defined.some((term) => label === term || label.startsWith(`${term},`)),
  );
  expect(undefinedTerms).toEqual([]);
  // The doc's §4 and §5 tables give each of them as the page's words.
  const tables = words(doc.slice(doc.indexOf('## 4.'), doc.indexOf('## 6.')));
  expect(defined.filter((term) => !tables.includes(term))).toEqual([]);
});
