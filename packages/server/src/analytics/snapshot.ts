import { addDays } from './freshness.js';
import type {
  AgentRow,
  AnalyticsRepository,
  CoinRow,
  ProjectRow,
  ProjectTotals,
  VaultRow,
  WalletRow,
  WeekPoint,
} from './repository.js';

export const SPARKLINE_WEEKS = 26;

/** Null where a week has no observation: missing data stays missing, never interpolated. */
export type Sparkline = Array<number | null>;

/**
 * The dataset as every list and overview reads it, loaded once per (data version, UTC day) and held
 * in memory: a few thousand entities plus their weekly series. Clock-dependent fields (stale,
 * recency, evidence freshness) are computed from it at read time, never stored in it.
 */
export interface AnalyticsSnapshot {
  today: string;
  /** Monday of each sparkline week, oldest first (the last is the current week). */
  weeks: string[];
  agents: AgentRow[];
  coins: CoinRow[];
  /** Third-party vaults only; the service's own vault is never in here. */
  vaults: VaultRow[];
  wallets: WalletRow[];
  projects: ProjectRow[];
  agentById: Map<string, AgentRow>;
  coinById: Map<string, CoinRow>;
  vaultById: Map<string, VaultRow>;
  walletById: Map<string, WalletRow>;
  projectBySlug: Map<string, ProjectRow>;
  series: {
    agentRevenue: Map<string, Sparkline>;
    agentX402: Map<string, Sparkline>;
    agentBalance: Map<string, Sparkline>;
    coinMarketCap: Map<string, Sparkline>;
    vaultTvl: Map<string, Sparkline>;
    walletBalance: Map<string, Sparkline>;
  };
  agentChange24hPct: Map<string, number>;
  /** Sum of third-party vault TVL on each of the last 7 days (last known value per vault). */
  vaultTvl7d: Array<{ date: string; tvlUsd: number }>;
  projectTotals: Map<string, ProjectTotals>;
}

export async function loadSnapshot(
  repository: AnalyticsRepository,
  today: string,
): Promise<AnalyticsSnapshot> {
  const weeks = sparklineWeeks(today);
  const from = weeks[0] ?? today;
  const [agents, coins, allVaults, wallets, projects] = await Promise.all([
    repository.agents(),
    repository.coins(),
    repository.vaults(),
    repository.wallets(),
    repository.projects(),
  ]);
  const vaults = allVaults.filter((vault) => !vault.is_own);
  const align = (points: WeekPoint[]) => alignWeeks(points, weeks);
  const agentRevenue = align(
    await repository.weeklySums('analytics_agent_daily', 'agent_id', 'revenue_usd', from),
  );
  const agentX402 = align(
    await repository.weeklySums('analytics_agent_daily', 'agent_id', 'x402_volume_usd', from),
  );
  const agentBalance = align(
    await repository.weeklyLast('analytics_agent_daily', 'agent_id', 'wallet_balance_usd', from),
  );
  const coinMarketCap = align(
    await repository.weeklyLast('analytics_coin_daily', 'coin_id', 'market_cap_usd', from),
  );
  const vaultTvl = align(
    await repository.weeklyLast('analytics_vault_daily', 'vault_id', 'tvl_usd', from),
  );
  const walletBalance = align(
    await repository.weeklyLast('analytics_wallet_daily', 'wallet_id', 'balance_usd', from),
  );
  const thirdParty = new Set(vaults.map((vault) => vault.id));
  const vaultDays = (await repository.vaultDays(addDays(today, -37))).filter((row) =>
    thirdParty.has(row.vault_id),
  );
  const totals = await repository.projectTotals(today);
  return {
    today,
    weeks,
    agents,
    coins,
    vaults,
    wallets,
    projects,
    agentById: byKey(agents, (row) => row.id),
    coinById: byKey(coins, (row) => row.id),
    vaultById: byKey(vaults, (row) => row.id),
    walletById: byKey(wallets, (row) => row.id),
    projectBySlug: byKey(projects, (row) => row.slug),
    series: { agentRevenue, agentX402, agentBalance, coinMarketCap, vaultTvl, walletBalance },
    agentChange24hPct: dayOverDay(await repository.agentBalanceDays(addDays(today, -1))),
    vaultTvl7d: lastSevenDays(vaultDays, today),
    projectTotals: byKey(totals, (row) => row.slug),
  };
}

/** Mondays of the 26 weeks ending with the week that holds `today`. */
export function sparklineWeeks(today: string): string[] {
  const weekday = (new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7; // Monday = 0
  const monday = addDays(today, -weekday);
  return Array.from({ length: SPARKLINE_WEEKS }, (_, i) =>
    addDays(monday, (i - SPARKLINE_WEEKS + 1) * 7),
  );
}

function alignWeeks(points: WeekPoint[], weeks: string[]): Map<string, Sparkline> {
  const index = new Map(weeks.map((week, i) => [week, i]));
  const result = new Map<string, Sparkline>();
  for (const point of points) {
    const i = index.get(point.week);
    if (i === undefined) continue;
    let line = result.get(point.id);
    if (line === undefined) {
      line = new Array<number | null>(weeks.length).fill(null);
      result.set(point.id, line);
    }
    line[i] = point.value === null ? null : Math.round(point.value * 100) / 100;
  }
  return result;
}

function byKey<T>(rows: T[], key: (row: T) => string): Map<string, T> {
  return new Map(rows.map((row) => [key(row), row]));
}

function dayOverDay(
  rows: Array<{ agent_id: string; date: string; wallet_balance_usd: number | null }>,
): Map<string, number> {
  const lastTwo = new Map<string, number[]>();
  for (const row of rows) {
    if (row.wallet_balance_usd === null) continue;
    const values = lastTwo.get(row.agent_id) ?? [];
    values.push(row.wallet_balance_usd);
    lastTwo.set(row.agent_id, values.slice(-2));
  }
  const change = new Map<string, number>();
  for (const [id, [before, after]] of lastTwo) {
    if (before !== undefined && after !== undefined && before > 0) {
      change.set(id, Math.round(((after - before) / before) * 10_000) / 100);
    }
  }
  return change;
}

function lastSevenDays(
  rows: Array<{ vault_id: string; date: string; tvl_usd: number }>,
  today: string,
): Array<{ date: string; tvlUsd: number }> {
  const latest = new Map<string, number>();
  const days = Array.from({ length: 7 }, (_, i) => addDays(today, i - 6));
  const result: Array<{ date: string; tvlUsd: number }> = [];
  let next = 0;
  for (const date of days) {
    while (next < rows.length && (rows[next]?.date ?? '') <= date) {
      const row = rows[next];
      if (row !== undefined) latest.set(row.vault_id, row.tvl_usd);
      next += 1;
    }
    const total = [...latest.values()].reduce((sum, value) => sum + value, 0);
    result.push({ date, tvlUsd: Math.round(total * 100) / 100 });
  }
  return result;
}
