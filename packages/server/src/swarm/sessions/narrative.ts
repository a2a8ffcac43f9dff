import { STANCES, sessionRationale, type Stance } from '@convene/protocol';
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

/** Why the swarm recommends what it does (the protocol's text, so readers can recompute it). */
export function rationaleText(input: NarrativeInput): string {
  return sessionRationale({
    subjectName: input.subjectName,
    recommendationType: input.recommendationType,
    figures: input.aggregate,
  });
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

function onlyStance(a: StoredAggregate): Stance | 'mixed' {
  return STANCES.find((s) => a.stances[s] === a.quorum.submitted) ?? 'mixed';
}

const percent = (value: number): string => `${(value * 100).toFixed(1)}%`;

function names(memberIds: readonly string[], handles: ReadonlyMap<string, string>): string {
  const shown = memberIds.slice(0, 6).map((id) => handles.get(id) ?? id);
  return memberIds.length > 6
    ? `${shown.join(', ')} and ${memberIds.length - 6} more`
    : shown.join(', ');
}
