import { shareEventLoop } from '../../event-loop.js';
import { addDays } from '../freshness.js';
import type * as R from '../import/records.js';
import { HISTORY_DAYS, refreshedAt, walkBack, type AgentPlan, type DemoClock } from './market.js';
import { CHAINS } from './names.js';
import { round, type Prng } from './prng.js';

/** Balance snapshots kept: one a week across 26 weeks plus every day of the last 8 (like the real 6-hourly job, thinned). */
export const keepDay = (d: number): boolean =>
  d >= HISTORY_DAYS - 8 || (HISTORY_DAYS - 1 - d) % 7 === 0;

function holdingsFor(
  prng: Prng,
  balance: number,
  coinSymbol: string | undefined,
): NonNullable<R.WalletRecord['holdings']> {
  const assets: Array<[string, number]> = [
    ['USDC', 1],
    ['ETH', 2500],
    ['WETH', 2500],
    ['cbBTC', 60_000],
  ];
  if (coinSymbol !== undefined) assets.push([coinSymbol, 0.001]);
  const count = prng.int(1, Math.min(4, assets.length));
  const weights = Array.from({ length: count }, () => prng.next() + 0.1);
  const total = weights.reduce((a, b) => a + b, 0);
  return weights.map((weight, i) => {
    const [symbol, price] = assets[i] ?? ['USDC', 1];
    const valueUsd = round((balance * weight) / total);
    return { symbol, amount: round(valueUsd / price, 6), valueUsd };
  });
}

/** 793 wallets: one per earning agent first, the rest project treasuries; agent balances follow them. */
export async function planWallets(
  prng: Prng,
  clock: DemoClock,
  agents: AgentPlan[],
  projectSlugs: string[],
  coinSymbols: Map<string, string>,
  count = 793,
) {
  const byActivity = [...agents].sort((a, b) => b.days.length - a.days.length);
  const agentWallets = byActivity.slice(0, 600);
  const wallets: R.WalletRecord[] = [];
  const history: R.WalletDayRecord[] = [];
  for (let i = 0; i < count; i += 1) {
    await shareEventLoop();
    const plan = agentWallets[i];
    const zero = plan !== undefined && prng.chance(0.08);
    const balance = zero ? 0 : round(prng.logNormal(plan === undefined ? 9 : 7, 2));
    const balances = walkBack(prng, balance, HISTORY_DAYS, 0.04);
    const address = prng.hexAddress();
    const agent = plan?.record;
    if (plan !== undefined && agent !== undefined) {
      agent.walletAddress = address;
      agent.walletBalanceUsd = balance;
      plan.balances = balances;
    }
    const last = balances.at(-1) ?? 0;
    const before = balances.at(-2) ?? 0;
    const wallet: R.WalletRecord = {
      id: prng.uuid(),
      address,
      chain: prng.pick(CHAINS),
      label:
        agent === undefined
          ? `${projectSlugs[(i * 7) % projectSlugs.length] ?? 'project'} treasury`
          : `${agent.name} wallet`,
      agentId: agent?.id ?? null,
      projectSlug:
        agent === undefined ? (projectSlugs[(i * 7) % projectSlugs.length] ?? null) : null,
      balanceUsd: balance,
      change24hPct: before > 0 ? round(((last - before) / before) * 100) : null,
      holdings:
        balance === 0
          ? []
          : holdingsFor(
              prng,
              balance,
              agent?.coinId === undefined ? undefined : coinSymbols.get(agent.coinId ?? ''),
            ),
      txCount30d:
        agent === undefined ? prng.int(0, 400) : (agent.x402Transactions ?? 0) + prng.int(0, 60),
      inflow30dUsd: agent === undefined ? round(prng.logNormal(6, 2)) : (agent.inflow30dUsd ?? 0),
      outflow30dUsd: round(prng.logNormal(5, 2)),
      firstSeenAt: clock.ago(prng.between(200 * 24, 700 * 24)),
      lastActiveAt: prng.chance(0.04) ? null : clock.ago(prng.between(0.5, 40 * 24)),
      refreshedAt: refreshedAt(prng, clock, 18),
    };
    wallets.push(wallet);
    balances.forEach((value, d) => {
      if (!keepDay(d)) return;
      history.push({
        walletId: wallet.id,
        date: addDays(clock.today, d - (HISTORY_DAYS - 1)),
        balanceUsd: value,
        inflowUsd: round(prng.logNormal(3, 1.5)),
        outflowUsd: round(prng.logNormal(3, 1.5)),
      });
    });
  }
  return { wallets, history };
}

