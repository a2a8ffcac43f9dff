import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  buildOutcomeRecord,
  LOG_ENTRY_KIND,
  outcomeLogEntry,
  outcomeRecordProblems,
  parseLogEntry,
  scoreSession,
  sortLeaderboard,
  STANCE_SCORES,
  STANCES,
  trackRecords,
  TrackRecordFold,
  verifyLogEntry,
  type CountedTake,
  aggregate,
  type OutcomeRecord,
  type ScoringSession,
  type SeriesPoint,
  type Stance,
} from '@convene/protocol';

const series = (source: string, points: Array<[string, number]>) => ({
  source,
  points: points.map(([date, value]): SeriesPoint => ({ date, value })),
});

/** docs/methodology.md §9, as written there. */
function workedExample(): ScoringSession {
  const vault = series('own-vault', [
    ['2026-03-03', 1.0],
    ['2026-03-10', 1.001],
  ]);
  const record = buildOutcomeRecord({
    sessionId: 'session-1',
    subjectId: 'convene-treasury',
    sessionDate: '2026-03-02',
    receiptDigest: 'ab'.repeat(32),
    horizonDays: 7,
    startDate: '2026-03-03',
    series: new Map([
      ['aave', vault],
      ['morpho', vault],
      [
        'service_token',
        series('regime:ETH', [
          ['2026-03-01', 1990],
          ['2026-03-03', 2000],
          ['2026-03-10', 2200],
        ]),
      ],
    ]),
    holdings: [
      { bucket: 'service_token', valueUsd: 30_000 },
      { bucket: 'aave', valueUsd: 10_000 },
      { bucket: null, valueUsd: 5_000 },
      { bucket: 'morpho', valueUsd: 10_000 },
    ],
    reference: [
      { bucket: 'aave', weight: 0.475 },
      { bucket: 'morpho', weight: 0.475 },
      { bucket: 'service_token', weight: 0.05 },
    ],
    consensus: [
      { bucket: 'aave', weight: 2.3 / 3 },
      { bucket: 'service_token', weight: 0.2 / 3 },
      { bucket: 'zyfai', weight: 0.5 / 3 },
    ],
    takeWeights: [],
    computedAt: new Date('2026-03-12T00:10:00Z'),
  });
  const takes: CountedTake[] = [
    {
      memberId: 'a',
      takeId: 'take-a',
      revision: 2,
      stance: 'bullish',
      confidence: 0.8,
      weights: [
        { bucket: 'service_token', weight: 0.2 },
        { bucket: 'aave', weight: 0.8 },
      ],
    },
    {
      memberId: 'b',
      takeId: 'take-b',
      revision: 1,
      stance: 'cautious',
      confidence: 0.6,
      weights: [{ bucket: 'aave', weight: 1 }],
    },
    {
      memberId: 'c',
      takeId: 'take-c',
      revision: 1,
      stance: 'neutral',
      confidence: 0.5,
      weights: [
        { bucket: 'aave', weight: 0.5 },
        { bucket: 'zyfai', weight: 0.5 },
      ],
    },
  ];
  return { record, takes, roster: ['a', 'b', 'c'] };
}

