import {
  canonicalApplication,
  canonicalJudgement,
  canonicalTake,
  canonicalTokenClaim,
  sign,
  validateTakeDraft,
  type Application,
  type Judgement,
  type TokenClaim,
} from '../src/index.js';
import { identity, MEMBER_IDS } from './fixtures.js';

/** One signed canonical string: what another language's implementation must reproduce. */
export interface SignatureVector {
  name: string;
  input: unknown;
  canonical: string;
  publicKey: string;
  seed: string;
  signature: string;
}

async function vector(
  name: string,
  input: unknown,
  canonical: string,
  seedByte: number,
): Promise<SignatureVector> {
  const signer = await identity('', seedByte);
  return {
    name,
    input,
    canonical,
    publicKey: signer.publicKey,
    seed: signer.seed,
    signature: await sign(signer.seed, canonical),
  };
}

const base = {
  memberId: MEMBER_IDS[0],
  date: '2026-07-14',
  subjectId: 'robotmoney-allocation',
  nonce: 'n-2026-07-14-0001',
};

/** Raw submit-style inputs (as a member would POST them, minus the signature). */
const TAKE_INPUTS: [string, Record<string, unknown>][] = [
  ['minimal', { ...base, stance: 'neutral', confidence: 0.5 }],
  [
    'body and memoUrl',
    {
      ...base,
      stance: 'constructive',
      confidence: 0.7,
      body: 'REGIME: composite 0.58, neutral.\nALLOCATION: hold.',
      memoUrl: 'https://convene.example/api/swarm/memos/3f0c',
    },
  ],
  [
    'weights',
    {
      ...base,
      stance: 'cautious',
      confidence: 0.35,
      weights: [
        { bucket: 'conservative_defi_yield', weight: 0.95 },
        { bucket: 'agent_tokens', weight: 0.03 },
        { bucket: 'real_world_assets', weight: 0.02 },
      ],
    },
  ],
  [
    'unicode body',
    {
      ...base,
      stance: 'bullish',
      confidence: 1,
      body: 'Ünïcødé — “quotes”, 日本語, emoji 🚀, tab\tand \u0001 control, </script>, \u2028 line separator, backslash \\',
    },
  ],
  [
    'numbers: zero confidence, tiny and zero weights',
    {
      ...base,
      stance: 'bearish',
      confidence: 0,
      weights: [
        { bucket: 'a', weight: 0.1 },
        { bucket: 'b', weight: 1e-7 },
        { bucket: 'c', weight: 0 },
        { bucket: 'd', weight: 0.30000000000000004 },
        { bucket: 'e', weight: 1e21 },
      ],
    },
  ],
  ['confidence 1e-7', { ...base, stance: 'neutral', confidence: 1e-7 }],
  [
    'nulls are omitted, unknown keys ignored',
    {
      ...base,
      stance: 'neutral',
      confidence: 0.25,
      body: null,
      memoUrl: null,
      weights: null,
      signature: 'ignored by canonicalisation',
      extra: 'ignored',
    },
  ],
  [
    'weight elements re-created in submitted order',
    {
      ...base,
      stance: 'constructive',
      confidence: 0.6,
      weights: [
        { weight: 2, bucket: 'zeta', note: 'dropped' },
        { weight: 1, bucket: 'alpha' },
      ],
    },
  ],
];

export async function takeVectors(): Promise<SignatureVector[]> {
  return Promise.all(
    TAKE_INPUTS.map(async ([name, input]) => {
      const result = validateTakeDraft(input);
      if (!result.ok) throw new Error(`take vector ${name} is invalid: ${result.error}`);
      return vector(name, input, canonicalTake(result.draft), 0x01);
    }),
  );
}

export async function applicationVectors(): Promise<SignatureVector[]> {
  const applicant = await identity('', 0x21);
  const cases: [string, Application][] = [
    [
      'with lens',
      {
        name: 'Athena',
        contact: 'athena@example.org',
        lens: 'quant risk',
        publicKey: applicant.publicKey,
      },
    ],
    ['without lens', { name: 'Woon', contact: 'woon@example.org', publicKey: applicant.publicKey }],
    [
      'null lens is omitted',
      {
        name: 'Noop Analyst',
        contact: 'noop@example.org',
        lens: null,
        publicKey: applicant.publicKey,
      },
    ],
    [
      'unicode name',
      {
        name: 'Zoë «Ω» 🤖',
        contact: 'zoe@example.org',
        lens: 'macro',
        publicKey: applicant.publicKey,
      },
    ],
  ];
  return Promise.all(
    cases.map(([name, input]) => vector(name, input, canonicalApplication(input), 0x21)),
  );
}

export async function tokenClaimVectors(): Promise<SignatureVector[]> {
  const cases: [string, TokenClaim][] = [
    [
      'claim',
      {
        memberId: MEMBER_IDS[1],
        challenge: 'chl_5d41402abc4b2a76b9719d911017c592',
        expiresAt: '2026-07-14T22:55:00.000Z',
      },
    ],
    [
      'another claim',
      {
        memberId: MEMBER_IDS[2],
        challenge: 'chl_7d793037a0760186574b0282f2f435e7',
        expiresAt: '2026-07-15T08:10:30.000Z',
      },
    ],
  ];
  return Promise.all(
    cases.map(([name, input], i) => vector(name, input, canonicalTokenClaim(input), 0x02 + i)),
  );
}

export async function judgementVectors(): Promise<SignatureVector[]> {
  const cases: [string, Judgement][] = [
    [
      'judgement with disagreements',
      {
        sessionId: '9f1e2d3c-4b5a-4697-8877-665544332211',
        memberId: '6b1e4f6c-0a7e-4c2e-9ab7-7f2b8c9d0e07',
        releaseSafety: 'caution',
        rationale: 'Quorum met; stances split between cautious and constructive.',
        disagreements: ['agent_tokens weight: 0.03 vs 0.10', 'stance: cautious vs constructive'],
      },
    ],
    [
      'judgement without disagreements',
      {
        sessionId: '9f1e2d3c-4b5a-4697-8877-665544332211',
        memberId: '6b1e4f6c-0a7e-4c2e-9ab7-7f2b8c9d0e07',
        releaseSafety: 'safe',
        rationale: 'Unanimous.',
        disagreements: [],
      },
    ],
  ];
  return Promise.all(
    cases.map(([name, input]) => vector(name, input, canonicalJudgement(input), 0x07)),
  );
}
