// The session headline as the page shows it: the figures of the consensus receipt this browser
// verified, never the service's unsigned copy beside a "verified" mark. Pure, so it is unit-tested.
import {
  jcs,
  sessionRationale,
  type ConsensusReceiptPayload,
  type ReceiptVerification,
} from '@convene/protocol';
import type { ConsensusReceipt, ReceiptKey, SessionDetail } from '../../api/types/swarm.js';

/** The session's consensus receipt as read and checked in this browser. */
export type ReceiptState =
  | { kind: 'unpublished' }
  | { kind: 'loading' }
  | { kind: 'missing' }
  | { kind: 'error'; error: Error; reload: () => void }
  | {
      kind: 'checked';
      envelope: ConsensusReceipt;
      key: ReceiptKey;
      verification: ReceiptVerification;
      /** The payload parsed from the signed bytes, when the receipt verified; else null. */
      signed: ConsensusReceiptPayload | null;
    };

/** What the headline rests on. */
export type HeadlineVerdict = 'verified' | 'not-verified' | 'checking' | 'unsigned';

type Recommendation = NonNullable<SessionDetail['recommendation']>;

export interface HeadlineFigures {
  stances: Recommendation['stances'];
  score: number;
  confidence: number;
  weights: Recommendation['weights'];
  quorum: NonNullable<SessionDetail['quorum']>;
  /** Not in the receipt: the service's own figure, always labelled unsigned. */
  drift: number | null;
}

export interface Headline {
  verdict: HeadlineVerdict;
  /** The figures shown: the verified receipt's when there is one, else the service's. */
  figures: HeadlineFigures | null;
  /** The disagreement map: the verified receipt's when there is one. */
  disagreement: SessionDetail['disagreement'];
  /** Fields where the service's session record says something other than its verified receipt. */
  differing: string[];
  /** Why the receipt did not verify (reason codes as verifyReceipt gives them). */
  reasons: Array<{ code: string; message: string }>;
  /**
   * The rationale recomputed from the verified figures, and whether the service's text equals it;
   * null when there is nothing to compare (not verified, or no subject details in the brief).
   */
  rationale: { expected: string; matches: boolean } | null;
}

const COMPARED = ['stances', 'score', 'confidence', 'weights', 'quorum'] as const;

function servedFigures(session: SessionDetail): HeadlineFigures | null {
  const { recommendation, quorum } = session;
  if (recommendation === null || quorum === null) return null;
  return { ...recommendation, quorum };
}

/** Equal as JSON values, whatever the key order (the database reorders a stored object's keys). */
function same(a: unknown, b: unknown): boolean {
  try {
    return jcs(a) === jcs(b);
  } catch {
    return false;
  }
}

export function headlineOf(session: SessionDetail, receipt: ReceiptState): Headline {
  const served = servedFigures(session);
  const base = {
    figures: served,
    disagreement: session.disagreement,
    differing: [],
    reasons: [],
    rationale: null,
  };
  if (session.state !== 'published' || receipt.kind === 'unpublished') {
    return { ...base, verdict: 'unsigned' };
  }
  if (receipt.kind === 'loading') return { ...base, verdict: 'checking' };
  if (receipt.kind === 'missing' || receipt.kind === 'error') {
    const message =
      receipt.kind === 'missing'
        ? 'the service serves no consensus receipt for this published session'
        : `the consensus receipt could not be read: ${receipt.error.message}`;
    return {
      ...base,
      verdict: 'not-verified',
      reasons: [{ code: 'receipt_unavailable', message }],
    };
  }
  const { verification, signed } = receipt;
  if (!verification.verified || signed === null) {
    return { ...base, verdict: 'not-verified', reasons: verification.unverifiedReasons };
  }
  const figures: HeadlineFigures = {
    stances: signed.stances,
    score: signed.score,
    confidence: signed.confidence,
    weights: signed.weights,
    quorum: signed.quorum,
    drift: session.recommendation?.drift ?? null,
  };
  const differing = COMPARED.filter(
    (field) => served === null || !same(served[field], figures[field]),
  );
  const differs: string[] = [...differing];
  if (session.disagreement !== null && !same(session.disagreement, signed.disagreement)) {
    differs.push('disagreement map');
  }
  const subject = session.brief?.body?.subject;
  const rationale =
    subject === undefined || session.rationale === null
      ? null
      : (() => {
          const expected = sessionRationale({
            subjectName: subject.name,
            recommendationType: subject.recommendationType,
            figures,
          });
          return { expected, matches: expected === session.rationale };
        })();
  return {
    verdict: 'verified',
    figures,
    disagreement: signed.disagreement,
    differing: differs,
    reasons: [],
    rationale,
  };
}

/** The signed payload: parsed from the exact bytes the service signed, not the served object. */
export function signedPayload(envelope: ConsensusReceipt): ConsensusReceiptPayload | null {
  try {
    return JSON.parse(envelope.canonicalBytes) as ConsensusReceiptPayload;
  } catch {
    return null;
  }
}
