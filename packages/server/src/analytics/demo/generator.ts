import { utcDate } from '@convene/protocol';
import { addDays } from '../freshness.js';
import type { ImportKindName } from '../import/kinds.js';
import type * as R from '../import/records.js';
import { keepDay, planVaults, planWallets } from './holdings.js';
import { HISTORY_DAYS, planAgents, planCoins, type DemoClock } from './market.js';
import { planComments, planProjects, projectNames } from './projects.js';
import { Prng } from './prng.js';
import { shareEventLoop } from '../../event-loop.js';

export const DEMO_SEED = 0x0c0ffee7;

export type DemoDataset = Partial<Record<ImportKindName, object[]>>;

/**
 * The demo analytics dataset, as import records: at least as large as the real roster in prior art
 * §5 (1,037 projects, 909 agents with its protocol mix, 61 coins, 793 wallets, vaults including the
 * service's own, flagged). Deterministic for a seed and a clock; coherent across kinds: agents' 30-day
 * figures are sums of their daily history, their balances are their wallets', coins and vaults link
 * back to agents. The activity log stays empty: no writer runs in the demo. Lets the event loop turn
 * while it works (about half a second in all).
 */
export async function generateDemoDataset(now: Date, seed = DEMO_SEED): Promise<DemoDataset> {
  const prng = new Prng(seed);
  const clock: DemoClock = {
    now,
    today: utcDate(now),
    ago: (hours) => new Date(now.getTime() - hours * 3_600_000).toISOString(),
  };
  const names = projectNames(prng);
  const agents = await planAgents(prng, clock, names.map((project) => project.slug).slice(0, 909));
  const coins = await planCoins(prng, clock, agents);
  const symbols = new Map(coins.coins.map((coin) => [coin.id, coin.symbol]));
  const wallets = await planWallets(
    prng,
    clock,
    agents,
    names.map((project) => project.slug),
    symbols,
  );
  const managers = agents.filter(
    (plan) => plan.record.walletBalanceUsd !== 0 && plan.days.length > 0,
  );
  const vaults = planVaults(prng, clock, managers);
  const agentsBySlug = new Map(agents.map((plan) => [plan.record.projectSlug ?? '', plan]));
  const projects = await planProjects(prng, clock, names, agentsBySlug);

  const agentHistory: R.AgentDayRecord[] = [];
  for (const plan of agents) {
    await shareEventLoop();
    plan.days.forEach((day, d) => {
      // Rows exist for days with activity or a balance snapshot; a quiet day without one is absent.
      const balance = plan.balances !== undefined && keepDay(d) ? (plan.balances[d] ?? null) : null;
      if (day.revenue === 0 && day.x402 === 0 && balance === null) return;
      agentHistory.push({
        agentId: plan.record.id,
        date: addDays(clock.today, d - (HISTORY_DAYS - 1)),
        revenueUsd: day.revenue,
        x402VolumeUsd: day.x402,
        x402Transactions: day.tx,
        walletBalanceUsd: balance,
      });
    });
  }
  const targets = [
    ...agents.slice(0, 200).map((plan) => ({ type: 'agent' as const, id: plan.record.id })),
    ...coins.coins.map((coin) => ({ type: 'coin' as const, id: coin.id })),
    ...names.slice(0, 100).map((project) => ({ type: 'project' as const, id: project.slug })),
  ];
  return {
    coins: coins.coins,
    agents: agents.map((plan) => plan.record),
    vaults: vaults.vaults,
    wallets: wallets.wallets,
    projects: projects.projects,
    'agent-history': agentHistory,
    'coin-history': coins.history,
    'vault-history': vaults.history,
    'wallet-history': wallets.history,
    'project-history': projects.history,
    comments: planComments(prng, clock, targets),
  };
}
