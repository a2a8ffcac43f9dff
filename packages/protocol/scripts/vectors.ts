import { receiptKey, type ConsensusReceipt, type VerifyReceiptOptions } from '../src/index.js';
import { SERVICE_SEED } from './fixtures.js';
import { emptyReceipt, previousReceipt, sessionReceipt } from './receipt-fixtures.js';
import { tamperedReceipts } from './receipt-tampering.js';
import { buildTlogVectors } from './tlog-vectors.js';
import { buildKeyVectors } from './key-vectors.js';
import { loggedTakeVectors, servedTakeVectors } from './served-take-vectors.js';
import {
  applicationVectors,
  judgementVectors,
  takeVectors,
  tokenClaimVectors,
} from './signature-vectors.js';

export interface ValidReceiptVector {
  name: string;
  receipt: ConsensusReceipt;
  options: VerifyReceiptOptions;
}

/** Every vector file's content by file name; deterministic (Ed25519 signing is). */
export async function buildVectors(): Promise<Record<string, unknown>> {
  const key = await receiptKey(SERVICE_SEED);
  const previous = await previousReceipt();
  const session = await sessionReceipt(previous.digest);
  const empty = await emptyReceipt();
  const expectKey = { expectedServicePublicKey: key.publicKey };
  const valid: ValidReceiptVector[] = [
    {
      name: 'first receipt of a subject',
      receipt: previous,
      options: { ...expectKey, expectedPreviousDigest: null },
    },
    {
      name: 'amended, weighted, one absent, one excused',
      receipt: session,
      options: { ...expectKey, expectedPreviousDigest: previous.digest },
    },
    { name: 'nobody filed', receipt: empty, options: expectKey },
  ];
  return {
    'takes.json': {
      description: 'canonicalTake(validateTakeDraft(input)) signed with seed',
      vectors: await takeVectors(),
    },
    'served-takes.json': {
      description:
        'vectors: takes as the API serves them (servedTake of a stored row, some changed after signing), checkServedTake(served, undefined) (the self-check, no log), takeLogEntry(takeEntryFields(served)) and its leaf hash; logged: checkServedTake(served, logged, committedLeafHash)',
      vectors: await servedTakeVectors(),
      logged: await loggedTakeVectors(),
    },
    'applications.json': {
      description: 'canonicalApplication(input) signed with seed',
      vectors: await applicationVectors(),
    },
    'token-claims.json': {
      description: 'canonicalTokenClaim(input) signed with seed',
      vectors: await tokenClaimVectors(),
    },
    'judgements.json': {
      description: 'canonicalJudgement(input) signed with seed',
      vectors: await judgementVectors(),
    },
    'receipts.json': {
      description:
        'consensus receipts: valid ones verify; each tampered one yields exactly expectedReasons',
      serviceSeed: SERVICE_SEED,
      serviceKey: key,
      valid,
      tampered: await tamperedReceipts(session),
    },
    ...(await buildTlogVectors()),
    'tlog-keys.json': await buildKeyVectors(),
  };
}
