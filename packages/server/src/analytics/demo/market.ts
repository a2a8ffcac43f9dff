import { shareEventLoop } from '../../event-loop.js';
import { addDays } from '../freshness.js';
import type * as R from '../import/records.js';
import { CHAINS, slugify, tickerFor, uniqueNames } from './names.js';
import { round, type Prng } from './prng.js';

/** Prior art §5: the real roster's protocol and source-confidence mix (909 agents). */
export const PROTOCOL_MIX: ReadonlyArray<readonly [string, number]> = [
  ['virtuals', 513],
  ['x402', 217],
  ['acp', 126],
  ['mcp', 16],
  ['zhc', 14],
  ['facilitator', 12],
  ['zhcs_infra', 4],
  ['paywall', 3],
  ['custom', 2],
  ['agent_wallet', 1],
  ['bittensor', 1],
];
const CONFIDENCE_MIX: ReadonlyArray<readonly [R.AgentRecord['sourceConfidence'], number]> = [
  ['high', 504],
  ['medium', 17],
  ['low', 5],
  [null, 383],
];
const X402_LIKE = new Set(['x402', 'facilitator', 'paywall']);
export const HISTORY_DAYS = 182;

export interface DemoClock {
  now: Date;
  today: string;
  /** An instant `hours` before now, ISO. */
  ago(hours: number): string;
}

export interface AgentPlan {
  record: R.AgentRecord;
  /** Daily revenue, x402 volume and transactions, oldest first, ending today; empty when dormant. */
  days: Array<{ revenue: number; x402: number; tx: number }>;
  /** Daily wallet balance over the history window, oldest first, ending at walletBalanceUsd. */
  balances: number[] | undefined;
}

function expand<T>(prng: Prng, mix: ReadonlyArray<readonly [T, number]>): T[] {
  const list = mix.flatMap(([value, count]) => Array.from({ length: count }, () => value));
  for (let i = list.length - 1; i > 0; i -= 1) {
    const j = Math.floor(prng.next() * (i + 1));
    [list[i], list[j]] = [list[j] as T, list[i] as T];
  }
  return list;
}

/** A random walk ending at `last`, `length` points long, oldest first. */
export function walkBack(
  prng: Prng,
  last: number,
  length: number,
  volatility: number,
  drift = 0,
): number[] {
  const values = [last];
  for (let i = 1; i < length; i += 1) {
    const previous = values[i - 1] ?? last;
    values.push(Math.max(0, previous / Math.exp(drift + volatility * prng.normal())));
  }
  return values.reverse().map((value) => round(value));
}

/** A refresh time: most rows within their window, about 1 in 20 lagging by days so `stale` shows both ways. */
export const refreshedAt = (prng: Prng, clock: DemoClock, windowHours: number): string =>
  clock.ago(
    prng.chance(0.05)
      ? prng.between(windowHours + 12, windowHours + 120)
      : prng.between(0.1, windowHours * 0.6),
  );

