// vectors/served-takes.json: takes as the API serves them (`servedTake` of a stored row) with the
// verdict of their self-check (`checkServedTake` without the log) and their log entry, and takes
// checked against the entry a log holds. A tampered case changes the stored row after its member
// signed it, as an insider could.
import {
  bytesToBase64,
  canonicalTake,
  checkServedTake,
  logEntryLeafHash,
  servedTake,
  sign,
  takeEntryFields,
  takeLogEntry,
  type ServedTake,
  type StoredTake,
  type TakeCheck,
  type TakeDraft,
} from '../src/index.js';
import { identity, MEMBER_IDS, SESSION_DATE, SESSION_ID, SUBJECT_ID } from './fixtures.js';

export interface ServedTakeVector {
  name: string;
  served: ServedTake;
  /** `checkServedTake(served, undefined)`: the self-check, no log. */
  expected: TakeCheck;
  /** `takeLogEntry(takeEntryFields(served))`; null when the take cannot form one (no key). */
  logEntry: string | null;
  /** Base64 `logEntryLeafHash(logEntry)`; null with it. */
  leafHash: string | null;
}

/** A served take checked against the log: `checkServedTake(served, logged, committedLeafHash)`. */
export interface LoggedTakeVector {
  name: string;
  served: ServedTake;
  logged: string | null;
  committedLeafHash?: string;
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
  const spaced = JSON.stringify({ ...base, body: '', memoUrl: '' }, null, 1);
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
    ['signed text not canonical (whitespace), correctly signed', await stored(base, spaced)],
    ['signed text not JSON, correctly signed', await stored(base, 'stance: cautious')],
    [
      'signed text edited after signing: bad signature and the fields differ',
      { ...plain, canonical: canonicalTake({ ...base, stance: 'bullish' }) },
    ],
  ];
}

function logEntryOf(served: ServedTake): string | null {
  try {
    return takeLogEntry(takeEntryFields(served));
  } catch {
    return null;
  }
}

const leafOf = (entry: string) => bytesToBase64(logEntryLeafHash(entry));

export async function servedTakeVectors(): Promise<ServedTakeVector[]> {
  return Promise.all(
    (await cases()).map(async ([name, row]) => {
      const served = servedTake(row);
      const logEntry = logEntryOf(served);
      return {
        name,
        served,
        expected: await checkServedTake(served, undefined),
        logEntry,
        leafHash: logEntry === null ? null : leafOf(logEntry),
      };
    }),
  );
}

export async function loggedTakeVectors(): Promise<LoggedTakeVector[]> {
  const plain = await stored(base);
  const served = servedTake(plain);
  const entry = takeLogEntry(takeEntryFields(served));
  const leaf = leafOf(entry);
  const later = servedTake({ ...plain, receivedAt: new Date('2026-07-14T11:00:00.000Z') });
  const cases: Array<Omit<LoggedTakeVector, 'expected'>> = [
    {
      name: 'the log holds this entry at the committed leaf',
      served,
      logged: entry,
      committedLeafHash: leaf,
    },
    { name: 'the log holds this entry (no committed leaf given)', served, logged: entry },
    { name: 'not in the log', served, logged: null },
    {
      name: 'the entry differs in revision and receivedAt',
      served,
      logged: takeLogEntry({
        ...takeEntryFields(served),
        revision: 2,
        receivedAt: '2026-07-14T13:00:00.000Z',
      }),
    },
    {
      name: 'row changed after logging: the entry rebuilt from it misses the committed leaf',
      served: later,
      logged: takeLogEntry(takeEntryFields(later)),
      committedLeafHash: leaf,
    },
    {
      name: 'the log holds an entry that is not canonical',
      served,
      logged: JSON.stringify(JSON.parse(entry), null, 1),
    },
    {
      name: 'the log holds an entry of another kind',
      served,
      logged: entry.replace('convene.log.take.v1', 'convene.log.take.v2'),
    },
    {
      name: 'signature replaced after logging: it fails and the entry differs in it',
      served: servedTake({
        ...plain,
        signature: (await stored(withMemo)).signature,
      }),
      logged: entry,
    },
    {
      name: 'key gone: the entry differs in publicKey',
      served: servedTake({ ...plain, publicKey: null }),
      logged: entry,
    },
  ];
  return Promise.all(
    cases.map(async (c) => ({
      ...c,
      expected: await checkServedTake(c.served, c.logged, c.committedLeafHash),
    })),
  );
}
