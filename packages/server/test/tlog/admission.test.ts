import { canonicalTake, generateKeyPair, signTake } from '@convene/protocol';
import { expect, test } from 'vitest';
import { admitTake } from '../../src/tlog/admission.js';
import type { PendingTake } from '../../src/tlog/repository.js';

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

test('a voucher skips the repeated signature check only for the exact bytes it vouches for', async () => {
  const member = crypto.randomUUID();
  const keys = await generateKeyPair();
  const other = await generateKeyPair();
  const take = await row(member, keys.secretKey, keys.publicKey);
  const voucher = {
    canonical: take.canonical,
    signature: take.signature,
    publicKey: take.publicKey,
  };
  expect(await admitTake(take, voucher)).toMatchObject({ ok: true });
  expect(await admitTake(take)).toMatchObject({ ok: true });

  // The row changed after submit verified it: another signature no longer matches the voucher,
  // so the full check runs and refuses it.
  const forged = await row(member, other.secretKey, keys.publicKey);
  const swapped = { ...take, signature: forged.signature };
  expect(await admitTake(swapped, voucher)).toMatchObject({
    ok: false,
    reason: expect.stringContaining('signature'),
  });
  // A voucher never admits a row whose signed text names another member.
  const stranger = { ...take, memberId: crypto.randomUUID(), keyMemberId: crypto.randomUUID() };
  expect(await admitTake(stranger, voucher)).toMatchObject({ ok: false });
});
