import type { Clock } from '../clock.js';
import type { IntegritySurvey, LogIntegrityRepository } from './integrity-repository.js';
import type { LogWatch } from './log-watch.js';

/**
 * How long a row may wait for its entry before its absence is a gap: a take is logged in the
 * statement that files it and a receipt as it is published; the recovery pass (every 5 s, and at
 * start before the check) appends anything a crash left behind.
 */
export const LOGGED_WITHIN_MS = 60_000;

const plural = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;

/**
 * What the survey shows is lost or made up, one sentence each (empty when the log and the rows agree):
 * entries missing below the highest index, an index held twice, tree leaves no stored entry bears
 * out, entries naming rows that are gone, and rows that were never logged.
 */
export function integrityProblems(survey: IntegritySurvey): string[] {
  const problems: string[] = [];
  const duplicates = survey.stored - survey.distinctIndices;
  if (duplicates > 0)
    problems.push(`${plural(duplicates, 'log index is', 'log indices are')} held twice`);
  if (survey.firstMissing !== null) {
    const missing = survey.nextIndex - survey.distinctIndices;
    problems.push(
      `${plural(missing, 'entry', 'entries')} missing below index ${survey.nextIndex}: the first is index ${survey.firstMissing}`,
    );
  }
  if (survey.firstUnmatchedLeaf !== null) {
    const unmatched = survey.leaves - survey.matchingLeaves;
    const leaves =
      unmatched === 1
        ? '1 tree leaf has no stored entry with its hash'
        : `${unmatched} tree leaves have no stored entry with their hash`;
    problems.push(
      `${leaves} (entries lost or replaced): the first is index ${survey.firstUnmatchedLeaf}`,
    );
  }
  if (survey.leaves !== survey.head) {
    problems.push(`the tree head says ${survey.head} leaves but ${survey.leaves} are stored`);
  }
  const orphans = [
    [survey.orphans.take, 'take'],
    [survey.orphans.receipt, 'receipt'],
    [survey.orphans.outcome, 'outcome'],
  ] as const;
  for (const [n, kind] of orphans) {
    if (n > 0)
      problems.push(
        `${plural(n, `${kind} entry names a ${kind}`, `${kind} entries name ${kind}s`)} no longer stored`,
      );
  }
  const seconds = LOGGED_WITHIN_MS / 1000;
  if (survey.unlogged.take > 0) {
    problems.push(
      `${plural(survey.unlogged.take, 'accepted take')} older than ${seconds} s not in the log`,
    );
  }
  if (survey.unlogged.receipt > 0) {
    problems.push(
      `${plural(survey.unlogged.receipt, 'published receipt')} older than ${seconds} s not in the log`,
    );
  }
  return problems;
}

/** The log's integrity check: run at start (tlog/plugin.ts), its outcome kept by the LogWatch. */
export class LogIntegrity {
  private readonly repository: LogIntegrityRepository;
  private readonly watch: LogWatch;
  private readonly clock: Clock;

  constructor(uses: { repository: LogIntegrityRepository; watch: LogWatch; clock: Clock }) {
    this.repository = uses.repository;
    this.watch = uses.watch;
    this.clock = uses.clock;
  }

  /** Surveys the log and its rows, records the outcome (an alarm when anything is wrong). */
  async check(): Promise<string[]> {
    const now = this.clock.now();
    const survey = await this.repository.survey(new Date(now.getTime() - LOGGED_WITHIN_MS));
    const problems = integrityProblems(survey);
    this.watch.integrityChecked({ problems, entries: survey.stored }, this.clock.now());
    return problems;
  }
}