export async function planAgents(
  prng: Prng,
  clock: DemoClock,
  projectSlugs: string[],
): Promise<AgentPlan[]> {
  const protocols = expand(prng, PROTOCOL_MIX);
  const confidences = expand(prng, CONFIDENCE_MIX);
  const names = uniqueNames(prng, protocols.length);
  const plans: AgentPlan[] = [];
  for (const [i, protocol] of protocols.entries()) {
    await shareEventLoop();
    const name = names[i] ?? `Agent ${i}`;
    const x402Like = X402_LIKE.has(protocol);
    const activeChance = x402Like ? 0.6 : protocol === 'virtuals' ? 0.2 : 0.35;
    const active = prng.chance(activeChance);
    const lapsed = !active && prng.chance(0.3);
    const days: AgentPlan['days'] = [];
    if (active || lapsed) {
      const baseRevenue = prng.logNormal(2.5, 1.6);
      const baseX402 = x402Like
        ? prng.logNormal(3.5, 1.6)
        : prng.chance(0.15)
          ? prng.logNormal(1.5, 1)
          : 0;
      const unitPrice = prng.between(0.02, 1.5);
      for (let d = 0; d < HISTORY_DAYS; d += 1) {
        const quiet = lapsed ? d >= HISTORY_DAYS - 45 || prng.chance(0.6) : prng.chance(0.12);
        const trend = 0.6 + (0.8 * d) / HISTORY_DAYS;
        const revenue = quiet ? 0 : round(baseRevenue * trend * prng.logNormal(0, 0.5));
        const x402 = quiet || baseX402 === 0 ? 0 : round(baseX402 * trend * prng.logNormal(0, 0.5));
        days.push({
          revenue,
          x402,
          tx: x402 === 0 ? 0 : Math.max(1, Math.round(x402 / unitPrice)),
        });
      }
    }
    const sum = (from: number, pick: (day: AgentPlan['days'][number]) => number) =>
      round(days.slice(from).reduce((total, day) => total + pick(day), 0));
    const revenue30d = sum(HISTORY_DAYS - 30, (day) => day.revenue);
    const lastSeenHours = active
      ? prng.between(0.2, 6 * 24)
      : prng.chance(0.1)
        ? null
        : prng.between(8 * 24, 200 * 24);
    const frequency = prng.chance(0.6)
      ? round(prng.between(active ? 40 : 5, active ? 99 : 50))
      : null;
    const slug = slugify(name);
    const record: R.AgentRecord = {
      id: prng.uuid(),
      name,
      protocol,
      projectSlug: projectSlugs[i] ?? null,
      description: `${name} is a ${protocol} agent${x402Like ? ' selling paid x402 resources' : ''} on ${prng.pick(CHAINS)}.`,
      site: prng.chance(0.7) ? `https://${slug}.example` : null,
      twitter: prng.chance(0.6) ? `@${slug.replaceAll('-', '_').slice(0, 15)}` : null,
      sourceConfidence: confidences[i] ?? null,
      x402Score: x402Like
        ? round(Math.min(100, Math.log10(sum(HISTORY_DAYS - 30, (day) => day.x402) + 1) * 22))
        : null,
      x402VolumeUsd: sum(HISTORY_DAYS - 30, (day) => day.x402),
      x402Transactions: days.slice(HISTORY_DAYS - 30).reduce((total, day) => total + day.tx, 0),
      x402Resources: x402Like ? prng.int(1, 40) : 0,
      revenue30dUsd: revenue30d,
      revenue182dUsd: sum(0, (day) => day.revenue),
      revenueCumulativeUsd: round(sum(0, (day) => day.revenue) * prng.between(1, 3)),
      tokenTax30dUsd: 0,
      inflow30dUsd: round(revenue30d * prng.between(1, 1.4)),
      walletBalanceUsd: 0,
      productivityFrequency: frequency,
      productivitySuccessRate: frequency === null ? null : round(prng.between(70, 100)),
      trust: {
        operatorVerified: prng.chance(0.3),
        codePublic: prng.chance(0.4),
        audited: prng.chance(0.08),
        incidents: prng.chance(0.05) ? prng.int(1, 2) : 0,
      },
      whyIncluded: [`curated: ${protocol} agent reviewed by the roster team`],
      listedAt: clock.ago(prng.between(30 * 24, 400 * 24)),
      lastSeenAt: lastSeenHours === null ? null : clock.ago(lastSeenHours),
      refreshedAt: refreshedAt(prng, clock, 36),
    };
    plans.push({ record, days: active || lapsed ? days : [], balances: undefined });
  }
  return plans;
}

/** Coins for 61 agents (mostly virtuals, whose agents launch tokens), linked both ways. */
export async function planCoins(prng: Prng, clock: DemoClock, agents: AgentPlan[], count = 61) {
  const candidates = agents
    .filter((plan) => plan.record.protocol === 'virtuals')
    .slice(0, count - 6);
  candidates.push(
    ...agents
      .filter((plan) => plan.record.protocol !== 'virtuals')
      .slice(0, count - candidates.length),
  );
  const tickers = new Set<string>();
  const coins: R.CoinRecord[] = [];
  const history: R.CoinDayRecord[] = [];
  for (const plan of candidates) {
    await shareEventLoop();
    const agent = plan.record;
    const pending = coins.length % 20 === 7;
    const price = prng.logNormal(-5, 2);
    const circulating = round(1e9 * prng.between(0.3, 1), 0);
    const marketCap = round(price * circulating);
    const coin: R.CoinRecord = {
      id: prng.uuid(),
      symbol: tickerFor(agent.name, tickers),
      name: `${agent.name} Token`,
      chain: prng.pick(CHAINS),
      contractAddress: prng.hexAddress(),
      agentId: agent.id,
      projectSlug: agent.projectSlug ?? null,
      priceUsd: pending ? null : round(price, 10),
      marketCapUsd: pending ? null : marketCap,
      fdvUsd: pending ? null : round(price * 1e9),
      volume24hUsd: pending ? null : round(marketCap * prng.between(0.01, 0.3)),
      change24hPct: pending ? null : round(prng.normal() * 8),
      holders: prng.int(50, 40_000),
      circulatingSupply: circulating,
      totalSupply: 1e9,
      launchedAt: clock.ago(prng.between(60 * 24, 500 * 24)),
      refreshedAt: refreshedAt(prng, clock, 3),
    };
    agent.coinId = coin.id;
    agent.tokenTax30dUsd = pending
      ? 0
      : round((coin.volume24hUsd ?? 0) * 30 * 0.01 * prng.between(0.2, 1));
    coins.push(coin);
    if (pending) continue;
    const prices = walkBack(prng, price * 1e6, 365, 0.06).map((value) => value / 1e6);
    prices.forEach((value, d) => {
      history.push({
        coinId: coin.id,
        date: addDays(clock.today, d - 364),
        priceUsd: round(value, 10),
        marketCapUsd: round(value * circulating),
        volumeUsd: round(value * circulating * prng.between(0.01, 0.3)),
      });
    });
  }
  return { coins, history };
}
