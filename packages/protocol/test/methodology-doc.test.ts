// docs/methodology.md against the code: every served figure is defined there, and every choice whose
// order matters (which missing reason wins, how each sort orders) is stated in the code's order, so
// a recomputation written from the page alone need not guess (issue 46).
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import {
  LABEL_MISSING,
  labelOutcome,
  LEADERBOARD_SORTS,
  NO_OUTCOME_REASONS,
  OUTCOME_GRACE_DAYS,
  OUTCOME_STALE_DAYS,
  type CalibrationBin,
  type MemberRecord,
  type SessionScore,
  type SwarmRecord,
} from '../src/index.js';

const doc = readFileSync(new URL('../../../docs/methodology.md', import.meta.url), 'utf8');
const section = (n: number) => doc.slice(doc.indexOf(`## ${n}.`), doc.indexOf(`## ${n + 1}.`));

/** Where each backticked code first appears in `text`, in order; -1 when absent. */
const positions = (text: string, codes: readonly string[]) =>
  codes.map((code) => text.indexOf(`\`${code}\``));

// Records listing every field: the compiler fails when a field is added to the type and not here.
const memberFields: Record<keyof MemberRecord, true> = {
  memberId: true,
  horizonDays: true,
  scoredTakes: true,
  rosterSessions: true,
  participation: true,
  rankingBrier: true,
  meanBrier: true,
  meanLog: true,
  weightTakes: true,
  meanReturn: true,
  meanExcessVsReference: true,
  meanExcessVsConsensus: true,
  meanWeightContribution: true,
  meanStanceContribution: true,
  calibration: true,
  eligible: true,
  rank: true,
};
const binFields: Record<keyof CalibrationBin, true> = {
  from: true,
  to: true,
  count: true,
  meanProbability: true,
  observedFrequency: true,
};
const swarmFields: Record<keyof SwarmRecord, true> = {
  horizonDays: true,
  sessions: true,
  meanBrier: true,
  excessSessions: true,
  meanExcess: true,
  positiveExcessShare: true,
  sumExcess: true,
};
const sessionFields: Record<keyof SessionScore, true> = {
  sessionId: true,
  sessionDate: true,
  subjectId: true,
  horizonDays: true,
  counted: true,
  probability: true,
  occurred: true,
  brier: true,
  consensusReturn: true,
  referenceReturn: true,
  excess: true,
};

describe('docs/methodology.md states what the code does', () => {
  test('every served member, calibration and swarm figure is defined in §4 and §5', () => {
    const undefinedIn = (text: string, fields: object) =>
      Object.keys(fields).filter(
        (f) =>
          !['memberId', 'horizonDays', 'sessionId', 'sessionDate', 'subjectId'].includes(f) &&
          !text.includes(`\`${f}\``),
      );
    expect(undefinedIn(section(4), memberFields)).toEqual([]);
    expect(undefinedIn(section(4), binFields)).toEqual([]);
    expect(undefinedIn(section(5), swarmFields)).toEqual([]);
    expect(undefinedIn(section(5), sessionFields)).toEqual([]);
  });

  test('the missing-value reasons are listed in the order that decides which one wins', () => {
    const labels = positions(section(2), LABEL_MISSING);
    expect(labels.every((p) => p >= 0)).toBe(true);
    expect([...labels].sort((a, b) => a - b)).toEqual(labels);
    expect(section(2)).toContain("the reason is the first of them in this table's order");
    const outcomes = positions(section(2), NO_OUTCOME_REASONS);
    expect(outcomes.every((p) => p >= 0)).toBe(true);
    expect([...outcomes].sort((a, b) => a - b)).toEqual(outcomes);
    expect(section(2)).toContain('When several apply, the first in that order is the reason.');
  });

  test('the precedence §2 states is the code’s: the first reason that applies wins', () => {
    const series = (points: Array<[string, number]>) => ({
      source: 'regime:X',
      points: points.map(([date, value]) => ({ date, value })),
    });
    const reason = (points: Array<[string, number]>) =>
      labelOutcome('x', series(points), '2026-03-03', '2026-03-05').missing;
    // Neither a start nor an end value: no_start_value, as the doc's example says.
    expect(reason([])).toBe('no_start_value');
    // The end's value is the start's own observation, and it is not positive: no_new_observation.
    expect(reason([['2026-03-02', 0]])).toBe('no_new_observation');
    expect(
      reason([
        ['2026-03-02', 0],
        ['2026-03-04', 1],
      ]),
    ).toBe('non_positive_start');
    expect(
      reason([
        ['2026-03-02', 1],
        ['2026-03-04', 2],
      ]),
    ).toBeNull();
    expect(labelOutcome('x', undefined, '2026-03-03', '2026-03-10').missing).toBe('no_series');
  });

  test('every leaderboard sort is described, in the order the API lists them', () => {
    const table = section(4).slice(section(4).indexOf('| `sort` |'));
    const rows = positions(table, LEADERBOARD_SORTS);
    expect(rows.every((p) => p >= 0)).toBe(true);
    expect([...rows].sort((a, b) => a - b)).toEqual(rows);
  });

  test('the grace and the staleness limit are the code’s', () => {
    expect(section(2)).toContain(`the start of the date \`t1\` + ${OUTCOME_GRACE_DAYS} days`);
    expect(section(2)).toContain(`no more than ${OUTCOME_STALE_DAYS}\ndays before it`);
  });
});
