/**
 * Times the pure regime computation over the demo history (~3,800 days × 26 indicators, 35 series):
 * generation, the classifier, snapshot rows, the latest detail (backtests, correlations) and both
 * research signals. Run: npx tsx --conditions=source packages/server/bench/regime-recompute.ts
 * Reports CPU time of this process (process.cpuUsage), which other processes on a shared machine do
 * not inflate the way they inflate wall time.
 */
import { alignSeries } from '../src/regime/model/align.js';
import { dayIndex } from '../src/regime/model/calendar.js';
import { computeRegime } from '../src/regime/model/classifier.js';
import { DEMO_START_DATE, generateDemoSeries } from '../src/regime/demo-series.js';
import { computeResearchSignal, RESEARCH_SIGNAL_KEYS } from '../src/regime/model/research.js';
import { regimeDays, regimeDetail } from '../src/regime/model/snapshots.js';

const END = process.env.BENCH_END ?? '2026-06-01';
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);

async function time<T>(
  label: string,
  timings: Map<string, number[]>,
  work: () => T | Promise<T>,
): Promise<T> {
  const started = process.cpuUsage();
  const result = await work();
  const used = process.cpuUsage(started);
  const list = timings.get(label) ?? [];
  list.push((used.user + used.system) / 1000);
  timings.set(label, list);
  return result;
}

const timings = new Map<string, number[]>();
let days = 0;
for (let round = 0; round < ROUNDS; round++) {
  const series = await time('generate demo series', timings, () => generateDemoSeries(END));
  const axis = {
    start: dayIndex(DEMO_START_DATE),
    length: dayIndex(END) - dayIndex(DEMO_START_DATE) + 1,
  };
  const computation = await time('classifier (26 indicators, 3 panels)', timings, () =>
    computeRegime(series, axis),
  );
  days = (await time('snapshot rows', timings, () => regimeDays(computation))).length;
  await time('latest detail (backtests, correlations)', timings, () => regimeDetail(computation));
  const read = (key: string) =>
    computation.aligned.get(key) ?? alignSeries(series.get(key) ?? [], axis);
  await time('research signals (both)', timings, () =>
    Promise.all(RESEARCH_SIGNAL_KEYS.map((key) => computeResearchSignal(key, axis, read))),
  );
}
console.log(
  `${ROUNDS} rounds, axis ${DEMO_START_DATE}..${END}, ${days} snapshot days; CPU ms, first run / median of the rest`,
);
for (const [label, list] of timings) {
  const rest = list.slice(1).sort((a, b) => a - b);
  const median = rest.length === 0 ? Number.NaN : (rest[Math.floor(rest.length / 2)] as number);
  console.log(
    `${label.padEnd(42)} ${list[0]!.toFixed(0).padStart(6)} ${median.toFixed(0).padStart(6)}`,
  );
}
