import {
  aggregate,
  canonicalTake,
  disagreementMap,
  parseCanonicalTake,
  sha256Hex,
  sign,
  signReceipt,
  signTake,
  type ConsensusReceipt,
  type ConsensusReceiptPayload,
  type ReceiptReasonCode,
  type VerifyReceiptOptions,
} from '../src/index.js';
import { MEMBER_IDS, OTHER_SERVICE_SEED, SERVICE_SEED } from './fixtures.js';
import { members } from './receipt-fixtures.js';

export interface TamperedReceiptVector {
  name: string;
  receipt: unknown;
  options?: VerifyReceiptOptions;
  expectedReasons: ReceiptReasonCode[];
}

type Payload = ConsensusReceiptPayload & Record<string, unknown>;

const clone = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

function nextUp(x: number): number {
  const bits = new BigUint64Array(new Float64Array([x]).buffer);
  bits[0]! += 1n;
  return new Float64Array(bits.buffer)[0]!;
}

/** Like a dishonest service: recomputes the aggregates from whatever the entries now say. */
function recomputeAggregates(payload: Payload): void {
  const counted = payload.submissions.map((entry) => {
    const draft = parseCanonicalTake(entry.canonical_submission)!;
    return {
      memberId: entry.memberId,
      stance: draft.stance,
      confidence: draft.confidence,
      weights: draft.weights,
    };
  });
  const members = counted.map((s) => s.memberId);
  const result = aggregate({
    submissions: counted,
    roster: [...members, ...payload.quorum.absent],
    requiredQuorum: payload.quorum.required,
  });
  Object.assign(payload, result, { disagreement: disagreementMap(counted) });
}

/** Edits a copy of the payload, then signs it with the real service key (a lying service). */
async function reseal(
  receipt: ConsensusReceipt,
  edit: (payload: Payload) => unknown,
  recompute = false,
): Promise<ConsensusReceipt> {
  const payload = clone(receipt.payload) as Payload;
  await edit(payload);
  if (recompute) recomputeAggregates(payload);
  return signReceipt(payload, SERVICE_SEED);
}

/** Edits a copy of the stored receipt without re-signing (tampering in transit or at rest). */
function edited(
  receipt: ConsensusReceipt,
  edit: (copy: ConsensusReceipt) => void,
): ConsensusReceipt {
  const copy = clone(receipt);
  edit(copy);
  return copy;
}

/** Re-signs entry `index`'s take after editing its draft, with that member's own key. */
async function retake(
  payload: Payload,
  index: number,
  edit: (draft: Record<string, unknown>) => void,
): Promise<void> {
  const entry = payload.submissions[index]!;
  const signer = (await members).find((m) => m.publicKey === entry.publicKey)!;
  const draft = parseCanonicalTake(entry.canonical_submission)!;
  edit(draft as unknown as Record<string, unknown>);
  entry.canonical_submission = canonicalTake(draft);
  entry.signature = await signTake(draft, signer.seed);
}

