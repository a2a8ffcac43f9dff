import { trackRecords, type MemberRecord, type SwarmRecord } from '@convene/protocol';
import type { Command } from 'commander';
import { logKeyOption, serviceKeyOption } from '../pinned-keys.js';
import type { CliContext } from '../context.js';
import { AgentError, EXIT } from '../../agent/exit-codes.js';
import { checked, failed, notChecked, passed, type Check } from '../../agent/checks.js';
import { finishChecks } from './checks.js';
import { LOG_INCLUSION, LOG_KEY_PINNED, logChecks } from '../../agent/log-checks.js';
import { fetchJson } from './service-get.js';
import { gatherOutcomes, type Gathered } from './track-record-data.js';

const TOLERANCE = 1e-9;

interface ServedMember {
  memberId: string;
  handle: string;
  minScoredTakes: number;
  horizons: Array<{ horizonDays: number; record: MemberRecord | null }>;
}

interface ServedBoard {
  horizons: number[];
  minScoredTakes: number;
  swarm: SwarmRecord;
  leaderboard: MemberRecord[];
  nextCursor: string | null;
}

/**
 * track-record verify <member> | --all — recomputes every outcome and score from the log's entries
 * and the public series with the protocol package, and compares with what the service serves.
 * Exit 0 all agree, 1 something differs, 6 nothing differs but some checks could not run.
 */
export function registerTrackRecord(program: Command, context: () => CliContext): void {
  const command = program
    .command('track-record')
    .description('recompute track records (docs/methodology.md) and compare with the service');
  command
    .command('verify [member]')
    .description(
      "recompute a member's track record (UUID or handle), or with --all the leaderboard and the swarm's record, from the logged outcomes, the consensus receipts and the public series",
    )
    .option('--all', 'every member and the swarm itself')
    .addOption(logKeyOption())
    .addOption(serviceKeyOption())
    .addHelpText(
      'after',
      '\nExamples:\n  convene track-record verify athena\n  convene track-record verify --all --log-key knMI9T1n…',
    )
    .action(
      async (
        member: string | undefined,
        options: { all?: boolean; logKey?: string; serviceKey?: string[] },
      ) => {
        if ((member === undefined) === (options.all !== true))
          throw new AgentError('give a member (UUID or handle) or --all, not both', EXIT.usage);
        const ctx = context();
        const gathered = await gatherOutcomes(ctx, options.serviceKey);
        const checks = [
          ...outcomeChecks(gathered, options.serviceKey),
          ...(await inclusionChecks(ctx, gathered, options.logKey)),
        ];
        const data: Record<string, unknown> = { outcomes: gathered.outcomes.length };
        if (member !== undefined) {
          const served = await fetchJson<ServedMember>(
            ctx,
            `/api/swarm/members/${encodeURIComponent(member)}/track-record`,
          );
          data.memberId = served.memberId;
          for (const { horizonDays, record } of served.horizons) {
            const recomputed = trackRecords(gathered.sessions, {
              horizonDays,
              minScoredTakes: served.minScoredTakes,
            }).members.find((m) => m.memberId === served.memberId);
            const differs = differences(recomputed ?? null, record);
            checks.push(
              checked(
                `${served.handle}'s ${horizonDays}-day record recomputes (${recomputed?.scoredTakes ?? 0} scored takes)`,
                differs.length === 0,
                differs.join('; '),
              ),
            );
          }
        } else {
          checks.push(...(await leaderboardChecks(ctx, gathered)));
        }
        finishChecks(ctx, data, checks);
      },
    );
}

function outcomeChecks(gathered: Gathered, serviceKey: readonly string[] | undefined): Check[] {
  const n = gathered.outcomes.length;
  const { problems } = gathered;
  const first = (list: string[]) =>
    `${list.length} problem(s); first: ${list[0]}${list.length > 1 ? ' …' : ''}`;
  return [
    checked(
      `each outcome's log entry verifies and holds the served record (${n})`,
      problems.entries.length === 0,
      first(problems.entries),
    ),
    checked(
      "each outcome's arithmetic recomputes and names its session's receipt",
      problems.records.length === 0,
      first(problems.records),
    ),
    checked(
      `outcome inputs are the public series' values (${gathered.seriesChecked} labels)`,
      problems.series.length === 0,
      first(problems.series),
    ),
    checked(
      'the consensus receipts (the counted takes) verify',
      problems.receipts.length === 0,
      first(problems.receipts),
    ),
    serviceKey === undefined
      ? notChecked('receipt key is one you pinned (--service-key)', 'no --service-key given')
      : passed('receipt key is one you pinned (--service-key)'),
  ];
}

