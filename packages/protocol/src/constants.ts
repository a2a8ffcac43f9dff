/** The stance vocabulary in ascending order: the order is part of the protocol. */
export const STANCES = ['bearish', 'cautious', 'neutral', 'constructive', 'bullish'] as const;

export type Stance = (typeof STANCES)[number];

/** Score of each stance; `score` in an aggregate is the mean of these. */
export const STANCE_SCORES: Readonly<Record<Stance, number>> = Object.freeze({
  bearish: -1,
  cautious: -0.5,
  neutral: 0,
  constructive: 0.5,
  bullish: 1,
});

/** Limits of spec §8, plus the weight-list bounds Convene adds (see docs/protocol.md). */
export const LIMITS = Object.freeze({
  MAX_TAKES_PER_MEMBER_PER_SESSION: 5,
  MEMBER_ID_MAX: 100,
  SUBJECT_ID_MAX: 100,
  NONCE_MAX: 200,
  STANCE_MAX: 100,
  SIGNATURE_MAX: 2000,
  BODY_MAX: 10_000,
  MEMO_URL_MAX: 2000,
  /** Convene's bound: at most this many buckets in one take's `weights`. */
  WEIGHTS_MAX: 64,
  /** Convene's bound: a bucket name is at most this many characters. */
  BUCKET_MAX: 100,
});

/** Session and take dates: regex only, as the spec says (no calendar check). */
export const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;

/** The UTC calendar date of an instant, `YYYY-MM-DD` (the form DATE_RE accepts). */
export const utcDate = (instant: Date): string => instant.toISOString().slice(0, 10);

/** A session's states, in lifecycle order (`cancelled` can follow `scheduled` or `collecting`). */
export const SESSION_STATES = [
  'scheduled',
  'collecting',
  'window_closed',
  'aggregated',
  'published',
  'cancelled',
] as const;

export type SessionState = (typeof SESSION_STATES)[number];

/** Error texts of spec §7 that the protocol's validators and verifiers produce. */
export const INVALID_SUBMISSION = 'invalid submission';
export const STANCE_ERROR =
  'stance must be one of bearish, cautious, neutral, constructive, bullish';
export const INVALID_SIGNING_DRAFT = 'invalid signing draft';
export const SIGNATURE_VERIFICATION_FAILED = 'signature verification failed';

export const RECEIPT_KIND = 'convene.consensus.v1';
export const TOKEN_CLAIM_PURPOSE = 'swarm-token-claim-v1';
export const JUDGEMENT_PURPOSE = 'swarm-judgement-v1';
export const JUDGE_MODE_ENFORCE = 'enforce';

/** How a judge rates releasing a session's recommendation (ascending risk). */
export const RELEASE_SAFETY = ['safe', 'caution', 'unsafe'] as const;
export type ReleaseSafety = (typeof RELEASE_SAFETY)[number];

export const DEFAULT_REQUIRED_QUORUM = 1;
