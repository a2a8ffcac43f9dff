// Track-record scoring at scale (pure protocol code, no database): every score of
// docs/methodology.md for `members` members over `sessions` sessions, each with its outcome
// record and every member's counted take (weights over 11 buckets). Run from the repository root:
//   npx tsx --conditions=source packages/protocol/bench/track-record.bench.ts [members] [sessions]
import {
  addDays,
  aggregate,
  buildOutcomeRecord,
  STANCES,
  trackRecords,
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
for (let s = 0; s < sessions; s++) {
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

// CPU time of this process (other processes on a shared machine do not inflate it), wall beside.
const started = performance.now();
const cpu = process.cpuUsage();
const result = trackRecords(input, { horizonDays: 7 });
const used = process.cpuUsage(cpu);
const ms = (used.user + used.system) / 1000;
const wall = performance.now() - started;
const rss = Math.round(process.memoryUsage.rss() / 1_048_576);
console.log(
  `${members} members × ${sessions} sessions (${result.takes.length.toLocaleString('en')} scored takes): ` +
    `every score in ${Math.round(ms)} ms CPU (${Math.round(wall)} ms wall; inputs built in ${Math.round(setupMs)} ms), RSS ${rss} MB`,
);
