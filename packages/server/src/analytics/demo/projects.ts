import { shareEventLoop } from '../../event-loop.js';
import { addDays } from '../freshness.js';
import type * as R from '../import/records.js';
import { HISTORY_DAYS, refreshedAt, type AgentPlan, type DemoClock } from './market.js';
import { CHAINS, PROJECT_CATEGORIES, slugify, uniqueNames } from './names.js';
import { round, type Prng } from './prng.js';

export const PROJECT_HISTORY_DAYS = 90;

export function projectNames(prng: Prng, count = 1037): Array<{ name: string; slug: string }> {
  const names = uniqueNames(prng, count, [
    'Protocol',
    'Network',
    'Studio',
    'Collective',
    'Markets',
    'Hub',
  ]);
  const slugs = new Set<string>();
  return names.map((name) => {
    let slug = slugify(name);
    while (slugs.has(slug)) slug = `${slug.slice(0, 96)}-${slugs.size % 1000}`;
    slugs.add(slug);
    return { name, slug };
  });
}

/**
 * Projects with 90 days of raw daily rows. A project's revenue follows its agent's (the agent earns
 * for the project), so the project and agent dossiers tell the same story.
 */
export async function planProjects(
  prng: Prng,
  clock: DemoClock,
  names: Array<{ name: string; slug: string }>,
  agentsBySlug: Map<string, AgentPlan>,
) {
  const projects: R.ProjectRecord[] = [];
  const history: R.ProjectDayRecord[] = [];
  for (const { name, slug } of names) {
    await shareEventLoop();
    const plan = agentsBySlug.get(slug);
    const category = prng.pick(PROJECT_CATEGORIES);
    projects.push({
      slug,
      name,
      category,
      chain: prng.pick(CHAINS),
      tagline: `${category[0]?.toUpperCase() ?? ''}${category.slice(1)} for autonomous agents`,
      description: `${name} builds ${category} tooling used by onchain agents.`,
      site: `https://${slug}.example`,
      twitter: prng.chance(0.7) ? `@${slug.replaceAll('-', '_').slice(0, 15)}` : null,
      logoUrl: null,
      tags: [category, prng.pick(['ai', 'agents', 'x402', 'defi', 'base'])],
      coinId: plan?.record.coinId ?? null,
      listedAt: clock.ago(prng.between(30 * 24, 500 * 24)),
      refreshedAt: refreshedAt(prng, clock, 36),
    });
    const baseRevenue = prng.logNormal(3, 1.8);
    const users = prng.logNormal(4, 1.2);
    let tvl = prng.chance(0.4) ? prng.logNormal(11, 1.5) : null;
    for (let d = 0; d < PROJECT_HISTORY_DAYS; d += 1) {
      const agentDay = plan?.days[HISTORY_DAYS - PROJECT_HISTORY_DAYS + d];
      const revenue =
        agentDay !== undefined
          ? agentDay.revenue * prng.between(1, 1.3)
          : baseRevenue * prng.logNormal(0, 0.4);
      const transactions = Math.max(0, Math.round(revenue / prng.between(0.05, 2)));
      if (tvl !== null) tvl = tvl * Math.exp(prng.normal() * 0.03);
      history.push({
        projectSlug: slug,
        date: addDays(clock.today, d - (PROJECT_HISTORY_DAYS - 1)),
        revenueUsd: round(revenue),
        volumeUsd: round(revenue * prng.between(5, 40)),
        transactions,
        activeUsers: Math.round(users * prng.logNormal(0, 0.2)),
        tvlUsd: tvl === null ? null : round(tvl),
      });
    }
  }
  return { projects, history };
}

const COMMENT_BODIES = [
  'Revenue looks real, the wallet matches the dashboard.',
  'Is the x402 volume wash traffic? Same payer for most calls.',
  '<script>alert("xss")</script> great agent!!',
  'Token tax is doing most of the work here, not the product.',
  '**Bold claim**: this will 10x. <b>not financial advice</b>',
  'Vault APY dropped after the last rebalance — anyone know why?',
  'Operator answered on twitter, the incident is resolved.',
  'Multi-line\ncomment with a tab\tand unicode: ünïcødé ✓ 🚀',
  'Can someone link the audit? I could not find it.',
  '" onmouseover="alert(1)',
];

/** Comments from readers: untrusted text, some of it hostile on purpose, stored as written. */
export function planComments(
  prng: Prng,
  clock: DemoClock,
  targets: Array<{ type: R.CommentRecord['targetType']; id: string }>,
  count = 160,
) {
  const comments: R.CommentRecord[] = [];
  for (let i = 0; i < count; i += 1) {
    const target = prng.chance(0.9) ? prng.pick(targets) : undefined;
    comments.push({
      id: prng.uuid(),
      createdAt: clock.ago(prng.between(0.1, 60 * 24)),
      author: `reader_${prng.int(100, 9999)}`,
      body: prng.pick(COMMENT_BODIES),
      targetType: target?.type ?? null,
      targetId: target?.id ?? null,
    });
  }
  return comments;
}
