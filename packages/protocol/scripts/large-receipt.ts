import { createPrivateKey, createPublicKey, sign, type KeyObject } from 'node:crypto';
import {
  buildReceiptPayload,
  canonicalTake,
  signReceipt,
  STANCES,
  type ConsensusReceipt,
  type ReceiptSubmission,
  type TakeDraft,
} from '../src/index.js';
import { SERVICE_SEED } from './fixtures.js';
import { JUDGE } from './receipt-fixtures.js';

const BODY =
  'REGIME: composite 0.58 (62nd percentile), neutral; macro and onchain panels agree. ' +
  'ALLOCATION: hold conservative yield near target, trim agent tokens until the sleeve is funded. '.repeat(
    10,
  );

const PKCS8_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');

/** Key of member `i`: seed = its index in the first four bytes, the rest `fill`. */
function keyFor(i: number, fill: number): KeyObject {
  const seed = Buffer.alloc(32, fill);
  seed.writeUInt32BE(i + 1, 0);
  return createPrivateKey({
    key: Buffer.concat([PKCS8_PREFIX, seed]),
    format: 'der',
    type: 'pkcs8',
  });
}

export interface LargeReceipt {
  receipt: ConsensusReceipt;
  /** Everything a raw `crypto.verify` needs for the same member signatures. */
  raw: { message: Buffer; key: KeyObject; signature: Buffer }[];
}

/**
 * A published receipt with `size` members, each with a signed ~1.2 KB take, every third one
 * weighted. Receipts with different `keyFill` share no member keys.
 */
export async function largeReceipt(size: number, keyFill = 0x5a): Promise<LargeReceipt> {
  const takes: ReceiptSubmission[] = [];
  for (let i = 0; i < size; i++) {
    // node:crypto directly, one key object per member: generation dominates the test's run time.
    const key = keyFor(i, keyFill);
    const memberId = `member-${String(i).padStart(6, '0')}`;
    const draft: TakeDraft = {
      memberId,
      date: '2026-07-14',
      subjectId: 'robotmoney-allocation',
      nonce: `nonce-${i}`,
      stance: STANCES[i % STANCES.length]!,
      confidence: (i % 101) / 100,
      body: BODY,
    };
    if (i % 3 === 0) {
      draft.weights = [
        { bucket: 'conservative_defi_yield', weight: 90 + (i % 7) },
        { bucket: 'agent_tokens', weight: 10 - (i % 7) },
      ];
    }
    const canonical = canonicalTake(draft);
    const jwk = createPublicKey(key).export({ format: 'jwk' });
    takes.push({
      memberId,
      takeId: `take-${i}`,
      revision: 1,
      publicKey: Buffer.from(jwk.x!, 'base64url').toString('base64'),
      canonical_submission: canonical,
      signature: sign(null, Buffer.from(canonical, 'utf8'), key).toString('base64'),
    });
  }
  const payload = buildReceiptPayload({
    sessionId: 'large-session',
    subjectId: 'robotmoney-allocation',
    date: '2026-07-14',
    convenedAt: '2026-07-14T22:45:00.000Z',
    windowClosesAt: '2026-07-15T22:45:00.000Z',
    aggregatedAt: '2026-07-15T22:46:00.000Z',
    takes,
    roster: [...takes.map((t) => t.memberId), 'member-absent'],
    judge: JUDGE,
    previousReceiptDigest: null,
  });
  const raw = payload.submissions.map((s) => ({
    message: Buffer.from(s.canonical_submission, 'utf8'),
    key: createPublicKey({
      key: {
        kty: 'OKP',
        crv: 'Ed25519',
        x: Buffer.from(s.publicKey, 'base64').toString('base64url'),
      },
      format: 'jwk',
    }),
    signature: Buffer.from(s.signature, 'base64'),
  }));
  return { receipt: await signReceipt(payload, SERVICE_SEED), raw };
}
