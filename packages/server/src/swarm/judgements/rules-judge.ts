import { jcs, sha256Hex, type ReleaseSafety, type ReceiptJudge } from '@convene/protocol';
import type { StoredAggregate } from '../shared/stored-aggregate.js';

export const RULES_JUDGE_ID = 'convene-rules';
export const RULES_JUDGE_MODEL = 'convene-rules/1';

/** The rules, verbatim: `promptHash` is the sha256 of this text, so any change shows in receipts. */
export const RULES_TEXT = [
  'convene-rules/1: release safety of a session recommendation.',
  '1. unsafe when the quorum is not met.',
  '2. unsafe when the recommended weights drift more than 0.50 (total variation) from the reference allocation.',
  '3. caution when the drift is more than 0.20.',
  '4. caution when the stance spread is 1.5 or more (e.g. bearish against constructive).',
  '5. caution when participation is below 0.5.',
  '6. caution when any bucket weight spreads more than 0.25 between members.',
  '7. safe otherwise. The most severe rule that applies decides.',
].join('\n');

const DRIFT_UNSAFE = 0.5;
const DRIFT_CAUTION = 0.2;
const STANCE_SPREAD_CAUTION = 1.5;
const PARTICIPATION_CAUTION = 0.5;
const BUCKET_SPREAD_CAUTION = 0.25;
const BUCKET_SPREAD_NOTED = 0.1;

export interface RulesJudgement {
  judgedBy: string;
  releaseSafety: ReleaseSafety;
  rationale: string;
  disagreements: string[];
  model: string;
  promptHash: string;
  inputsDigest: string;
}

/** The in-house judge: deterministic rules over quorum, disagreement and drift from the reference. */
export function judgeByRules(sessionId: string, aggregate: StoredAggregate): RulesJudgement {
  const { quorum, disagreement, drift } = aggregate;
  const maxBucketSpread = Math.max(0, ...disagreement.buckets.map((b) => b.spread));
  const inputs = {
    sessionId,
    submitted: quorum.submitted,
    rosterSize: quorum.rosterSize,
    required: quorum.required,
    met: quorum.met,
    participation: quorum.participation,
    stanceSpread: disagreement.stanceSpread,
    maxBucketSpread,
    drift,
  };
  const findings: Array<{ safety: ReleaseSafety; text: string }> = [];
  if (!quorum.met)
    findings.push({
      safety: 'unsafe',
      text: `quorum not met: ${quorum.submitted} of ${quorum.required} required members submitted`,
    });
  if (drift !== null && drift > DRIFT_UNSAFE)
    findings.push({
      safety: 'unsafe',
      text: `drift ${drift.toFixed(3)} from the reference exceeds ${DRIFT_UNSAFE}`,
    });
  else if (drift !== null && drift > DRIFT_CAUTION)
    findings.push({
      safety: 'caution',
      text: `drift ${drift.toFixed(3)} from the reference exceeds ${DRIFT_CAUTION}`,
    });
  if (disagreement.stanceSpread >= STANCE_SPREAD_CAUTION)
    findings.push({
      safety: 'caution',
      text: `stance spread ${disagreement.stanceSpread} is wide`,
    });
  if (quorum.rosterSize > 0 && quorum.participation < PARTICIPATION_CAUTION)
    findings.push({
      safety: 'caution',
      text: `participation ${quorum.participation.toFixed(2)} is low`,
    });
  if (maxBucketSpread > BUCKET_SPREAD_CAUTION)
    findings.push({
      safety: 'caution',
      text: `a bucket spreads ${maxBucketSpread.toFixed(3)} between members`,
    });

  const releaseSafety: ReleaseSafety = findings.some((f) => f.safety === 'unsafe')
    ? 'unsafe'
    : findings.length > 0
      ? 'caution'
      : 'safe';
  return {
    judgedBy: RULES_JUDGE_ID,
    releaseSafety,
    rationale:
      findings.length === 0
        ? 'Safe: quorum met, stances and weights within bounds, no material drift from the reference.'
        : `${capitalise(releaseSafety)}: ${findings.map((f) => f.text).join('; ')}.`,
    disagreements: disagreementNotes(aggregate),
    model: RULES_JUDGE_MODEL,
    promptHash: sha256Hex(RULES_TEXT),
    inputsDigest: sha256Hex(jcs(inputs)),
  };
}

/** The receipt's `judge` block for a rules judgement (always enforce mode). */
export function receiptJudge(
  judgement: Omit<RulesJudgement, 'rationale' | 'disagreements'>,
): ReceiptJudge {
  return {
    mode: 'enforce',
    judgedBy: judgement.judgedBy,
    releaseSafety: judgement.releaseSafety,
    model: judgement.model,
    promptHash: judgement.promptHash,
    inputsDigest: judgement.inputsDigest,
  };
}

function disagreementNotes(aggregate: StoredAggregate): string[] {
  const notes: string[] = [];
  const poles = aggregate.disagreement.poles;
  if (poles !== null) {
    notes.push(
      `${poles.mostConstructive.members.length} ${poles.mostConstructive.stance} against ${poles.leastConstructive.members.length} ${poles.leastConstructive.stance}`,
    );
  }
  for (const bucket of aggregate.disagreement.buckets) {
    if (bucket.spread > BUCKET_SPREAD_NOTED) {
      notes.push(`${bucket.bucket}: ${bucket.min.toFixed(3)} to ${bucket.max.toFixed(3)}`);
    }
  }
  return notes;
}

const capitalise = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);
