/**
 * Analytics list requests on a large synthetic snapshot: the indexed lists (src/analytics/list-index.ts)
 * against the approach they replaced, kept here as a reference (build every row, filter, fully sort,
 * then page), in the same process on the same snapshot. The rows are the demo generator's, copied
 * with new ids, names, addresses and jittered figures up to the requested size.
 *
 *   node --expose-gc --conditions=source --import tsx packages/server/bench/analytics-lists.ts [rows per list, default 100000]
 *
 * (`--expose-gc` only makes the heap figures exact; `npx tsx --conditions=source …` runs it too.)
 */
import { createHash } from 'node:crypto';
import { DEMO_SEED, generateDemoDataset } from '../src/analytics/demo/generator.js';
import { Prng } from '../src/analytics/demo/prng.js';
import { KINDS, toRow, type ImportKindName } from '../src/analytics/import/kinds.js';
import { normaliseSearch } from '../src/analytics/list-index.js';
import type { AgentRow, WalletRow } from '../src/analytics/repository.js';
import type { AgentDirectoryRow, AgentsQuery } from '../src/analytics/schemas/agents.js';
import type { WalletRow as WalletListRow, WalletsQuery } from '../src/analytics/schemas/assets.js';
import { sparklineWeeks, type AnalyticsSnapshot } from '../src/analytics/snapshot.js';
import { buildDirectory, directoryRow } from '../src/analytics/views/agents.js';
import { buildWallets, walletRow } from '../src/analytics/views/assets.js';
import { byName, byNumber, emptySparkline } from '../src/analytics/views/shared.js';
import { utcDate } from '@convene/protocol';

const SIZE = Number(process.argv[2] ?? 100_000);
const PAGE = 50;
const NOW = new Date('2026-06-01T12:00:00Z');

/** The demo records of `kind` as the rows the repository would read (timestamps as Dates). */
function rowsOf<T>(kind: ImportKindName, records: readonly object[] | undefined): T[] {
  const spec = KINDS[kind];
  const times = spec.columns.filter(([, type]) => type === 'timestamptz').map(([name]) => name);
  return (records ?? []).map((record) => {
    const row = toRow(spec, record as Record<string, unknown>, NOW.toISOString());
    for (const column of times) {
      if (typeof row[column] === 'string') row[column] = new Date(row[column]);
    }
    return row as T;
  });
}

/** `base` copied until there are `size` rows, each copy with its own id, name and figures. */
function scale<T>(base: T[], size: number, copy: (row: T, n: number, jitter: number) => T): T[] {
  const prng = new Prng(DEMO_SEED + size);
  return Array.from({ length: size }, (_, n) =>
    copy(base[n % base.length] as T, n, 0.5 + prng.next()),
  );
}

const hex = (n: number, width: number) => n.toString(16).padStart(width, '0');
const uuid = (prefix: string, n: number) => `${prefix}-0000-4000-8000-${hex(n, 12)}`;
/** A distinct, evenly spread 40-hex-digit address, as real ones are. */
const address = (kind: string, n: number) =>
  `0x${createHash('sha1').update(`${kind}${n}`).digest('hex')}`;
const jittered = (value: number | null, jitter: number) =>
  value === null ? null : Math.round(value * jitter * 100) / 100;

async function syntheticSnapshot(size: number): Promise<AnalyticsSnapshot> {
  const demo = await generateDemoDataset(NOW);
  const today = utcDate(NOW);
  const agents = scale(rowsOf<AgentRow>('agents', demo.agents), size, (row, n, jitter) => ({
    ...row,
    id: uuid('a0000000', n),
    name: `${row.name} ${n}`,
    wallet_address: address('agent', n),
    wallet_balance_usd: jittered(row.wallet_balance_usd, jitter) ?? 0,
    revenue_30d_usd: jittered(row.revenue_30d_usd, jitter) ?? 0,
    x402_volume_30d_usd: jittered(row.x402_volume_30d_usd, jitter) ?? 0,
  }));
  const wallets = scale(rowsOf<WalletRow>('wallets', demo.wallets), size, (row, n, jitter) => ({
    ...row,
    id: uuid('b0000000', n),
    label: `${row.label} ${n}`,
    address: address('wallet', n),
    agent_id: row.agent_id === null ? null : uuid('a0000000', n % size),
    balance_usd: jittered(row.balance_usd, jitter) ?? 0,
    change_24h_pct: jittered(row.change_24h_pct, jitter),
  }));
  const coins = rowsOf<AnalyticsSnapshot['coins'][number]>('coins', demo.coins);
  const byId = <R extends { id: string }>(rows: R[]) => new Map(rows.map((row) => [row.id, row]));
  return {
    today,
    weeks: sparklineWeeks(today),
    agents,
    coins,
    vaults: [],
    wallets,
    projects: [],
    agentById: byId(agents),
    coinById: byId(coins),
    vaultById: new Map(),
    walletById: byId(wallets),
    projectBySlug: new Map(),
    series: {
      agentRevenue: new Map(),
      agentX402: new Map(),
      agentBalance: new Map(),
      coinMarketCap: new Map(),
      vaultTvl: new Map(),
      walletBalance: new Map(),
    },
    agentChange24hPct: new Map(),
    vaultTvl7d: [],
    projectTotals: new Map(),
  };
}

/** The replaced approach: every row built, filtered, sorted in full, then paged. */
function searchAll<R>(
  search: string | undefined,
  fields: (row: R) => Array<string | null | undefined>,
) {
  const needle = normaliseSearch(search);
  return (row: R) =>
    needle === '' || fields(row).some((field) => field?.toLowerCase().includes(needle) === true);
}
const pageOf = <R>(rows: R[], query: { offset?: number; limit?: number }) =>
  rows.slice(query.offset ?? 0, (query.offset ?? 0) + (query.limit ?? rows.length));
