import { STANCES, type Stance } from '@convene/protocol';
import type { RegimeSummary } from '../../regime/service.js';
import type { StoredAggregate } from '../shared/stored-aggregate.js';

export interface NarrativeInput {
  subjectName: string;
  recommendationType: 'bucket_weights' | 'position_actions';
  aggregate: StoredAggregate;
  /** memberId → handle, to name members instead of quoting them. */
  handles: ReadonlyMap<string, string>;
  regime: RegimeSummary | null;
}

/*
 * Two templates on purpose (prior-art #418: one aggregator copied take bodies into both). The
 * rationale argues the recommendation from the numbers; the synthesis reports the room: who took
 * part, where the poles were. Neither quotes a take body; both are deterministic.
 */

/** Why the swarm recommends what it does. */
export function rationaleText(input: NarrativeInput): string {
  const { aggregate: a } = input;
  if (a.quorum.submitted === 0) {
    return `No member filed a take on ${input.subjectName}, so the swarm makes no recommendation; the quorum of ${a.quorum.required} was not met.`;
  }
  const parts = [
    `The swarm leans ${leaning(a.score)} on ${input.subjectName}: the mean stance score is ${signed(a.score)} across ${a.quorum.submitted} counted takes, with mean confidence ${a.confidence.toFixed(2)}.`,
  ];
  if (a.weights.length > 0) {
    const top = [...a.weights].sort((x, y) => y.weight - x.weight).slice(0, 3);
    parts.push(
      `It ${input.recommendationType === 'bucket_weights' ? 'recommends' : 'weights positions as'} ${top.map((w) => `${w.bucket} ${percent(w.weight)}`).join(', ')}${a.weights.length > 3 ? ` and ${a.weights.length - 3} more` : ''}.`,
    );
  }
  if (a.drift !== null) {
    parts.push(
      a.drift < 0.02
        ? 'That is in line with the reference allocation.'
        : `That moves ${percent(a.drift)} of the portfolio away from the reference allocation.`,
    );
  }
  parts.push(
    a.quorum.met
      ? `The quorum of ${a.quorum.required} was met.`
      : `The quorum of ${a.quorum.required} was not met, so the recommendation is weak.`,
  );
  return parts.join(' ');
}

/** What the room looked like: participation, the stance split, the poles and the widest bucket. */
export function synthesisText(input: NarrativeInput): string {
  const { aggregate: a } = input;
  const lines = [
    `Participation: ${a.quorum.submitted} of ${a.quorum.rosterSize} expected members (${percent(a.quorum.participation)}).`,
  ];
  const split = STANCES.filter((s) => a.stances[s] > 0).map((s) => `${a.stances[s]} ${s}`);
  lines.push(`Stance split: ${split.length === 0 ? 'none' : split.join(', ')}.`);
  const poles = a.disagreement.poles;
  if (poles !== null) {
    lines.push(
      `Poles: ${names(poles.mostConstructive.members, input.handles)} (${poles.mostConstructive.stance}) against ${names(poles.leastConstructive.members, input.handles)} (${poles.leastConstructive.stance}); spread ${a.disagreement.stanceSpread.toFixed(2)}.`,
    );
  } else if (a.quorum.submitted > 1) {
    lines.push(`No stance disagreement: every counted take is ${onlyStance(a)}.`);
  }
  const widest = [...a.disagreement.buckets].sort((x, y) => y.spread - x.spread)[0];
  if (widest !== undefined && widest.spread > 0) {
    lines.push(
      `Widest weight disagreement: ${widest.bucket}, from ${percent(widest.min)} to ${percent(widest.max)}.`,
    );
  }
  if (a.quorum.absent.length > 0) {
    lines.push(`Absent: ${names(a.quorum.absent, input.handles)}.`);
  }
  if (input.regime !== null) {
    lines.push(
      `Regime at convene: ${input.regime.regime ?? 'unknown'} (composite ${input.regime.composite?.toFixed(2) ?? 'n/a'}, percentile ${input.regime.composite_percentile?.toFixed(2) ?? 'n/a'}).`,
    );
  }
  return lines.join('\n');
}

function leaning(score: number): string {
  if (score <= -0.75) return 'bearish';
  if (score <= -0.25) return 'cautious';
  if (score < 0.25) return 'neutral';
  if (score < 0.75) return 'constructive';
  return 'bullish';
}

function onlyStance(a: StoredAggregate): Stance | 'mixed' {
  return STANCES.find((s) => a.stances[s] === a.quorum.submitted) ?? 'mixed';
}

const signed = (value: number): string => `${value >= 0 ? '+' : ''}${value.toFixed(2)}`;
const percent = (value: number): string => `${(value * 100).toFixed(1)}%`;

function names(memberIds: readonly string[], handles: ReadonlyMap<string, string>): string {
  const shown = memberIds.slice(0, 6).map((id) => handles.get(id) ?? id);
  return memberIds.length > 6
    ? `${shown.join(', ')} and ${memberIds.length - 6} more`
    : shown.join(', ');
}