const VAULTS: ReadonlyArray<{
  name: string;
  asset: string;
  platform: string;
  apy: number;
  tvl: number;
  status: R.VaultRecord['status'];
}> = [
  {
    name: 'Harbor Agent Token LP',
    asset: 'WETH',
    platform: 'Aerodrome',
    apy: 18,
    tvl: 2_400_000,
    status: 'live',
  },
  {
    name: 'Keel USDC Yield',
    asset: 'USDC',
    platform: 'Morpho',
    apy: 7.5,
    tvl: 5_800_000,
    status: 'live',
  },
  {
    name: 'Lantern ETH Basis',
    asset: 'WETH',
    platform: 'Euler',
    apy: 11,
    tvl: 1_150_000,
    status: 'live',
  },
  {
    name: 'Moss Agent Index Vault',
    asset: 'USDC',
    platform: 'Yearn',
    apy: 14,
    tvl: 640_000,
    status: 'live',
  },
  {
    name: 'Quay Stable LP',
    asset: 'USDC',
    platform: 'Uniswap',
    apy: 0,
    tvl: 0,
    status: 'upcoming',
  },
];

/**
 * Five third-party vaults managed by agents, plus the service's own vault flagged `isOwn` (stored as
 * the real roster lists it, never served as third-party). Daily TVL, APY and share price for a year.
 */
export function planVaults(prng: Prng, clock: DemoClock, managers: AgentPlan[]) {
  const vaults: R.VaultRecord[] = [];
  const history: R.VaultDayRecord[] = [];
  const specs = [
    ...VAULTS,
    {
      name: 'Convene Treasury Vault',
      asset: 'USDC',
      platform: 'Convene',
      apy: 6,
      tvl: 140,
      status: 'live' as const,
    },
  ];
  specs.forEach((spec, i) => {
    const own = i === specs.length - 1;
    const live = spec.status === 'live';
    const tvl = live ? round(spec.tvl * prng.between(0.9, 1.1)) : 0;
    const tvls = walkBack(prng, tvl, 365, 0.03);
    const vault: R.VaultRecord = {
      id: prng.uuid(),
      name: spec.name,
      isOwn: own,
      status: spec.status,
      chain: 'base',
      address: prng.hexAddress(),
      platform: spec.platform,
      assetSymbol: spec.asset,
      strategy: own
        ? 'The service’s own ERC-4626 treasury vault'
        : `${spec.platform} ${spec.asset} strategy run by an agent`,
      managerAgentId: own ? null : (managers[i]?.record.id ?? null),
      tvlUsd: tvl,
      apyPct: live ? round(spec.apy * prng.between(0.9, 1.1)) : null,
      sharePrice: live ? 1 : null,
      depositCapUsd: own ? 1000 : round(spec.tvl * 3, 0),
      change24hPct: live ? round(((tvls[364] ?? 0) / Math.max(tvls[363] ?? 1, 1) - 1) * 100) : null,
      inceptionAt: clock.ago(400 * 24),
      refreshedAt: refreshedAt(prng, clock, 18),
    };
    if (!live) {
      vaults.push(vault);
      return;
    }
    let share = 1;
    const shares: number[] = [];
    const apys = tvls.map(() => round(Math.max(0.5, (vault.apyPct ?? 5) + prng.normal() * 1.5)));
    apys.forEach((apy) => {
      share *= 1 + apy / 100 / 365;
      shares.push(round(share, 6));
    });
    vault.sharePrice = shares.at(-1) ?? 1;
    tvls.forEach((value, d) => {
      history.push({
        vaultId: vault.id,
        date: addDays(clock.today, d - 364),
        tvlUsd: value,
        apyPct: apys[d] ?? null,
        sharePrice: shares[d] ?? null,
      });
    });
    vaults.push(vault);
  });
  return { vaults, history };
}
