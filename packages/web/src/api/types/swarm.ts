// Shapes of the swarm read routes (packages/server/src/swarm/*/routes.ts, sessions/schemas.ts).
type Nullable<T> = T | null;

export interface SwarmMember {
  id: string;
  handle: string;
  displayName: string;
  status: string;
  role: string;
  lens: Nullable<string>;
  mandate: Nullable<string>;
  tagline: Nullable<string>;
  biases: string[];
  operator: Nullable<string>;
  mode: Nullable<string>;
  house: boolean;
  publicKey: Nullable<string>;
  appliedAt: string;
  activatedAt: Nullable<string>;
}

export interface Weight {
  bucket: string;
  weight: number;
}

export interface Recommendation {
  stances: Record<string, number>;
  score: number;
  confidence: number;
  weights: Weight[];
  drift: Nullable<number>;
}

export interface Quorum {
  rosterSize: number;
  submitted: number;
  absent: string[];
  participation: number;
  required: number;
  met: boolean;
}

export interface DisagreementMap {
  stanceSpread: number;
  stanceStdev: number;
  poles: Nullable<{
    mostConstructive: { stance: string; members: string[] };
    leastConstructive: { stance: string; members: string[] };
  }>;
  buckets: { bucket: string; min: number; max: number; spread: number; stdev: number }[];
}

export type SessionState =
  'scheduled' | 'collecting' | 'window_closed' | 'aggregated' | 'published' | 'cancelled';

export interface SessionSummary {
  id: string;
  date: string;
  subjectId: string;
  state: SessionState;
  convenedAt: string;
  windowClosesAt: Nullable<string>;
  closedAt: Nullable<string>;
  aggregatedAt: Nullable<string>;
  publishedAt: Nullable<string>;
  fireAt: Nullable<string>;
  takeCount: number;
  referenceAllocation: unknown;
  quorum: Nullable<Quorum>;
  recommendation: Nullable<Recommendation>;
  rationale: Nullable<string>;
}

export interface SessionList {
  sessions: SessionSummary[];
  nextCursor: Nullable<string>;
  nextSessionAt: Nullable<string>;
}

export interface SessionTake {
  id: string;
  recommendationId: number;
  memberId: string;
  handle: Nullable<string>;
  revision: number;
  stance: string;
  confidence: number;
  body: string;
  memoUrl: Nullable<string>;
  weights: Nullable<Weight[]>;
  canonical: string;
  signature: string;
  publicKey: string;
  receivedAt: string;
  counted: boolean;
  supersededBy: Nullable<string>;
}

export interface BriefBody {
  regime: Nullable<{
    date: string;
    composite: number | null;
    regime: string | null;
    macro_regime?: string | null;
    onchain_regime?: string | null;
  }>;
  subject: {
    id: string;
    name?: string;
    operator?: string;
    thesisBlurb?: string;
    homepage?: string;
    recommendationType?: string;
  } & Record<string, unknown>;
  prompt?: { system: string; user: string };
  windowClosesAt?: string;
}

export interface SwarmBrief {
  id: number;
  date: string;
  subjectId: string;
  sessionId: Nullable<string>;
  createdAt: string;
  body: Nullable<BriefBody>;
}

export interface SessionDetail extends SessionSummary {
  rosterFrozen: boolean;
  synthesis: Nullable<string>;
  regimeSummary: unknown;
  disagreement: Nullable<DisagreementMap>;
  counted: unknown;
  brief: Nullable<SwarmBrief>;
  roster: {
    memberId: string;
    handle: string;
    displayName: string;
    excused: boolean;
    addedAt: string;
  }[];
  takes: SessionTake[];
}

export interface OpenSession {
  id: string;
  date: string;
  subjectId: string;
  state: 'collecting';
  convenedAt: string;
  windowClosesAt: Nullable<string>;
  takeCount: number;
  briefUrl: string;
}

export interface Judgement {
  id: string;
  sessionId: string;
  judgedBy: string;
  memberId: Nullable<string>;
  handle: Nullable<string>;
  mode: 'enforce';
  releaseSafety: string;
  rationale: string;
  disagreements: string[];
  model: string;
  promptHash: string;
  inputsDigest: string;
  createdAt: string;
}

export interface TakeReceipt {
  id: string;
  recommendationId: number;
  sessionId: string;
  memberId: string;
  date: Nullable<string>;
  subjectId: Nullable<string>;
  revision: number;
  stance: string;
  confidence: number;
  body: string;
  memoUrl: Nullable<string>;
  weights: Nullable<Weight[]>;
  nonce: string;
  receivedAt: string;
  canonical: string;
  signature: string;
  publicKey: Nullable<string>;
  verified: boolean;
  signer: {
    id: string;
    handle: Nullable<string>;
    name: Nullable<string>;
    publicKeyFingerprint: Nullable<string>;
  };
  supersededBy: Nullable<{ id: string; revision: number; receivedAt: string }>;
}

export interface MemberTake {
  id: string;
  recommendationId: number;
  sessionId: string;
  date: string;
  subjectId: string;
  sessionState: string;
  revision: number;
  stance: string;
  confidence: number;
  body: string;
  memoUrl: Nullable<string>;
  weights: Nullable<Weight[]>;
  signature: string;
  receivedAt: string;
  superseded: boolean;
}

export interface Memo {
  id: string;
  memberId: string;
  handle: string;
  sessionId: Nullable<string>;
  title: string;
  body: string;
  createdAt: string;
  url: string;
}

export interface ReceiptKey {
  keyId: string;
  publicKey: string;
  algorithm: string;
}

export const STANCES = ['bearish', 'cautious', 'neutral', 'constructive', 'bullish'] as const;