describe('the worked example of docs/methodology.md §9', () => {
  const session = workedExample();
  const { record } = session;

  it('values each label, the subject, the event and both allocations', () => {
    const byLabel = new Map(record.labels.map((l) => [l.label, l]));
    expect(record.labels.map((l) => l.label)).toEqual(['aave', 'morpho', 'service_token', 'zyfai']);
    expect(byLabel.get('aave')!.return).toBeCloseTo(0.001, 15);
    expect(byLabel.get('service_token')!.return).toBeCloseTo(0.1, 15);
    expect(byLabel.get('service_token')!.start).toEqual({ date: '2026-03-03', value: 2000 });
    expect(byLabel.get('zyfai')).toMatchObject({ return: null, missing: 'no_series' });
    expect(record.holdings).toEqual([
      { bucket: 'aave', valueUsd: 10_000 },
      { bucket: 'morpho', valueUsd: 10_000 },
      { bucket: 'service_token', valueUsd: 30_000 },
    ]);
    expect(record.status).toBe('scored');
    expect(record.subjectReturn).toBeCloseTo(0.0604, 12);
    expect(record.event.occurred).toBe(true);
    expect(record.reference!.return).toBeCloseTo(0.00595, 12);
    expect(record.consensus.return).toBeCloseTo(0.00892, 12);
    expect(record.endDate).toBe('2026-03-10');
    expect(outcomeRecordProblems(record)).toEqual([]);
  });

  it('scores each take and the swarm as the tables say', () => {
    const scored = scoreSession(session)!;
    const rows = scored.takes.map((t) => [
      t.memberId,
      t.probability,
      t.brier,
      t.log,
      t.weightReturn,
      t.excessVsReference,
      t.excessVsConsensus,
      t.weightContribution,
      t.stanceContribution,
    ]);
    const expected = [
      ['a', 0.892, 0.011664, -0.114289, 0.0208, 0.01485, 0.01188, 0.00792, 0.153899],
      ['b', 0.353, 0.418609, -1.041287, 0.001, -0.00495, -0.00792, -0.00528, -0.082587],
      ['c', 0.5, 0.25, -0.693147, 0.001, -0.00495, -0.00792, -0.00198, -0.032497],
    ];
    rows.forEach((row, i) => {
      expect(row[0]).toBe(expected[i]![0]);
      row
        .slice(1)
        .forEach((value, j) => expect(value).toBeCloseTo(expected[i]![j + 1] as number, 6));
    });
    expect(scored.session.probability).toBeCloseTo(0.581667, 6);
    expect(scored.session.brier).toBeCloseTo(0.175003, 6);
    expect(scored.session.excess).toBeCloseTo(0.00297, 12);
  });
});

describe('outcomes: missing data is no outcome, never a guess', () => {
  const base = {
    sessionId: 's',
    subjectId: 'x',
    sessionDate: '2026-01-01',
    receiptDigest: '00'.repeat(32),
    horizonDays: 7,
    startDate: '2026-01-02',
    reference: null,
    consensus: [],
    takeWeights: [],
    computedAt: new Date('2026-01-20T00:00:00Z'),
  };
  const btc = (points: Array<[string, number]>) => new Map([['btc', series('regime:BTC', points)]]);
  const holdings = [{ bucket: 'btc', valueUsd: 100 }];

  it.each([
    [
      'no_snapshot',
      null,
      btc([
        ['2026-01-02', 1],
        ['2026-01-09', 2],
      ]),
      null,
    ],
    ['no_holdings', [{ bucket: null, valueUsd: 5 }], btc([]), null],
    ['unvalued_holding', holdings, btc([['2026-01-02', 1]]), 'no_end_value'],
    [
      'unvalued_holding',
      holdings,
      btc([
        ['2025-12-20', 1],
        ['2026-01-09', 2],
      ]),
      'no_start_value',
    ],
    [
      'unvalued_holding',
      holdings,
      btc([
        ['2026-01-02', 0],
        ['2026-01-09', 2],
      ]),
      'non_positive_start',
    ],
    ['unvalued_holding', holdings, new Map(), 'no_series'],
  ] as const)('%s', (reason, held, map, missing) => {
    const record = buildOutcomeRecord({ ...base, holdings: held, series: map });
    expect(record).toMatchObject({ status: 'no_outcome', reason, subjectReturn: null });
    expect(record.event.occurred).toBeNull();
    if (missing !== null) expect(record.labels[0]!.missing).toBe(missing);
    expect(outcomeRecordProblems(record)).toEqual([]);
    expect(scoreSession({ record, takes: [], roster: [] })).toBeNull();
  });

  it('a stopped series has no return: the end must be a newer observation', () => {
    const record = buildOutcomeRecord({
      ...base,
      holdings,
      series: btc([['2026-01-02', 1]]).set('btc', series('regime:BTC', [['2026-01-07', 1]])),
    });
    expect(record.labels[0]!.missing).toBe('no_start_value');
    const stopped = buildOutcomeRecord({
      ...base,
      startDate: '2026-01-08',
      horizonDays: 1,
      holdings,
      series: btc([['2026-01-07', 1]]),
    });
    expect(stopped.labels[0]!.missing).toBe('no_new_observation');
  });

  it('the checker catches a changed number', () => {
    const record = workedExample().record;
    const tampered: OutcomeRecord = { ...record, subjectReturn: 0.07 };
    expect(outcomeRecordProblems(tampered)).toContain('subjectReturn does not recompute');
    const label = { ...record.labels[0]!, return: 0.5 };
    expect(
      outcomeRecordProblems({ ...record, labels: [label, ...record.labels.slice(1)] }),
    ).toEqual(expect.arrayContaining([expect.stringContaining('label aave')]));
  });
});

