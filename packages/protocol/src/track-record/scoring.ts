// Scores of docs/methodology.md §3 and §5: one session's counted takes against its outcome record.
import { byMemberId } from '../aggregate.js';
import { STANCE_SCORES, type Stance } from '../constants.js';
import { compareCodePoints } from '../strings.js';
import type { Weight } from '../take.js';
import { allocationReturn, labelReturns, type OutcomeRecord } from './outcome.js';

/** The probability an absence is scored with (the neutral forecast). */
export const ABSENT_PROBABILITY = 0.5;

/** A counted take: the member's highest revision on file when the session aggregated. */
export interface CountedTake {
  memberId: string;
  takeId: string;
  revision: number;
  stance: Stance;
  confidence: number;
  weights?: readonly Weight[] | undefined;
}

/** A published session with its outcome: the record, its counted takes and aggregated roster. */
export interface ScoringSession {
  record: OutcomeRecord;
  takes: readonly CountedTake[];
  /** The roster the session aggregated over: counted members plus the absent ones. */
  roster: readonly string[];
}

export interface TakeScore {
  sessionId: string;
  sessionDate: string;
  subjectId: string;
  horizonDays: number;
  memberId: string;
  takeId: string;
  revision: number;
  stance: Stance;
  confidence: number;
  probability: number;
  occurred: boolean;
  brier: number;
  log: number;
  weightReturn: number | null;
  excessVsReference: number | null;
  excessVsConsensus: number | null;
  weightContribution: number | null;
  stanceContribution: number | null;
}

export interface SessionScore {
  sessionId: string;
  sessionDate: string;
  subjectId: string;
  horizonDays: number;
  counted: number;
  /** The pooled forecast: the mean of the counted takes' probabilities. */
  probability: number | null;
  occurred: boolean;
  brier: number | null;
  consensusReturn: number | null;
  referenceReturn: number | null;
  /** R(consensus) − R(reference), null without either. */
  excess: number | null;
}

/** p = 0.5 + 0.49 · s · c. */
export function stanceProbability(stance: Stance, confidence: number): number {
  return 0.5 + 0.49 * STANCE_SCORES[stance] * confidence;
}

export const brierScore = (p: number, occurred: boolean): number => (p - (occurred ? 1 : 0)) ** 2;
export const logScore = (p: number, occurred: boolean): number =>
  occurred ? Math.log(p) : Math.log(1 - p);

const minus = (a: number | null, b: number | null): number | null =>
  a === null || b === null ? null : a - b;

/** Normalised weights (each / the total summed in submitted order), as the aggregation has them. */
function normalised(weights: readonly Weight[]): Map<string, number> {
  let total = 0;
  for (const { weight } of weights) total += weight;
  return new Map(weights.map(({ bucket, weight }) => [bucket, weight / total]));
}

/**
 * The scores of one session's counted takes and of the swarm (§3, §5); null when its record is not
 * `scored`. Sums run over the takes in memberId order.
 */
export function scoreSession(
  session: ScoringSession,
): { session: SessionScore; takes: TakeScore[] } | null {
  const { record } = session;
  if (record.status !== 'scored' || record.event.occurred === null) return null;
  const occurred = record.event.occurred;
  const returns = labelReturns(record.labels);
  const takes = [...session.takes].sort(byMemberId);
  const probabilities = takes.map((t) => stanceProbability(t.stance, t.confidence));
  let probabilitySum = 0;
  for (const p of probabilities) probabilitySum += p;
  const n = takes.length;
  const pooled = n === 0 ? null : probabilitySum / n;
  const pooledBrier = pooled === null ? null : brierScore(pooled, occurred);

  // S_b: the weighted takes' normalised weights summed per label, in memberId order.
  const rows = takes.map((t) => (t.weights === undefined ? null : normalised(t.weights)));
  const weighted = rows.filter((row) => row !== null).length;
  const sums = new Map<string, number>();
  for (const row of rows) {
    if (row === null) continue;
    for (const [bucket, share] of row) sums.set(bucket, (sums.get(bucket) ?? 0) + share);
  }
  const consensusReturn = record.consensus.return;
  const referenceReturn = record.reference?.return ?? null;

  const scores = takes.map((take, i): TakeScore => {
    const p = probabilities[i]!;
    const row = rows[i]!;
    const weightReturn =
      take.weights === undefined ? null : allocationReturn(take.weights, returns);
    let weightContribution: number | null = null;
    if (row !== null && weighted > 1) {
      const without = [...sums.keys()].sort(compareCodePoints).map((bucket) => ({
        bucket,
        weight: (sums.get(bucket)! - (row.get(bucket) ?? 0)) / (weighted - 1),
      }));
      weightContribution = minus(consensusReturn, allocationReturn(without, returns));
    }
    const stanceContribution =
      n > 1 && pooledBrier !== null
        ? brierScore((probabilitySum - p) / (n - 1), occurred) - pooledBrier
        : null;
    return {
      sessionId: record.sessionId,
      sessionDate: record.sessionDate,
      subjectId: record.subjectId,
      horizonDays: record.horizonDays,
      memberId: take.memberId,
      takeId: take.takeId,
      revision: take.revision,
      stance: take.stance,
      confidence: take.confidence,
      probability: p,
      occurred,
      brier: brierScore(p, occurred),
      log: logScore(p, occurred),
      weightReturn,
      excessVsReference: minus(weightReturn, referenceReturn),
      excessVsConsensus: minus(weightReturn, consensusReturn),
      weightContribution,
      stanceContribution,
    };
  });
  return {
    session: {
      sessionId: record.sessionId,
      sessionDate: record.sessionDate,
      subjectId: record.subjectId,
      horizonDays: record.horizonDays,
      counted: n,
      probability: pooled,
      occurred,
      brier: pooledBrier,
      consensusReturn,
      referenceReturn,
      excess: minus(consensusReturn, referenceReturn),
    },
    takes: scores,
  };
}
