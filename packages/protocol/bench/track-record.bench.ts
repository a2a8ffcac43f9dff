// Track-record scoring at scale (pure protocol code, no database): every score of
// docs/methodology.md for `members` members over `sessions` sessions, each with its outcome
// record and every member's counted take (weights over 11 buckets), built at once; then what the
// server does as outcomes arrive: a fold grown one session at a time (the longest single step is
// how long it holds the event loop) and one more day's session added to it, with its records read.
// Run from the repository root:
//   npx tsx --conditions=source packages/protocol/bench/track-record.bench.ts [members] [sessions]
import {
  addDays,
  aggregate,
  buildOutcomeRecord,
  STANCES,
  trackRecords,
  TrackRecordFold,
  type CountedTake,
  type ScoringSession,
} from '../src/index.js';

const members = Number(process.argv[2] ?? 1000);
const sessions = Number(process.argv[3] ?? 365);
const BUCKETS = [
  'aave',
  'compound',
  'deus',
  'giza',
  'juno',
  'morpho',
  'peaq',
  'service_token',
  'sky',
  'woon',
  'zyfai',
];

let state = 0x30;
const random = () => {
  state = (state + 0x6d2b79f5) | 0;
  let t = Math.imul(state ^ (state >>> 15), 1 | state);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};

const ids = Array.from({ length: members }, (_, i) => `member-${String(i).padStart(5, '0')}`);
const input: ScoringSession[] = [];
const built = performance.now();
for (let s = 0; s <= sessions; s++) {
  const date = addDays('2026-01-01', s);
  const takes: CountedTake[] = ids.map((memberId) => ({
    memberId,
    takeId: `${s}-${memberId}`,
    revision: 1,
    stance: STANCES[Math.floor(random() * 5)]!,
    confidence: random(),
    weights: BUCKETS.map((bucket) => ({ bucket, weight: random() })),
  }));
  const series = new Map(
    BUCKETS.map((bucket) => [
      bucket,
      {
        source: `regime:${bucket}`,
        points: [
          { date, value: 100 },
          { date: addDays(date, 7), value: 100 * (1 + (random() - 0.5) / 5) },
        ],
      },
    ]),
  );
  const record = buildOutcomeRecord({
    sessionId: `session-${s}`,
    subjectId: 'bench',
    sessionDate: date,
    receiptDigest: '00'.repeat(32),
    horizonDays: 7,
    startDate: date,
    series,
    holdings: BUCKETS.map((bucket) => ({ bucket, valueUsd: 1000 })),
    reference: BUCKETS.map((bucket) => ({ bucket, weight: 1 })),
    consensus: aggregate({ submissions: takes, roster: ids }).weights,
    takeWeights: [],
    computedAt: new Date(),
  });
  input.push({ record, takes, roster: ids });
}
const setupMs = performance.now() - built;

/** The next day's session, added to a fold of all the others. */
const nextDay = input.pop()!;

/** CPU time of this process (other processes on a shared machine do not inflate it), wall beside. */
function timed<T>(work: () => T): { value: T; cpuMs: number; wallMs: number } {
  const started = performance.now();
  const cpu = process.cpuUsage();
  const value = work();
  const used = process.cpuUsage(cpu);
  return { value, cpuMs: (used.user + used.system) / 1000, wallMs: performance.now() - started };
}

const atOnce = timed(() => trackRecords(input, { horizonDays: 7 }));
const rss = Math.round(process.memoryUsage.rss() / 1_048_576);
console.log(
  `${members} members × ${sessions} sessions (${atOnce.value.takes.length.toLocaleString('en')} scored takes): ` +
    `every score in ${Math.round(atOnce.cpuMs)} ms CPU (${Math.round(atOnce.wallMs)} ms wall; inputs built in ${Math.round(setupMs)} ms), RSS ${rss} MB`,
);

const fold = new TrackRecordFold(7);
const steps: number[] = [];
const grown = timed(() => {
  for (const session of input) {
    const step = performance.now();
    fold.add(session);
    steps.push(performance.now() - step);
  }
  return fold.result();
});
steps.sort((a, b) => a - b);
console.log(
  `grown session by session: ${Math.round(grown.cpuMs)} ms CPU; one session's step: median ` +
    `${steps[steps.length >> 1]!.toFixed(1)} ms, longest ${steps[steps.length - 1]!.toFixed(1)} ms`,
);

const added = timed(() => {
  fold.add(nextDay);
  return fold.result();
});
console.log(
  `one more day (${members} takes) added and every record read: ${added.cpuMs.toFixed(1)} ms CPU ` +
    `(${added.wallMs.toFixed(1)} ms wall)`,
);
