/**
 * The session headline rests on the receipt verified in the browser (issue #28): a forged session
 * record never reaches the figures shown, and its rationale is compared with the one recomputed from
 * the signed figures. Pure: a real receipt from the protocol's vectors, verified for real.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { sessionRationale, verifyReceipt, type ConsensusReceiptPayload } from '@convene/protocol';
import type { ConsensusReceipt, ReceiptKey, SessionDetail } from '../src/api/types/swarm.js';
import {
  headlineOf,
  signedPayload,
  type ReceiptState,
} from '../src/pages/swarm/signed-headline.js';

const vectors = JSON.parse(
  readFileSync(new URL('../../protocol/vectors/receipts.json', import.meta.url), 'utf8'),
) as { valid: Array<{ receipt: ConsensusReceipt }> };
const envelope = vectors.valid[1]!.receipt; // weighted, amended, one absent
const payload = JSON.parse(envelope.canonicalBytes) as ConsensusReceiptPayload;
const key: ReceiptKey = {
  keyId: envelope.signature.keyId,
  publicKey: envelope.signature.publicKey,
  algorithm: 'Ed25519',
};
const SUBJECT = { name: 'Robot Money', recommendationType: 'bucket_weights' as const };
const DRIFT = 0.04;

/** The session record an honest service serves beside this receipt. */
function honestSession(): SessionDetail {
  const figures = {
    stances: payload.stances,
    score: payload.score,
    confidence: payload.confidence,
    weights: payload.weights,
    drift: DRIFT,
  };
  return {
    id: payload.sessionId,
    state: 'published',
    recommendation: figures,
    quorum: payload.quorum,
    disagreement: payload.disagreement,
    rationale: sessionRationale({
      subjectName: SUBJECT.name,
      recommendationType: SUBJECT.recommendationType,
      figures: { ...figures, quorum: payload.quorum },
    }),
    brief: { body: { subject: SUBJECT } },
  } as unknown as SessionDetail;
}

async function checked(receipt: ConsensusReceipt): Promise<ReceiptState> {
  const verification = await verifyReceipt(receipt, { expectedServicePublicKey: key.publicKey });
  return {
    kind: 'checked',
    envelope: receipt,
    key,
    verification,
    signed: verification.verified ? signedPayload(receipt) : null,
  };
}

describe('headlineOf', () => {
  test('an honest session: the signed figures, nothing differing, the rationale matches', async () => {
    const headline = headlineOf(honestSession(), await checked(envelope));
    expect(headline.verdict).toBe('verified');
    expect(headline.differing).toEqual([]);
    expect(headline.figures).toEqual({
      stances: payload.stances,
      score: payload.score,
      confidence: payload.confidence,
      weights: payload.weights,
      quorum: payload.quorum,
      drift: DRIFT,
    });
    expect(headline.rationale?.matches).toBe(true);
  });

  test('a forged record (a bucket at 50 %, 4 bullish, a new rationale) never reaches the figures', async () => {
    const forged = honestSession();
    forged.recommendation!.weights = forged.recommendation!.weights.map((w, i) =>
      i === 0 ? { ...w, weight: 0.5 } : w,
    );
    forged.recommendation!.stances = { ...forged.recommendation!.stances, bullish: 4 };
    forged.rationale = 'Everyone is bullish.';
    const headline = headlineOf(forged, await checked(envelope));
    expect(headline.verdict).toBe('verified');
    expect(headline.figures?.weights).toEqual(payload.weights);
    expect(headline.figures?.stances).toEqual(payload.stances);
    expect(headline.differing).toEqual(['stances', 'weights']);
    expect(headline.rationale).toEqual({
      expected: honestSession().rationale,
      matches: false,
    });
  });

  test('key order is not a difference (the database reorders stored objects)', async () => {
    const session = honestSession();
    const reversed = <T extends object>(value: T): T =>
      Object.fromEntries(Object.entries(value).reverse()) as T;
    session.quorum = reversed(session.quorum!);
    session.recommendation!.stances = reversed(session.recommendation!.stances);
    session.disagreement = reversed(session.disagreement!);
    expect(headlineOf(session, await checked(envelope)).differing).toEqual([]);
  });

  test('a receipt that does not verify: the service figures, marked not verified, with reasons', async () => {
    const tampered = structuredClone(envelope);
    tampered.canonicalBytes = tampered.canonicalBytes.replace(
      `"score":${payload.score}`,
      `"score":${payload.score + 0.5}`,
    );
    const headline = headlineOf(honestSession(), await checked(tampered));
    expect(headline.verdict).toBe('not-verified');
    expect(headline.reasons.length).toBeGreaterThan(0);
    expect(headline.rationale).toBeNull();
  });

  test('the figures come from the signed bytes, not the served payload object', async () => {
    const lying = structuredClone(envelope);
    lying.payload = { ...lying.payload, score: 1 };
    const state = await checked(lying);
    // verifyReceipt refuses a payload that is not the signed bytes.
    expect(headlineOf(honestSession(), state).verdict).toBe('not-verified');
  });

  test('while checking, missing or unpublished', () => {
    const session = honestSession();
    expect(headlineOf(session, { kind: 'loading' }).verdict).toBe('checking');
    expect(headlineOf(session, { kind: 'missing' })).toMatchObject({
      verdict: 'not-verified',
      reasons: [{ code: 'receipt_unavailable' }],
    });
    const collecting = { ...session, state: 'collecting' } as SessionDetail;
    expect(headlineOf(collecting, { kind: 'unpublished' }).verdict).toBe('unsigned');
  });
});