export async function tamperedReceipts(valid: ConsensusReceipt): Promise<TamperedReceiptVector[]> {
  const [m0, m1] = await members;
  const v = (
    name: string,
    receipt: unknown,
    expectedReasons: ReceiptReasonCode[],
    options?: VerifyReceiptOptions,
  ) =>
    options === undefined
      ? { name, receipt, expectedReasons }
      : { name, receipt, expectedReasons, options };
  const foreign = await signReceipt(clone(valid.payload), OTHER_SERVICE_SEED);

  return [
    v(
      'payload edited after signing',
      edited(valid, (r) => (r.payload.convenedAt = '2026-07-14T23:00:00.000Z')),
      ['altered_payload'],
    ),
    v(
      'score edited after signing',
      edited(valid, (r) => (r.payload.score = 0.9)),
      ['altered_payload', 'score_mismatch'],
    ),
    v(
      'digest replaced',
      edited(valid, (r) => (r.digest = sha256Hex('another payload'))),
      ['altered_payload'],
    ),
    v(
      'canonicalBytes edited and digest recomputed',
      edited(valid, (r) => {
        r.canonicalBytes = r.canonicalBytes.replace('"score":0.25', '"score":0.5');
        r.digest = sha256Hex(r.canonicalBytes);
      }),
      ['altered_payload', 'bad_service_signature'],
    ),
    v(
      'service signature from another key',
      edited(valid, (r) => (r.signature.signature = foreign.signature.signature)),
      ['bad_service_signature'],
    ),
    v(
      'keyId not the fingerprint of publicKey',
      edited(valid, (r) => (r.signature.keyId = `sha256:${'0'.repeat(64)}`)),
      ['service_key_id_mismatch'],
    ),
    v('signed by an unexpected service key', foreign, ['unexpected_service_key'], {
      expectedServicePublicKey: valid.signature.publicKey,
    }),
    v(
      'envelope sessionId differs',
      edited(valid, (r) => (r.sessionId = MEMBER_IDS[5])),
      ['session_mismatch'],
    ),
    v(
      'member signature replaced',
      await reseal(valid, async (p) => {
        p.submissions[1]!.signature = await sign(m1!.seed, 'something else');
      }),
      ['bad_member_signature'],
    ),
    v(
      'member key swapped',
      await reseal(valid, (p) => {
        p.submissions[0]!.publicKey = m1!.publicKey;
      }),
      ['bad_member_signature'],
    ),
    v(
      'take names another member',
      await reseal(valid, (p) => retake(p, 2, (d) => (d.memberId = MEMBER_IDS[5])), true),
      ['submission_member_mismatch'],
    ),
    v(
      'take names another subject',
      await reseal(valid, (p) => retake(p, 2, (d) => (d.subjectId = 'woon')), true),
      ['submission_subject_mismatch'],
    ),
    v(
      'take from another date',
      await reseal(valid, (p) => retake(p, 2, (d) => (d.date = '2026-07-13')), true),
      ['submission_date_mismatch'],
    ),
    v(
      'take text not canonical',
      await reseal(valid, async (p) => {
        const entry = p.submissions[0]!;
        entry.canonical_submission = JSON.stringify(
          JSON.parse(entry.canonical_submission),
          null,
          1,
        );
        entry.signature = await sign(m0!.seed, entry.canonical_submission);
      }),
      ['malformed_submission'],
    ),
    v(
      'submission entry with revision 0',
      await reseal(valid, (p) => {
        p.submissions[0]!.revision = 0;
      }),
      ['malformed_submission'],
    ),
    v(
      'member counted twice',
      await reseal(valid, (p) => {
        p.submissions.splice(1, 0, clone(p.submissions[0]!));
      }),
      ['duplicate_member', 'malformed_log_anchor'],
    ),
    v(
      'submissions out of order',
      await reseal(valid, (p) => {
        p.submissions.reverse();
      }),
      ['unsorted_submissions'],
    ),
    v(
      'histogram miscounted',
      await reseal(valid, (p) => {
        p.stances.bullish += 1;
        p.stances.neutral -= 1;
      }),
      ['histogram_mismatch'],
    ),
    v('score one ulp off', await reseal(valid, (p) => (p.score = nextUp(p.score))), [
      'score_mismatch',
    ]),
    v(
      'weight one ulp off',
      await reseal(valid, (p) => (p.weights[0]!.weight = nextUp(p.weights[0]!.weight))),
      ['weights_mismatch'],
    ),
    v('confidence changed', await reseal(valid, (p) => (p.confidence = 0.75)), [
      'confidence_mismatch',
    ]),
    v(
      'absent member dropped',
      await reseal(valid, (p) => {
        p.quorum.absent = [];
      }),
      ['quorum_mismatch'],
    ),
    v('quorum met flipped', await reseal(valid, (p) => (p.quorum.met = !p.quorum.met)), [
      'quorum_mismatch',
    ]),
    v(
      'disagreement poles swapped',
      await reseal(valid, (p) => {
        const poles = p.disagreement.poles!;
        p.disagreement.poles = {
          mostConstructive: poles.leastConstructive,
          leastConstructive: poles.mostConstructive,
        };
      }),
      ['disagreement_mismatch'],
    ),
    v(
      'judge in shadow mode',
      await reseal(valid, (p) => {
        (p.judge as { mode: string }).mode = 'shadow';
      }),
      ['judge_not_enforce'],
    ),
    v(
      'submission logIndex beyond the recorded checkpoint',
      await reseal(valid, (p) => {
        p.submissions[0]!.logIndex = p.log!.treeSize;
      }),
      ['malformed_log_anchor'],
    ),
    v(
      'log checkpoint dropped, logIndex kept',
      await reseal(valid, (p) => {
        delete p.log;
      }),
      ['malformed_log_anchor'],
    ),
    v('chain broken', valid, ['chain_mismatch'], {
      expectedPreviousDigest: sha256Hex('another receipt'),
    }),
    v(
      'unknown kind',
      await reseal(valid, (p) => {
        (p as { kind: string }).kind = 'convene.consensus.v0';
      }),
      ['malformed_receipt'],
    ),
    v('not a receipt', { hello: 'world' }, ['malformed_receipt']),
  ];
}