describe('the outcome log entry', () => {
  it('binds the record by its digest and re-verifies its arithmetic', async () => {
    const { record } = workedExample();
    const entry = outcomeLogEntry(record);
    const parsed = parseLogEntry(entry);
    expect(parsed.ok && parsed.entry.kind).toBe(LOG_ENTRY_KIND.outcome);
    expect(await verifyLogEntry(entry)).toEqual({
      ok: true,
      kind: LOG_ENTRY_KIND.outcome,
      problems: [],
    });
    const changed = JSON.parse(entry) as { record: string };
    changed.record = changed.record.replace('"subjectReturn":0.0604', '"subjectReturn":0.0605');
    const check = await verifyLogEntry(JSON.stringify(changed));
    expect(check.ok).toBe(false);
    expect(check.problems).toContain('digest is not the SHA-256 of record');
  });
});

// Property tests over random sessions: outcomes are random returns, takes random stances.
const memberIds = ['m0', 'm1', 'm2', 'm3', 'm4', 'm5'];
interface Generated {
  rise: number;
  tokenReturn: number;
  takes: Array<{ memberId: string; stance: Stance; confidence: number; token: number }>;
}
const sessionArb: fc.Arbitrary<Generated> = fc.record({
  rise: fc.double({ min: -0.5, max: 0.5, noNaN: true }),
  tokenReturn: fc.double({ min: -0.5, max: 0.5, noNaN: true }),
  takes: fc.uniqueArray(
    fc.record({
      memberId: fc.constantFrom(...memberIds),
      stance: fc.constantFrom(...STANCES),
      confidence: fc.double({ min: 0, max: 1, noNaN: true }),
      token: fc.double({ min: 0, max: 1, noNaN: true }),
    }),
    { selector: (t) => t.memberId, minLength: 2, maxLength: 6 },
  ),
});

const addWeek = (day: string) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + 7 * 86_400_000).toISOString().slice(0, 10);

/** A session whose record is built from `takes` (the consensus is their aggregate's weights). */
interface Built extends ScoringSession {
  rebuild(takes: CountedTake[]): Built;
}

function randomSession(i: number, g: Generated): Built {
  // The subject is one bucket whose series moves by `rise`; a second, `token`, by tokenReturn.
  const day = `2026-01-${String(1 + (i % 28)).padStart(2, '0')}`;
  const build = (takes: CountedTake[]): Built => {
    const consensus = aggregate({
      submissions: takes,
      roster: takes.map((t) => t.memberId),
    }).weights;
    const record = buildOutcomeRecord({
      sessionId: `session-${String(i).padStart(3, '0')}`,
      subjectId: 'x',
      sessionDate: day,
      receiptDigest: '00'.repeat(32),
      horizonDays: 7,
      startDate: day,
      series: new Map([
        [
          'subject',
          series('a', [
            [day, 100],
            [addWeek(day), 100 * (1 + g.rise)],
          ]),
        ],
        [
          'token',
          series('b', [
            [day, 10],
            [addWeek(day), 10 * (1 + g.tokenReturn)],
          ]),
        ],
      ]),
      holdings: [{ bucket: 'subject', valueUsd: 1 }],
      reference: [{ bucket: 'subject', weight: 1 }],
      consensus,
      takeWeights: takes.flatMap((t) => (t.weights === undefined ? [] : [t.weights])),
      computedAt: new Date('2026-03-01T00:00:00Z'),
    });
    return { record, takes, roster: memberIds, rebuild: build };
  };
  return build(
    g.takes.map((t) => ({
      memberId: t.memberId,
      takeId: `${i}-${t.memberId}`,
      revision: 1,
      stance: t.stance,
      confidence: t.confidence,
      weights: [
        { bucket: 'subject', weight: 1 - t.token + 0.01 },
        { bucket: 'token', weight: t.token + 0.01 },
      ],
    })),
  );
}

