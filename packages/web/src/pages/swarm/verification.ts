import { useEffect, useState } from 'preact/hooks';
import {
  parseCanonicalTake,
  takeFieldsDiffering,
  verify,
  verifyReceipt,
  type ReceiptVerification,
} from '@convene/protocol';

export type Check = { state: 'checking' } | { state: 'done'; ok: boolean; reasons: string[] };

interface SignedTake {
  memberId: string;
  stance: string;
  confidence: number;
  canonical: string;
  signature: string;
  publicKey: string | null;
}

/**
 * Checks a take without trusting the server: the signature over the exact canonical text with the
 * key it was filed under, and that the canonical text says what the page shows.
 */
export async function checkTake(take: SignedTake): Promise<{ ok: boolean; reasons: string[] }> {
  const reasons: string[] = [];
  if (take.publicKey === null)
    return { ok: false, reasons: ['no public key on file for this take'] };
  if (!(await verify(take.publicKey, take.canonical, take.signature))) {
    reasons.push('the signature does not verify over the canonical text with this key');
  }
  const draft = parseCanonicalTake(take.canonical);
  if (draft === null) reasons.push('the signed text is not a canonical take');
  else {
    const differing = takeFieldsDiffering(draft, take);
    if (differing.length > 0)
      reasons.push(`the fields shown differ from the signed text: ${differing.join(', ')}`);
  }
  return { ok: reasons.length === 0, reasons };
}

export function useTakeCheck(take: SignedTake | null): Check {
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
