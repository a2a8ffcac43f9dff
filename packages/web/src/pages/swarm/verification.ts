import { useEffect, useState } from 'preact/hooks';
import {
  selfCheckTake,
  verifyReceipt,
  type ReceiptVerification,
  type SignedTakeShown,
} from '@convene/protocol';
import { ApiError } from '../../api/client.js';
import type { LogCheckLine } from '../log/log-check.js';
import type { ConsensusReceipt, ReceiptKey } from '../../api/types/swarm.js';
import { useResource } from '../../lib/use-resource.js';
import { signedPayload, type ReceiptState } from './signed-headline.js';

export type Check = { state: 'checking' } | { state: 'done'; ok: boolean; reasons: string[] };

/**
 * Checks a take without trusting the server: the signature over the exact canonical text with the
 * key it was filed under, and that the canonical text says what the page shows.
 */
export async function checkTake(
  take: SignedTakeShown,
): Promise<{ ok: boolean; reasons: string[] }> {
  const self = await selfCheckTake(take);
  if (self.signature === null)
    return { ok: false, reasons: ['no public key on file for this take'] };
  const reasons: string[] = [];
  if (!self.signature)
    reasons.push('the signature does not verify over the canonical text with this key');
  if (!self.canonical) reasons.push('the signed text is not a canonical take');
  else if (self.differing.length > 0)
    reasons.push(`the fields shown differ from the signed text: ${self.differing.join(', ')}`);
  return { ok: self.ok, reasons };
}

/**
 * The take's own checks as lines, in the form the log checks use, so a page tallies every check of
 * a take in one verdict (a signature that fails is never shown beside "all checks passed").
 */
export async function takeSignatureLines(take: SignedTakeShown): Promise<LogCheckLine[]> {
  const self = await selfCheckTake(take);
  const signature: LogCheckLine =
    self.signature === null
      ? {
          label: 'member signature',
          state: 'failed',
          detail: 'no public key on file for this take',
        }
      : self.signature
        ? { label: 'member signature', state: 'passed', detail: 'over the exact signed text' }
        : {
            label: 'member signature',
            state: 'failed',
            detail: 'the signature does not verify over the canonical text with this key',
          };
  const fields: LogCheckLine = !self.canonical
    ? {
        label: 'fields as served',
        state: 'failed',
        detail: 'the signed text is not a canonical take',
      }
    : self.differing.length > 0
      ? {
          label: 'fields as served',
          state: 'failed',
          detail: `the service's fields differ from the signed text: ${self.differing.join(', ')} (this page shows the signed values)`,
        }
      : { label: 'fields as served', state: 'passed', detail: 'equal to the signed text' };
  return [signature, fields];
}

export function useTakeCheck(take: SignedTakeShown | null): Check {
  const [check, setCheck] = useState<Check>({ state: 'checking' });
  useEffect(() => {
    if (take === null) return;
    let live = true;
    setCheck({ state: 'checking' });
    void checkTake(take).then((result) => live && setCheck({ state: 'done', ...result }));
    return () => {
      live = false;
    };
  }, [take]);
  return check;
}

/** verifyReceipt from the protocol package, run here; the server's own `verified` is ignored. */
export function useReceiptCheck(
  receipt: unknown,
  servicePublicKey: string | null,
): ReceiptVerification | null {
  const [result, setResult] = useState<ReceiptVerification | null>(null);
  useEffect(() => {
    if (receipt === null || receipt === undefined) return;
    let live = true;
    setResult(null);
    const options = servicePublicKey === null ? {} : { expectedServicePublicKey: servicePublicKey };
    void verifyReceipt(receipt, options).then((verdict) => live && setResult(verdict));
    return () => {
      live = false;
    };
  }, [receipt, servicePublicKey]);
  return result;
}

/**
 * The session's consensus receipt, read and verified in this browser once for the whole page: the
 * headline figures and the receipt panel show the same verdict over the same bytes.
 */
export function useSessionReceipt(sessionId: string, published: boolean): ReceiptState {
  const receipt = useResource<ConsensusReceipt>(
    published ? `/api/swarm/sessions/${encodeURIComponent(sessionId)}/consensus-receipt` : null,
  );
  const key = useResource<ReceiptKey>('/api/swarm/receipt-key');
  const verification = useReceiptCheck(
    receipt.status === 'ready' ? receipt.data : null,
    key.status === 'ready' ? key.data.publicKey : null,
  );
  if (!published) return { kind: 'unpublished' };
  if (receipt.status === 'error') {
    return receipt.error instanceof ApiError && receipt.error.status === 404
      ? { kind: 'missing' }
      : { kind: 'error', error: receipt.error, reload: receipt.reload };
  }
  if (key.status === 'error') return { kind: 'error', error: key.error, reload: key.reload };
  if (receipt.status === 'loading' || key.status === 'loading' || verification === null) {
    return { kind: 'loading' };
  }
  return {
    kind: 'checked',
    envelope: receipt.data,
    key: key.data,
    verification,
    signed: verification.verified ? signedPayload(receipt.data) : null,
  };
}
