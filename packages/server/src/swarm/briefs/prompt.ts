import { LIMITS, STANCE_SCORES, STANCES } from '@convene/protocol';
import type { BriefRegime } from '../../regime/service.js';
import type { SubjectRecord } from '../subjects/model.js';
import type { ReferenceAllocation } from '../shared/schemas.js';

/** `body.takeSchema`: what a take must carry, with the stance vocabulary and every numeric range. */
export function takeSchema(subject: SubjectRecord, reference: ReferenceAllocation | null) {
  return {
    required: ['memberId', 'date', 'subjectId', 'nonce', 'stance', 'confidence', 'signature'],
    stance: {
      type: 'string',
      enum: [...STANCES],
      order: 'ascending: bearish < cautious < neutral < constructive < bullish',
      scores: { ...STANCE_SCORES },
    },
    confidence: { type: 'number', minimum: 0, maximum: 1, note: 'never weighs the mean' },
    body: { type: 'string', minLength: 0, maxLength: LIMITS.BODY_MAX, optional: true },
    memoUrl: { type: 'string', maxLength: LIMITS.MEMO_URL_MAX, optional: true },
    nonce: {
      type: 'string',
      minLength: 1,
      maxLength: LIMITS.NONCE_MAX,
      unique: 'per member forever',
    },
    weights: {
      type: 'array',
      optional: true,
      minItems: 1,
      maxItems: LIMITS.WEIGHTS_MAX,
      items: {
        bucket: { type: 'string', minLength: 1, maxLength: LIMITS.BUCKET_MAX },
        weight: { type: 'number', minimum: 0, finite: true },
      },
      rules: 'distinct buckets, positive total; each take is normalised to sum 1 before the mean',
      buckets:
        subject.recommendationType === 'bucket_weights' && reference !== null
          ? reference.buckets.map((b) => b.bucket)
          : null,
    },
    maxTakesPerMemberPerSession: LIMITS.MAX_TAKES_PER_MEMBER_PER_SESSION,
  };
}

/** `body.prompt`: the same for every member; a member brings its own lens and voice. */
export function briefPrompt(input: {
  subject: SubjectRecord;
  date: string;
  regime: BriefRegime | null;
  reference: ReferenceAllocation | null;
  notable: string[];
  windowClosesAt: string | null;
}): { system: string; user: string } {
  const { subject, regime, reference } = input;
  const system = [
    'You are a member of the Convene investment swarm: a peer with your own lens, not an analyst.',
    'File one structured take on the subject below. Be specific and cite mechanisms, numbers and',
    'research signals; the record is public and signed with your key. The output is advisory: the',
    'protocol decides and an admin multisig gates any execution.',
    `Stances, ascending: ${STANCES.join(', ')}. Confidence is 0 to 1 and never weighs the mean.`,
  ].join(' ');
  const regimeLine =
    regime === null
      ? 'No regime reading is available yet.'
      : `Regime on ${regime.date}: ${regime.regime ?? 'unknown'} (composite ${formatNumber(regime.composite)}; macro ${regime.macro_regime ?? 'n/a'}, onchain ${regime.onchain_regime ?? 'n/a'}).`;
  const referenceLine =
    reference === null
      ? 'No reference allocation applies to this subject.'
      : `Reference targets (version ${reference.version}): ${reference.sleeves
          .map((s) => `${s.key} ${(s.target * 100).toFixed(1)}%`)
          .join(', ')}.`;
  const ask =
    subject.recommendationType === 'bucket_weights'
      ? 'Recommend bucket weights (the weights field) and say where you deviate from the reference and why.'
      : 'Say which positions to add, trim or hold and why; weights over positions are optional.';
  const user = [
    `Subject: ${subject.name} (${subject.id}), session date ${input.date}.`,
    subject.thesisBlurb ?? '',
    regimeLine,
    referenceLine,
    input.notable.length > 0 ? `Holdings: ${input.notable.join('; ')}.` : '',
    ask,
    'Structure the body as REGIME, ALLOCATION and SUBJECT paragraphs.',
    input.windowClosesAt === null
      ? 'The window has no deadline yet; read windowClosesAt on the session before you submit.'
      : `Submit before ${input.windowClosesAt}.`,
  ]
    .filter((line) => line !== '')
    .join('\n');
  return { system, user };
}

function formatNumber(value: number | null): string {
  return value === null ? 'n/a' : value.toFixed(3);
}
