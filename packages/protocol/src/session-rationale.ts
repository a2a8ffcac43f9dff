// The session's rationale: a deterministic reading of the aggregate's figures. Shared so that a
// reader can recompute it from the figures of a receipt it verified and see whether the prose a
// service shows beside them says the same (the prose itself is not signed).
import type { Aggregate } from './aggregate.js';

export interface RationaleInput {
  subjectName: string;
  recommendationType: 'bucket_weights' | 'position_actions';
  figures: Pick<Aggregate, 'score' | 'confidence' | 'weights'> & {
    quorum: Pick<Aggregate['quorum'], 'submitted' | 'required' | 'met'>;
    /** Distance of the weights from the reference allocation (0..1); null without either. */
    drift: number | null;
  };
}

/** Why the swarm recommends what it does, argued from the numbers alone (never a take's body). */
export function sessionRationale({ subjectName, recommendationType, figures: a }: RationaleInput) {
  if (a.quorum.submitted === 0) {
    return `No member filed a take on ${subjectName}, so the swarm makes no recommendation; the quorum of ${a.quorum.required} was not met.`;
  }
  const parts = [
    `The swarm leans ${leaning(a.score)} on ${subjectName}: the mean stance score is ${signed(a.score)} across ${a.quorum.submitted} counted takes, with mean confidence ${a.confidence.toFixed(2)}.`,
  ];
  if (a.weights.length > 0) {
    const top = [...a.weights].sort((x, y) => y.weight - x.weight).slice(0, 3);
    parts.push(
      `It ${recommendationType === 'bucket_weights' ? 'recommends' : 'weights positions as'} ${top.map((w) => `${w.bucket} ${percent(w.weight)}`).join(', ')}${a.weights.length > 3 ? ` and ${a.weights.length - 3} more` : ''}.`,
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

function leaning(score: number): string {
  if (score <= -0.75) return 'bearish';
  if (score <= -0.25) return 'cautious';
  if (score < 0.25) return 'neutral';
  if (score < 0.75) return 'constructive';
  return 'bullish';
}

const signed = (value: number): string => `${value >= 0 ? '+' : ''}${value.toFixed(2)}`;
const percent = (value: number): string => `${(value * 100).toFixed(1)}%`;
