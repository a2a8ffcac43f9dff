// Runs inside headless Chromium (bundled by browser.test.ts): replays the vectors through the web
// build and publishes a report on `window.protocolReport`.
import * as P from '../src/index.js';
import { createWebEd25519 } from '../src/ed25519/web.js';
import { replayTlogVectors, type TlogReplayReport } from './tlog-replay.js';
import type { SignatureVector } from './vectors.js';

export interface BrowserReport {
  platform: string;
  signatures: number;
  receipts: number;
  tlog: Omit<TlogReplayReport, 'failures'>;
  webCryptoEd25519: boolean;
  failures: string[];
  userAgent: string;
}

const failures: string[] = [];
const check = (ok: boolean, what: string) => {
  if (!ok) failures.push(what);
};
const load = async <T>(name: string): Promise<T> =>
  (await fetch(`/vectors/${name}`)).json() as Promise<T>;

const canonicalOf: Record<string, (input: never) => string> = {
  'takes.json': (input) => {
    const result = P.validateTakeDraft(input);
    return result.ok ? P.canonicalTake(result.draft) : `invalid: ${result.error}`;
  },
  'applications.json': P.canonicalApplication,
  'token-claims.json': P.canonicalTokenClaim,
  'judgements.json': P.canonicalJudgement,
};

async function replaySignatures(): Promise<number> {
  let count = 0;
  for (const [name, canonical] of Object.entries(canonicalOf)) {
    for (const v of (await load<{ vectors: SignatureVector[] }>(name)).vectors) {
      const label = `${name}: ${v.name}`;
      check(canonical(v.input as never) === v.canonical, `${label} canonical`);
      check((await P.publicKeyFromSeed(v.seed)) === v.publicKey, `${label} public key`);
      check((await P.sign(v.seed, v.canonical)) === v.signature, `${label} re-sign`);
      check(await P.verify(v.publicKey, v.canonical, v.signature), `${label} verify`);
      check(!(await P.verify(v.publicKey, `${v.canonical} `, v.signature)), `${label} tamper`);
      count += 1;
    }
  }
  return count;
}

interface ReceiptVectors {
  valid: { name: string; receipt: unknown; options: P.VerifyReceiptOptions }[];
  tampered: {
    name: string;
    receipt: unknown;
    options?: P.VerifyReceiptOptions;
    expectedReasons: string[];
  }[];
}

async function replayReceipts(): Promise<number> {
  const receipts = await load<ReceiptVectors>('receipts.json');
  for (const v of receipts.valid) {
    const result = await P.verifyReceipt(v.receipt, v.options);
    check(result.verified && result.unverifiedReasons.length === 0, `receipt ${v.name}`);
  }
  for (const v of receipts.tampered) {
    const result = await P.verifyReceipt(v.receipt, v.options);
    const codes = result.unverifiedReasons.map((r) => r.code).join(',');
    check(
      !result.verified && codes === v.expectedReasons.join(','),
      `tampered ${v.name}: ${codes}`,
    );
  }
  return receipts.valid.length + receipts.tampered.length;
}

/** The @noble/ed25519 fallback used where WebCrypto lacks Ed25519. */
async function checkNobleFallback(): Promise<void> {
  const [take] = (await load<{ vectors: SignatureVector[] }>('takes.json')).vectors;
  const noble = createWebEd25519(undefined);
  const message = P.utf8Encode(take!.canonical);
  const signature = await noble.sign(P.base64ToBytes(take!.seed)!, message);
  check(P.bytesToBase64(signature) === take!.signature, 'noble sign');
  const key = P.base64ToBytes(take!.publicKey)!;
  check(await noble.verify(key, take!.publicKey, message, signature), 'noble verify');
}

async function hasWebCryptoEd25519(): Promise<boolean> {
  try {
    await crypto.subtle.generateKey({ name: 'Ed25519' }, false, ['sign', 'verify']);
    return true;
  } catch {
    return false;
  }
}

async function run(): Promise<BrowserReport> {
  const signatures = await replaySignatures();
  const receipts = await replayReceipts();
  const { failures: tlogFailures, ...tlog } = await replayTlogVectors(P, load);
  failures.push(...tlogFailures);
  await checkNobleFallback();
  check(
    P.sha256Hex('abc') === 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    'sha256',
  );
  return {
    platform: P.ed25519Platform,
    signatures,
    receipts,
    tlog,
    webCryptoEd25519: await hasWebCryptoEd25519(),
    failures,
    userAgent: navigator.userAgent,
  };
}

(globalThis as { protocolReport?: Promise<BrowserReport> }).protocolReport = run();