/** Each outcome entry's inclusion under a checkpoint signed by the log key, as one check. */
async function inclusionChecks(
  ctx: CliContext,
  gathered: Gathered,
  logKey: string | undefined,
): Promise<Check[]> {
  const results: Check[] = [];
  for (const outcome of gathered.outcomes) {
    if (outcome.entry === null) continue;
    results.push(...(await logChecks(ctx, outcome.entry, logKey)).checks);
  }
  const inclusion = results.filter((c) => c.check === LOG_INCLUSION);
  if (inclusion.length === 0)
    return [notChecked(`outcome entries ${LOG_INCLUSION}`, 'the log serves no outcome entry')];
  const bad = inclusion.find((c) => c.status !== 'passed');
  const summary =
    bad === undefined
      ? passed(`outcome entries ${LOG_INCLUSION}`, `${inclusion.length} entries`)
      : { ...bad, check: `outcome entries ${LOG_INCLUSION}` };
  const pin = results.find((c) => c.check === LOG_KEY_PINNED && c.status !== 'passed');
  return [summary, pin ?? passed(LOG_KEY_PINNED)];
}

async function leaderboardChecks(ctx: CliContext, gathered: Gathered): Promise<Check[]> {
  const first = await fetchJson<ServedBoard>(ctx, '/api/swarm/track-record?limit=200');
  const checks: Check[] = [];
  for (const horizonDays of first.horizons) {
    const served: MemberRecord[] = [];
    let page: ServedBoard | undefined;
    do {
      const cursor = page?.nextCursor ? `&cursor=${page.nextCursor}` : '';
      page = await fetchJson<ServedBoard>(
        ctx,
        `/api/swarm/track-record?horizon=${horizonDays}&limit=200${cursor}`,
      );
      served.push(...page.leaderboard);
    } while (page.nextCursor !== null);
    const recomputed = trackRecords(gathered.sessions, {
      horizonDays,
      minScoredTakes: first.minScoredTakes,
    });
    const swarm = differences(recomputed.swarm, page.swarm);
    checks.push(
      checked(
        `the swarm's ${horizonDays}-day record recomputes (${recomputed.swarm.sessions} sessions)`,
        swarm.length === 0,
        swarm.join('; '),
      ),
    );
    const byId = new Map(recomputed.members.map((m) => [m.memberId, m]));
    const board = served.flatMap((m) =>
      differences(byId.get(m.memberId) ?? null, m).map((d) => `${m.memberId}: ${d}`),
    );
    if (served.length !== recomputed.members.length)
      board.push(`${served.length} members served, ${recomputed.members.length} recomputed`);
    checks.push(
      checked(
        `the ${horizonDays}-day leaderboard recomputes (${served.length} members)`,
        board.length === 0,
        board.slice(0, 3).join('; '),
      ),
    );
  }
  return checks.length === 0 ? [failed('leaderboard', 'the service lists no horizon')] : checks;
}

/** Every figure of `expected` that `served` does not have within 1e-9 (ranks and counts exactly). */
export function differences(expected: unknown, served: unknown, path = ''): string[] {
  if (typeof expected === 'number' && typeof served === 'number')
    return Math.abs(expected - served) <= TOLERANCE ? [] : [`${path}: ${served} ≠ ${expected}`];
  if (expected === null || served === null || typeof expected !== 'object')
    return expected === served ? [] : [`${path}: ${String(served)} ≠ ${String(expected)}`];
  if (typeof served !== 'object') return [`${path}: not served`];
  return Object.entries(expected).flatMap(([key, value]) =>
    differences(
      value,
      (served as Record<string, unknown>)[key],
      path === '' ? key : `${path}.${key}`,
    ),
  );
}
