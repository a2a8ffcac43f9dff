// vectors/served-takes.json: takes as the API serves them (`servedTake` of a stored row) with the
// verdict of their self-check (`checkServedTake` without the log) as the protocol computes it. A
// tampered case changes the stored row after its member signed it, as an insider could.
import {
  canonicalTake,
  checkServedTake,
  servedTake,
  sign,
  type ServedTake,
  type StoredTake,
  type TakeCheck,
  type TakeDraft,
} from '../src/index.js';
import { identity, MEMBER_IDS, SESSION_DATE, SESSION_ID, SUBJECT_ID } from './fixtures.js';

export interface ServedTakeVector {
  name: string;
  served: ServedTake;
  expected: TakeCheck;
}

const base: TakeDraft = {
  memberId: MEMBER_IDS[0],
  date: SESSION_DATE,
  subjectId: SUBJECT_ID,
  nonce: 'n-2026-07-14-0001',
  stance: 'cautious',
  confidence: 0.35,
};

const withMemo: TakeDraft = {
  ...base,
  stance: 'constructive',
  confidence: 0.7,
  body: 'REGIME: composite 0.58, neutral.\nALLOCATION: hold.',
  memoUrl: 'https://convene.example/api/swarm/memos/3f0c',
  weights: [
    { bucket: 'conservative_defi_yield', weight: 0.95 },
    { bucket: 'agent_tokens', weight: 0.03 },
    { bucket: 'real_world_assets', weight: 0.02 },
  ],
};

/** The row the service stores for `draft`, signed over `canonical` (its canonical text unless given). */
async function stored(draft: TakeDraft, canonical = canonicalTake(draft)): Promise<StoredTake> {
  const member = await identity(draft.memberId, 0x01);
  return {
    id: '7a1b2c3d-4e5f-4a6b-8c7d-8e9f0a1b2c01',
    sessionId: SESSION_ID,
    memberId: draft.memberId,
    revision: 1,
    nonce: draft.nonce,
    stance: draft.stance,
    confidence: draft.confidence,
    body: draft.body ?? '',
    memoUrl: draft.memoUrl ?? '',
    weights: draft.weights ?? null,
    canonical,
    signature: await sign(member.seed, canonical),
    publicKey: member.publicKey,
    receivedAt: new Date('2026-07-14T09:30:00.123Z'),
  };
}

/** Cases by name: the stored row each is served from. */
async function cases(): Promise<Array<[string, StoredTake]>> {
  const plain = await stored(base);
  const full = await stored(withMemo);
  const other = await identity(MEMBER_IDS[1], 0x02);
  const unordered = JSON.stringify({ ...base, body: '', memoUrl: '' }, null, 1);
  return [
    ['valid: no body, no memo URL (served as null), no weights', plain],
    ['valid: body, memo URL and weights', full],
    ['stance changed after signing', { ...plain, stance: 'bullish' }],
    ['confidence changed after signing', { ...plain, confidence: 0.36 }],
    ['body changed after signing', { ...full, body: 'ALLOCATION: sell.' }],
    ['memo URL changed after signing', { ...full, memoUrl: 'https://convene.example/m/other' }],
    ['memo URL removed after signing', { ...full, memoUrl: '' }],
    ['memo URL added after signing', { ...plain, memoUrl: 'https://convene.example/m/added' }],
    [
      'a weight changed after signing',
      { ...full, weights: full.weights!.map((w, i) => (i === 0 ? { ...w, weight: 0.9 } : w)) },
    ],
    ['weights removed after signing', { ...full, weights: null }],
    ['nonce changed after signing', { ...plain, nonce: 'n-2026-07-14-0002' }],
    ['member changed after signing', { ...plain, memberId: MEMBER_IDS[1] }],
    [
      'stance and weights changed: the fields in a fixed order',
      { ...full, weights: [{ bucket: 'agent_tokens', weight: 1 }], stance: 'bullish' },
    ],
    [
      'bad signature: the signature of another text by the same key',
      { ...plain, signature: full.signature },
    ],
    ['wrong public key: another member’s', { ...plain, publicKey: other.publicKey }],
    ['key gone: no public key served', { ...plain, publicKey: null }],
    ['signed text not canonical (whitespace), correctly signed', await stored(base, unordered)],
    ['signed text not JSON, correctly signed', await stored(base, 'stance: cautious')],
    [
      'signed text edited after signing: bad signature and the fields differ',
      { ...plain, canonical: canonicalTake({ ...base, stance: 'bullish' }) },
    ],
  ];
}

export async function servedTakeVectors(): Promise<ServedTakeVector[]> {
  return Promise.all(
    (await cases()).map(async ([name, row]) => {
      const served = servedTake(row);
      return { name, served, expected: await checkServedTake(served, undefined) };
    }),
  );
}
