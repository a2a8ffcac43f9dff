import { createHash } from 'node:crypto';
import {
  compareCodePoints,
  stanceProbability,
  STANCES,
  type Stance,
  type TakeDraftInput,
} from '@convene/protocol';
import type { HousePersona } from './personas.js';

/** A small deterministic PRNG (mulberry32) seeded from text, so the demo is the same every time. */
export function random(seedText: string): () => number {
  let state = createHash('sha256').update(seedText).digest().readUInt32LE(0);
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface AuthoringContext {
  sessionId: string;
  /**
   * What the members' draws are keyed by: the subject and the convening time, not the session's
   * random id, so a demo seeded on the same day files the same takes every time.
   */
  seed: string;
  subjectId: string;
  date: string;
  composite: number | null;
  regime: string | null;
  /** Reference weights (bucket_weights) or the declared positions' weights (position_actions). */
  reference: Array<{ bucket: string; weight: number }>;
  recommendationType: 'bucket_weights' | 'position_actions';
  /** Whether the subject rose over the 7 days after the date (foresight.ts); null: unknown. */
  rises: boolean | null;
}

const AGENT_BUCKETS = new Set([
  'service_token',
  'juno',
  'woon',
  'peaq',
  'zyfai',
  'giza',
  'deus',
  'agent_tokens',
]);

/** A house member's take on a session: stance from the regime and its lens, weights near the reference. */
export function authorTake(
  persona: HousePersona,
  memberId: string,
  context: AuthoringContext,
  revision: number,
): TakeDraftInput {
  const rand = random(`${persona.name}:${context.seed}:${revision}`);
  const belief = beliefOf(persona, context.rises, rand);
  let stance: Stance;
  let confidence: number;
  if (belief === null) {
    const composite = context.composite ?? 0.5;
    const score = Math.max(
      -1,
      Math.min(1, (composite - 0.5) * 2 + persona.bias + (rand() - 0.5) * 0.6),
    );
    stance = STANCES[Math.min(4, Math.max(0, Math.round((score + 1) * 2)))] as Stance;
    confidence = Math.round((0.35 + rand() * 0.5) * 100) / 100;
  } else {
    const strong = rand() < 0.5;
    stance = belief ? (strong ? 'bullish' : 'constructive') : strong ? 'bearish' : 'cautious';
    confidence = Math.round((0.5 + rand() * 0.4) * 100) / 100;
    // An informed member files what it knows: a call right with probability `accuracy` as the
    // probability `accuracy`, the forecast a proper score rewards (docs/methodology.md §3, §8).
    if (persona.skill.kind === 'informed')
      ({ stance, confidence } = calibrated(belief, persona.skill.accuracy));
  }
  const tilt = belief === null ? persona.agentTilt : belief ? 0.03 : -0.03;
  const weights = tiltedWeights({ agentTilt: tilt }, context, rand);
  return {
    memberId,
    date: context.date,
    subjectId: context.subjectId,
    nonce: `house-${persona.name.toLowerCase()}-${context.sessionId}-${revision}`,
    stance,
    confidence,
    body: takeBody(persona, context, stance, weights),
    weights,
  };
}

/**
 * The copier's take (docs/methodology.md §8): the others' pooled probability as a stance and
 * confidence, and the mean of their normalised weights; null when nobody has filed yet.
 */
export function copiedTake(
  persona: HousePersona,
  memberId: string,
  context: AuthoringContext,
  others: readonly TakeDraftInput[],
  revision: number,
): TakeDraftInput | null {
  if (others.length === 0) return null;
  let sum = 0;
  for (const take of others) sum += stanceProbability(take.stance as Stance, take.confidence);
  const p = sum / others.length;
  const stance: Stance = p >= 0.5 ? 'bullish' : 'bearish';
  const weighted = others.flatMap((take) => (take.weights == null ? [] : [take.weights]));
  const shares = new Map<string, number>();
  for (const weights of weighted) {
    const total = weights.reduce((a, w) => a + w.weight, 0);
    for (const w of weights) shares.set(w.bucket, (shares.get(w.bucket) ?? 0) + w.weight / total);
  }
  const weights = [...shares]
    .sort(([a], [b]) => compareCodePoints(a, b))
    .map(([bucket, share]) => ({ bucket, weight: share / weighted.length }));
  return {
    memberId,
    date: context.date,
    subjectId: context.subjectId,
    nonce: `house-${persona.name.toLowerCase()}-${context.sessionId}-${revision}`,
    stance,
    confidence: Math.min(1, Math.abs(p - 0.5) / 0.49),
    body: takeBody(persona, context, stance, weights),
    ...(weights.length === 0 ? {} : { weights }),
  };
}

/**
 * What an informed or contrarian member believes about the subject rising (docs/methodology.md §8):
 * the realised move with probability `accuracy` (its opposite for a contrarian), else the other
 * way; null for the noise member, or when the realised move is unknown.
 */
function beliefOf(
  persona: HousePersona,
  rises: boolean | null,
  rand: () => number,
): boolean | null {
  const { skill } = persona;
  if (rises === null || (skill.kind !== 'informed' && skill.kind !== 'contrarian')) return null;
  const right = rand() < skill.accuracy;
  const call = right ? rises : !rises;
  return skill.kind === 'informed' ? call : !call;
}

/**
 * The mildest stance and the confidence (two decimals) whose probability (§3) is `accuracy` towards
 * the call: constructive 0.61 for 0.65 (p ≈ 0.649), bullish 0.61 for 0.8 (p ≈ 0.799).
 */
export function calibrated(
  rises: boolean,
  accuracy: number,
): { stance: Stance; confidence: number } {
  const lean = accuracy - 0.5;
  const mild = lean <= 0.245;
  const stance: Stance = rises
    ? mild
      ? 'constructive'
      : 'bullish'
    : mild
      ? 'cautious'
      : 'bearish';
  return { stance, confidence: Math.round((lean / (mild ? 0.245 : 0.49)) * 100) / 100 };
}

function tiltedWeights(
  persona: Pick<HousePersona, 'agentTilt'>,
  context: AuthoringContext,
  rand: () => number,
): Array<{ bucket: string; weight: number }> {
  const agentShare = context.reference
    .filter((w) => AGENT_BUCKETS.has(w.bucket))
    .reduce((sum, w) => sum + w.weight, 0);
  const tilt =
    agentShare > 0 ? Math.max(-agentShare, persona.agentTilt + (rand() - 0.5) * 0.02) : 0;
  return context.reference.map((w) => {
    const isAgent = AGENT_BUCKETS.has(w.bucket);
    const scale = isAgent
      ? (agentShare + tilt) / agentShare
      : (1 - agentShare - tilt) / (1 - agentShare);
    const jitter = 1 + (rand() - 0.5) * 0.2;
    return {
      bucket: w.bucket,
      weight: Math.round(Math.max(0, w.weight * scale * jitter) * 10_000) / 10_000,
    };
  });
}

function takeBody(
  persona: HousePersona,
  context: AuthoringContext,
  stance: Stance,
  weights: Array<{ bucket: string; weight: number }>,
): string {
  const top = [...weights].sort((a, b) => b.weight - a.weight)[0];
  const composite = context.composite === null ? 'n/a' : context.composite.toFixed(2);
  return [
    `REGIME: composite ${composite} (${context.regime ?? 'unknown'}); as ${persona.lens} I read it ${stance}.`,
    `ALLOCATION: largest weight ${top?.bucket ?? 'none'} at ${((top?.weight ?? 0) * 100).toFixed(1)}%; see late-cycle-signals before adding risk.`,
    `SUBJECT: ${context.subjectId} on ${context.date}. ${persona.mandate}`,
    `STANCE: ${stance}`,
  ].join('\n\n');
}