const name = (row: { name: string }) => row.name;

function fullSortAgents(snapshot: AnalyticsSnapshot, now: Date, query: AgentsQuery) {
  const blank = emptySparkline(snapshot);
  const rows = snapshot.agents
    .map((agent) => directoryRow(snapshot, agent, now, blank))
    .filter(
      searchAll(query.search, (row) => [
        row.name,
        row.protocol,
        row.walletAddress,
        row.coin?.symbol,
      ]),
    );
  const keys: Record<string, (row: AgentDirectoryRow) => number | null> = {
    score: (row) => row.score,
    balance: (row) => row.walletBalanceUsd,
  };
  const key = keys[query.sort ?? 'score'];
  rows.sort(key === undefined ? byName(query.order, name) : byNumber(key, query.order, name));
  return { total: rows.length, agents: pageOf(rows, query) };
}

function fullSortWallets(snapshot: AnalyticsSnapshot, now: Date, query: WalletsQuery) {
  const label = (row: WalletListRow) => row.label;
  const rows = snapshot.wallets
    .map((wallet) => walletRow(snapshot, wallet, now))
    .filter(
      searchAll(query.search, (row) => [
        row.label,
        row.address,
        row.chain,
        row.agent?.name,
        row.projectSlug,
      ]),
    );
  rows.sort(byNumber((row) => row.balanceUsd, query.order, label));
  return { total: rows.length, wallets: pageOf(rows, query) };
}

/** Heap and array buffers (the index's postings) in use, after a full collection when allowed. */
function heapMb(): number {
  (globalThis as { gc?: () => void }).gc?.();
  const { heapUsed, arrayBuffers } = process.memoryUsage();
  return Math.round((heapUsed + arrayBuffers) / 2 ** 20);
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

/** The first run's time (cold: it may build an index) and the median of the rest. */
function time(run: () => unknown, runs: number): { first: number; median: number } {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    run();
    times.push(performance.now() - started);
  }
  return { first: times[0] ?? Number.NaN, median: median(times.slice(1)) };
}

const started = performance.now();
const snapshot = await syntheticSnapshot(SIZE);
console.log(
  `synthetic snapshot: ${SIZE.toLocaleString('en-US')} agents and ${SIZE.toLocaleString('en-US')} wallets in ${Math.round(performance.now() - started)} ms`,
);
const heapBefore = heapMb();
const lastPage = { offset: Math.floor((SIZE - 1) / PAGE) * PAGE, limit: PAGE };
const agentNeedle = `${snapshot.agents[4321]?.name.split(' ')[0] ?? ''} 43`;
const walletNeedle = (snapshot.wallets[777]?.address ?? '').slice(-12);
const cases: Array<[string, () => { total: number }, () => { total: number }]> = [
  [
    'agents, default (score) page 1',
    () => fullSortAgents(snapshot, NOW, { limit: PAGE }),
    () => buildDirectory(snapshot, NOW, { limit: PAGE }),
  ],
  [
    'agents, sort=balance page 1',
    () => fullSortAgents(snapshot, NOW, { sort: 'balance', limit: PAGE }),
    () => buildDirectory(snapshot, NOW, { sort: 'balance', limit: PAGE }),
  ],
  [
    'agents, sort=balance last page',
    () => fullSortAgents(snapshot, NOW, { sort: 'balance', ...lastPage }),
    () => buildDirectory(snapshot, NOW, { sort: 'balance', ...lastPage }),
  ],
  [
    `agents, search="${agentNeedle}" page 1`,
    () => fullSortAgents(snapshot, NOW, { search: agentNeedle, limit: PAGE }),
    () => buildDirectory(snapshot, NOW, { search: agentNeedle, limit: PAGE }),
  ],
  [
    'wallets, default (balance) page 1',
    () => fullSortWallets(snapshot, NOW, { limit: PAGE }),
    () => buildWallets(snapshot, NOW, { limit: PAGE }),
  ],
  [
    'wallets, default (balance) last page',
    () => fullSortWallets(snapshot, NOW, lastPage),
    () => buildWallets(snapshot, NOW, lastPage),
  ],
  [
    `wallets, search="${walletNeedle}" (address) page 1`,
    () => fullSortWallets(snapshot, NOW, { search: walletNeedle, limit: PAGE }),
    () => buildWallets(snapshot, NOW, { search: walletNeedle, limit: PAGE }),
  ],
  [
    'wallets, search="a" page 1',
    () => fullSortWallets(snapshot, NOW, { search: 'a', limit: PAGE }),
    () => buildWallets(snapshot, NOW, { search: 'a', limit: PAGE }),
  ],
];

console.log(
  '| Request | full sort (median) | indexed, first (builds the index) | indexed (median) | speed-up |',
);
console.log('|---|---|---|---|---|');
const ms = (value: number) => (value < 1 ? `${value.toFixed(3)} ms` : `${value.toFixed(1)} ms`);
for (const [label, full, indexed] of cases) {
  const rows = (body: { total: number }) => {
    const { total, agents, wallets } = body as {
      total: number;
      agents?: unknown;
      wallets?: unknown;
    };
    return JSON.stringify([total, agents ?? wallets]);
  };
  const after = time(indexed, 101);
  const before = time(full, 6);
  if (rows(full()) !== rows(indexed()))
    throw new Error(`${label}: the indexed answer differs from the full sort`);
  console.log(
    `| ${label} | ${ms(before.median)} | ${ms(after.first)} | ${ms(after.median)} | ${Math.round(before.median / after.median).toLocaleString('en-US')}× |`,
  );
}
console.log(
  `heap and array buffers in use: ${heapBefore} MB with the snapshot, ${heapMb()} MB with every index the run built`,
);
