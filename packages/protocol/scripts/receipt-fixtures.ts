import {
  buildReceiptPayload,
  canonicalTake,
  sha256Hex,
  signReceipt,
  signTake,
  type ConsensusReceipt,
  type ReceiptJudge,
  type ReceiptSubmission,
  type TakeDraft,
} from '../src/index.js';
import {
  identity,
  MEMBER_IDS,
  PREVIOUS_SESSION_DATE,
  PREVIOUS_SESSION_ID,
  SERVICE_SEED,
  SESSION_DATE,
  SESSION_ID,
  SUBJECT_ID,
  type TestIdentity,
} from './fixtures.js';

export const members: Promise<TestIdentity[]> = Promise.all(
  MEMBER_IDS.map((memberId, i) => identity(memberId, i + 1)),
);

export const JUDGE: ReceiptJudge = {
  mode: 'enforce',
  judgedBy: 'convene-judge',
  releaseSafety: 'caution',
  model: 'convene-rules/1',
  promptHash: sha256Hex('convene-rules/1: quorum, disagreement, drift'),
  inputsDigest: sha256Hex('fixture inputs'),
};

type TakeFields = Pick<TakeDraft, 'stance' | 'confidence' | 'body' | 'weights'>;

/** A really signed take, as the server stores it for a receipt. */
export async function signedTake(
  member: TestIdentity,
  fields: TakeFields & { date?: string; subjectId?: string; memberId?: string },
  takeId: string,
  revision: number,
): Promise<ReceiptSubmission> {
  const draft: TakeDraft = {
    memberId: fields.memberId ?? member.memberId,
    date: fields.date ?? SESSION_DATE,
    subjectId: fields.subjectId ?? SUBJECT_ID,
    nonce: `${takeId}-nonce`,
    stance: fields.stance,
    confidence: fields.confidence,
  };
  if (fields.body !== undefined) draft.body = fields.body;
  if (fields.weights !== undefined) draft.weights = fields.weights;
  return {
    memberId: member.memberId,
    takeId,
    revision,
    publicKey: member.publicKey,
    canonical_submission: canonicalTake(draft),
    signature: await signTake(draft, member.seed),
  };
}

/** The first receipt of the subject's chain: two takes, previousReceiptDigest null. */
export async function previousReceipt(): Promise<ConsensusReceipt> {
  const [a, b] = await members;
  const at = { date: PREVIOUS_SESSION_DATE };
  const takes = [
    await signedTake(a!, { ...at, stance: 'neutral', confidence: 0.5 }, 'take-p-a-1', 1),
    await signedTake(b!, { ...at, stance: 'cautious', confidence: 0.6 }, 'take-p-b-1', 1),
  ];
  const payload = buildReceiptPayload({
    sessionId: PREVIOUS_SESSION_ID,
    subjectId: SUBJECT_ID,
    date: PREVIOUS_SESSION_DATE,
    convenedAt: '2026-07-10T22:45:00.000Z',
    windowClosesAt: '2026-07-14T22:45:00.000Z',
    aggregatedAt: '2026-07-14T22:46:00.000Z',
    takes,
    roster: [a!.memberId, b!.memberId],
    judge: JUDGE,
    previousReceiptDigest: null,
  });
  return signReceipt(payload, SERVICE_SEED);
}

/**
 * The main fixture: five members on the roster (one absent), one amended take (revision 2
 * counts), a mix of weighted and unweighted takes, an excused member's take left out, quorum 3.
 */
export async function sessionReceipt(previousDigest: string): Promise<ConsensusReceipt> {
  const [m0, m1, m2, m3, m4, excused] = (await members) as [TestIdentity, ...TestIdentity[]];
  const takes = [
    await signedTake(m0, { stance: 'cautious', confidence: 0.4 }, 'take-m0-1', 1),
    await signedTake(
      m0,
      {
        stance: 'constructive',
        confidence: 0.7,
        body: 'Amended after the composite moved.',
        weights: [
          { bucket: 'conservative_defi_yield', weight: 0.9 },
          { bucket: 'agent_tokens', weight: 0.1 },
        ],
      },
      'take-m0-2',
      2,
    ),
    await signedTake(
      m1!,
      {
        stance: 'cautious',
        confidence: 0.35,
        weights: [
          { bucket: 'conservative_defi_yield', weight: 0.95 },
          { bucket: 'agent_tokens', weight: 0.03 },
          { bucket: 'real_world_assets', weight: 0.02 },
        ],
      },
      'take-m1-1',
      1,
    ),
    await signedTake(m2!, { stance: 'bullish', confidence: 0.9 }, 'take-m2-1', 1),
    await signedTake(
      m3!,
      {
        stance: 'neutral',
        confidence: 1 / 3,
        weights: [
          { bucket: 'conservative_defi_yield', weight: 3 },
          { bucket: 'agent_tokens', weight: 1 },
        ],
      },
      'take-m3-1',
      1,
    ),
    await signedTake(excused!, { stance: 'bearish', confidence: 1 }, 'take-m5-1', 1),
  ].map((take, i) => ({ ...take, logIndex: 3 + i }));
  const payload = buildReceiptPayload({
    sessionId: SESSION_ID,
    subjectId: SUBJECT_ID,
    date: SESSION_DATE,
    convenedAt: '2026-07-14T22:45:00.000Z',
    windowClosesAt: '2026-07-15T22:45:00.000Z',
    aggregatedAt: '2026-07-15T22:46:00.000Z',
    takes,
    roster: [m0.memberId, m1!.memberId, m2!.memberId, m3!.memberId, m4!.memberId],
    requiredQuorum: 3,
    judge: JUDGE,
    previousReceiptDigest: previousDigest,
    // The checkpoint the takes were included under (docs/protocol.md §10): entries 3–8 of a
    // 9-entry log. Values only: verifyReceipt checks their form; checkReceiptLog checks the log.
    log: {
      origin: 'vectors.convene.example/log',
      treeSize: 9,
      rootHash: Buffer.from(sha256Hex('convene receipt vector tree'), 'hex').toString('base64'),
    },
  });
  return signReceipt(payload, SERVICE_SEED);
}

/** A session nobody filed in: score and confidence 0, participation 0, quorum not met. */
export async function emptyReceipt(): Promise<ConsensusReceipt> {
  const payload = buildReceiptPayload({
    sessionId: '7d0c1b2a-3948-4475-8655-443322110099',
    subjectId: 'woon',
    date: '2026-07-12',
    convenedAt: '2026-07-12T22:45:00.000Z',
    windowClosesAt: null,
    aggregatedAt: '2026-07-13T09:00:00.000Z',
    takes: [],
    roster: [MEMBER_IDS[4], MEMBER_IDS[3]],
    judge: JUDGE,
    previousReceiptDigest: null,
  });
  return signReceipt(payload, SERVICE_SEED);
}
