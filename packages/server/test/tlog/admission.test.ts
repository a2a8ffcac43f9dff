import { canonicalTake, generateKeyPair, signTake } from '@convene/protocol';
import { expect, test } from 'vitest';
import { admitTake } from '../../src/tlog/admission.js';
import type { PendingTake } from '../../src/tlog/entry-repository.js';

/** A take row as the sequencer reads it, signed by `seed`'s key and filed under `memberId`. */
async function row(memberId: string, seed: string, publicKey: string): Promise<PendingTake> {
  const draft = {
    memberId,
    date: '2026-06-01',
    subjectId: 'convene-treasury',
    nonce: `n-${crypto.randomUUID()}`,
    stance: 'neutral' as const,
    confidence: 0.5,
  };
  return {
    id: crypto.randomUUID(),
    sessionId: crypto.randomUUID(),
    memberId,
    revision: 1,
    canonical: canonicalTake(draft),
    signature: await signTake(draft, seed),
    receivedAt: new Date('2026-06-01T10:00:00.000Z'),
    nonce: draft.nonce,
    stance: draft.stance,
    confidence: draft.confidence,
    body: '',
    memoUrl: '',
    weights: null,
    sessionDate: draft.date,
    sessionSubjectId: draft.subjectId,
    publicKey,
    keyMemberId: memberId,
  };
}

test('the recovery pass admits a genuine row and refuses a re-signed or re-attributed one, saying why', async () => {
  const member = crypto.randomUUID();
  const keys = await generateKeyPair();
  const other = await generateKeyPair();
  const take = await row(member, keys.secretKey, keys.publicKey);
  expect(await admitTake(take)).toMatchObject({ ok: true });

  // Another key's signature over the same text, stored beside the member's key.
  const forged = await row(member, other.secretKey, keys.publicKey);
  expect(await admitTake({ ...take, signature: forged.signature })).toMatchObject({
    ok: false,
    reason: expect.stringContaining('signature'),
  });
  // The row filed under another member than the one the signed text names.
  const stranger = { ...take, memberId: crypto.randomUUID(), keyMemberId: crypto.randomUUID() };
  expect(await admitTake(stranger)).toMatchObject({ ok: false });
  // The row's stance changed after signing.
  expect(await admitTake({ ...take, stance: 'bullish' })).toMatchObject({
    ok: false,
    reason: 'the row does not say what the signed text says',
  });
});
