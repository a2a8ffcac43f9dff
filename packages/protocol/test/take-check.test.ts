import { describe, expect, it } from 'vitest';
import {
  bytesToBase64,
  canonicalTake,
  checkServedTake,
  checkTakeLogEntry,
  logEntryLeafHash,
  publicKeyFromSeed,
  signTake,
  takeEntryFields,
  takeLogEntry,
  type ServedTake,
  type TakeDraft,
} from '@convene/protocol';

const SEED = 'AQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQE=';
const draft: TakeDraft = {
  memberId: '6f0c2d1e-0000-4000-8000-000000000001',
  date: '2026-07-14',
  subjectId: 'robotmoney-vault',
  nonce: 'nonce-1',
  stance: 'constructive',
  confidence: 0.7,
};

async function servedTake(): Promise<ServedTake> {
  return {
    id: '6f0c2d1e-0000-4000-8000-0000000000aa',
    sessionId: '6f0c2d1e-0000-4000-8000-0000000000bb',
    memberId: draft.memberId,
    revision: 1,
    receivedAt: '2026-07-14T12:00:00.000Z',
    publicKey: await publicKeyFromSeed(SEED),
    canonical: canonicalTake(draft),
    signature: await signTake(draft, SEED),
    nonce: draft.nonce,
    stance: draft.stance,
    confidence: draft.confidence,
    body: '',
    memoUrl: '',
    weights: null,
  };
}

describe('checkTakeLogEntry', () => {
  it('passes a take whose entry is the log’s and hashes to the committed leaf', async () => {
    const take = await servedTake();
    const entry = takeLogEntry(takeEntryFields(take));
    const leaf = bytesToBase64(logEntryLeafHash(entry));
    expect(checkTakeLogEntry(take, entry)).toBeNull();
    expect(checkTakeLogEntry(take, entry, leaf)).toBeNull();
    expect(await checkServedTake(take, entry, leaf)).toEqual({ verified: true, reasons: [] });
  });

  it('names the fields a stored entry disagrees on', async () => {
    const take = await servedTake();
    const entry = takeLogEntry({
      ...takeEntryFields(take),
      revision: 2,
      receivedAt: '2026-07-14T13:00:00.000Z',
    });
    expect(checkTakeLogEntry(take, entry)).toEqual({
      code: 'log_entry_mismatch',
      message: "the log's entry for this take differs in revision, receivedAt",
    });
  });

  it('fails an entry rebuilt from a changed row: it no longer hashes to the leaf the log committed', async () => {
    const take = await servedTake();
    const committed = bytesToBase64(logEntryLeafHash(takeLogEntry(takeEntryFields(take))));
    // The row as an insider left it; the text is rebuilt from it, so only the hash can tell.
    const changed = { ...take, receivedAt: '2026-07-14T11:00:00.000Z' };
    const rebuilt = takeLogEntry(takeEntryFields(changed));
    expect(checkTakeLogEntry(changed, rebuilt)).toBeNull();
    const check = await checkServedTake(changed, rebuilt, committed);
    expect(check).toEqual({
      verified: false,
      reasons: [
        {
          code: 'log_entry_mismatch',
          message: 'the take no longer hashes to the leaf the log committed to for it',
        },
      ],
    });
  });

  it('says "not in the log" when the log holds no entry', async () => {
    expect(checkTakeLogEntry(await servedTake(), null)).toEqual({
      code: 'not_in_log',
      message: 'the take is not in the transparency log',
    });
  });
});