/** The session with member `id`'s take replaced by `make(occurred, others)`, its record rebuilt. */
function withTake(
  session: Built,
  id: string,
  make: (
    occurred: boolean,
    others: readonly CountedTake[],
  ) => Omit<CountedTake, 'memberId' | 'takeId' | 'revision'>,
): Built {
  const others = session.takes.filter((t) => t.memberId !== id);
  const take = { memberId: id, takeId: `${session.record.sessionId}-${id}`, revision: 1 };
  const rebuilt = session.rebuild([
    ...others,
    { ...take, ...make(session.record.event.occurred!, others) },
  ]);
  return { ...rebuilt, roster: session.roster };
}

const sessionsArb = fc.array(sessionArb, { minLength: 1, maxLength: 12 });
const scoredSessions = (list: readonly Generated[]): Built[] =>
  list.map((g, i) => randomSession(i, g)).filter((s) => s.record.status === 'scored');

describe('scoring properties', () => {
  it('a perfect forecaster has the best Brier and log scores of anyone', () => {
    fc.assert(
      fc.property(sessionsArb, (list) => {
        const sessions = scoredSessions(list).map((s) =>
          withTake(s, 'perfect', (occurred) => ({
            stance: occurred ? 'bullish' : 'bearish',
            confidence: 1,
          })),
        );
        const { members } = trackRecords(sessions, { horizonDays: 7, minScoredTakes: 1 });
        const perfect = members.find((m) => m.memberId === 'perfect')!;
        for (const m of members) {
          if (m.scoredTakes === 0) continue;
          expect(perfect.meanBrier!).toBeLessThanOrEqual(m.meanBrier! + 1e-12);
          expect(perfect.meanLog!).toBeGreaterThanOrEqual(m.meanLog! - 1e-12);
        }
        expect(perfect.meanBrier).toBeCloseTo(0.0001, 12);
        expect(perfect.rank).toBe(1);
      }),
    );
  });

  it('a constant neutral forecaster scores 0.25 and ln 0.5, as documented', () => {
    fc.assert(
      fc.property(sessionsArb, fc.double({ min: 0, max: 1, noNaN: true }), (list, confidence) => {
        const sessions = scoredSessions(list).map((s) =>
          withTake(s, 'constant', () => ({ stance: 'neutral', confidence })),
        );
        const { members } = trackRecords(sessions, { horizonDays: 7 });
        const constant = members.find((m) => m.memberId === 'constant')!;
        expect(constant.meanBrier).toBe(0.25);
        expect(constant.meanLog).toBeCloseTo(Math.log(0.5), 15);
        expect(constant.calibration[5]!.count).toBe(sessions.length);
      }),
    );
  });

  it('copying the consensus contributes about nothing (the copying game)', () => {
    fc.assert(
      fc.property(sessionsArb, (list) => {
        const sessions = scoredSessions(list).map((s) =>
          withTake(s, 'copier', (_, others) => {
            // The others' pooled probability, as the stance and confidence that give it, and their
            // mean normalised weights.
            let sum = 0;
            for (const t of others) sum += 0.5 + 0.49 * STANCE_SCORES[t.stance] * t.confidence;
            const p = sum / others.length;
            const stance: Stance = p >= 0.5 ? 'bullish' : 'bearish';
            const shares = new Map<string, number>();
            for (const t of others) {
              const total = t.weights!.reduce((a, w) => a + w.weight, 0);
              for (const w of t.weights!)
                shares.set(w.bucket, (shares.get(w.bucket) ?? 0) + w.weight / total);
            }
            return {
              stance,
              confidence: Math.abs(p - 0.5) / 0.49,
              weights: [...shares].map(([bucket, s]) => ({ bucket, weight: s / others.length })),
            };
          }),
        );
        const { takes } = trackRecords(sessions, { horizonDays: 7 });
        for (const take of takes.filter((t) => t.memberId === 'copier')) {
          expect(Math.abs(take.stanceContribution!)).toBeLessThan(1e-12);
          expect(Math.abs(take.weightContribution!)).toBeLessThan(1e-12);
        }
      }),
    );
  });

  it('skipping sessions never ranks better than filing an honest 50/50 (the skipping game)', () => {
    fc.assert(
      fc.property(
        sessionsArb,
        fc.array(fc.boolean(), { minLength: 12, maxLength: 12 }),
        (list, skip) => {
          const sessions = scoredSessions(list);
          // The skipper files a confident right call where it files and nothing elsewhere; the
          // honest twin files the same calls and neutral where the skipper stayed away.
          const call = (occurred: boolean) => ({
            stance: (occurred ? 'bullish' : 'bearish') as Stance,
            confidence: 1,
          });
          const both = sessions.map((s, i) => {
            const skipper = skip[i] ? s : withTake(s, 'skipper', call);
            const roster = [...memberIds, 'skipper', 'honest'];
            return withTake({ ...skipper, roster }, 'honest', (occurred) =>
              skip[i] ? { stance: 'neutral', confidence: 0 } : call(occurred),
            );
          });
          const { members } = trackRecords(both, { horizonDays: 7, minScoredTakes: 0 });
          const skipper = members.find((m) => m.memberId === 'skipper')!;
          const honest = members.find((m) => m.memberId === 'honest')!;
          expect(skipper.rankingBrier).toBeCloseTo(honest.rankingBrier!, 12);
          expect(skipper.rosterSessions).toBe(honest.rosterSessions);
        },
      ),
    );
  });

  it('records do not depend on the order sessions or takes come in', () => {
    fc.assert(
      fc.property(sessionsArb, fc.integer(), (list, salt) => {
        const sessions = scoredSessions(list);
        const shuffled = [...sessions]
          .map((s, i) => ({
            s: { ...s, takes: [...s.takes].reverse() },
            k: (i * 7919 + salt) % 101,
          }))
          .sort((a, b) => a.k - b.k)
          .map((x) => x.s);
        expect(trackRecords(shuffled, { horizonDays: 7 })).toEqual(
          trackRecords(sessions, { horizonDays: 7 }),
        );
      }),
    );
  });

  it('a fold grown session by session gives exactly the records of one built at once', () => {
    fc.assert(
      fc.property(sessionsArb, fc.nat(), (list, at) => {
        const sessions = scoredSessions(list);
        const split = at % (sessions.length + 1);
        const fold = new TrackRecordFold(7);
        for (const session of sessions.slice(0, split)) fold.add(session);
        const early = fold.result();
        const earlyCopy = structuredClone(early);
        for (const session of sessions.slice(split)) fold.add(session);
        expect(fold.result()).toEqual(trackRecords(sessions, { horizonDays: 7 }));
        // What result() returned before is not changed by later additions.
        expect(early).toEqual(earlyCopy);
        expect(early).toEqual(trackRecords(sessions.slice(0, split), { horizonDays: 7 }));
        // Each member's means are the plain left-to-right means of its scored takes, to the bit.
        const all = fold.result();
        for (const member of all.members) {
          const mine = all.takes.filter((t) => t.memberId === member.memberId);
          let brier = 0;
          for (const t of mine) brier += t.brier;
          expect(member.meanBrier).toBe(mine.length === 0 ? null : brier / mine.length);
          expect(member.calibration.reduce((n, bin) => n + bin.count, 0)).toBe(mine.length);
        }
      }),
    );
  });

  it('a fold refuses a session that sorts before one it already holds', () => {
    const sessions = scoredSessions(fc.sample(sessionArb, { numRuns: 3, seed: 7 }));
    const fold = new TrackRecordFold(7);
    fold.add(sessions[1]!);
    expect(fold.accepts(sessions[0]!)).toBe(false);
    expect(() => fold.add(sessions[0]!)).toThrow(RangeError);
    expect(fold.accepts(sessions[2]!)).toBe(true);
    expect(new TrackRecordFold(30).accepts(sessions[2]!)).toBe(false);
  });

  it('a member below the minimum has no rank, and the leaderboard lists ranked members first', () => {
    const sessions = scoredSessions(fc.sample(sessionArb, { numRuns: 12, seed: 42 })).map((s, i) =>
      i < 2 ? withTake(s, 'newcomer', () => ({ stance: 'bullish', confidence: 1 })) : s,
    );
    const { members } = trackRecords(sessions, { horizonDays: 7, minScoredTakes: 3 });
    const newcomer = members.find((m) => m.memberId === 'newcomer')!;
    expect(newcomer).toMatchObject({ eligible: false, rank: null });
    const board = sortLeaderboard(members, 'rank');
    const firstUnranked = board.findIndex((m) => m.rank === null);
    expect(board.slice(firstUnranked).every((m) => m.rank === null)).toBe(true);
    expect(board.slice(0, firstUnranked).map((m) => m.rank)).toEqual(
      board.slice(0, firstUnranked).map((_, i) => i + 1),
    );
  });
});
