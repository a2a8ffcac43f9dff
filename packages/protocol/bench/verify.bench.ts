// Protocol micro-benchmarks. Run from the repository root:
//   npx tsx --conditions=source packages/protocol/bench/verify.bench.ts
import { cpus } from 'node:os';
import { createPublicKey, verify as cryptoVerify } from 'node:crypto';
import { canonicalTake, publicKeyFromSeed, signTake, verify, verifyReceipt } from '../src/index.js';
import { largeReceipt, type LargeReceipt } from '../scripts/large-receipt.js';

interface Timing {
  wallMs: number;
  /** CPU time of this process: unaffected by other processes on a shared machine. */
  cpuMs: number;
}

async function measure(run: () => unknown): Promise<Timing> {
  const cpu = process.cpuUsage();
  const start = performance.now();
  await run();
  const wallMs = performance.now() - start;
  const used = process.cpuUsage(cpu);
  return { wallMs, cpuMs: (used.user + used.system) / 1000 };
}

const best = (timings: Timing[]): Timing => ({
  wallMs: Math.min(...timings.map((t) => t.wallMs)),
  cpuMs: Math.min(...timings.map((t) => t.cpuMs)),
});

function rawVerifyAll(raw: LargeReceipt['raw']): void {
  let valid = 0;
  for (const { message, key, signature } of raw) {
    if (cryptoVerify(null, message, key, signature)) valid += 1;
  }
  if (valid !== raw.length) throw new Error('baseline failed');
}

async function verifiedReceipt(receipt: LargeReceipt['receipt']): Promise<void> {
  const result = await verifyReceipt(receipt);
  if (!result.verified) throw new Error(JSON.stringify(result.unverifiedReasons));
}

async function singleTake(count: number) {
  const seed = 'AQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQE=';
  const publicKey = await publicKeyFromSeed(seed);
  const draft = {
    memberId: 'member-1',
    date: '2026-07-14',
    subjectId: 'robotmoney-allocation',
    nonce: 'n',
    stance: 'neutral',
    confidence: 0.5,
    body: 'x'.repeat(1200),
  } as const;
  const canonical = canonicalTake(draft);
  const signature = await signTake(draft, seed);
  const key = createPublicKey({
    key: { kty: 'OKP', crv: 'Ed25519', x: Buffer.from(publicKey, 'base64').toString('base64url') },
    format: 'jwk',
  });
  const message = Buffer.from(canonical, 'utf8');
  const sig = Buffer.from(signature, 'base64');
  const raw = () => {
    for (let i = 0; i < count; i++) cryptoVerify(null, message, key, sig);
  };
  const ours = async () => {
    for (let i = 0; i < count; i++) {
      if (!(await verify(publicKey, canonical, signature))) throw new Error('verify failed');
    }
  };
  await measure(raw);
  await measure(ours);
  const rawRuns = [await measure(raw)];
  const ourRuns = [await measure(ours)];
  rawRuns.push(await measure(raw));
  ourRuns.push(await measure(ours));
  return { raw: best(rawRuns), ours: best(ourRuns) };
}

async function receiptRow(size: number) {
  const { receipt, raw } = await largeReceipt(size);
  const baseline = [await measure(() => rawVerifyAll(raw))];
  const cold = await measure(() => verifiedReceipt(receipt));
  baseline.push(await measure(() => rawVerifyAll(raw)));
  const warm = [await measure(() => verifiedReceipt(receipt))];
  baseline.push(await measure(() => rawVerifyAll(raw)));
  warm.push(await measure(() => verifiedReceipt(receipt)));
  return {
    size,
    bytes: receipt.canonicalBytes.length,
    raw: best(baseline),
    cold,
    warm: best(warm),
  };
}

const ms = (n: number) => n.toFixed(0).padStart(6);
const ratio = (a: number, b: number) => (a / b).toFixed(2);

console.log(`node ${process.version}, ${cpus().length} × ${cpus()[0]?.model ?? 'unknown CPU'}`);
const count = 20_000;
const takes = await singleTake(count);
console.log(`\nOne take (1.2 KB body), ${count} verifications, best of 2 (cpu time)`);
console.log('| path | verifies/s | ratio |');
console.log('|---|---:|---:|');
const perSecond = (t: Timing) => ((count / t.cpuMs) * 1000).toFixed(0).padStart(6);
console.log(`| raw crypto.verify, KeyObject ready | ${perSecond(takes.raw)} | 1.00 |`);
console.log(
  `| verify(), base64 in, cached key | ${perSecond(takes.ours)} | ${ratio(takes.ours.cpuMs, takes.raw.cpuMs)} |`,
);

// Warm the JIT on receipts with other keys, so "cold" below means only "no cached key objects".
const warmUp = await largeReceipt(300, 0x6b);
for (let i = 0; i < 3; i++) await verifiedReceipt(warmUp.receipt);

console.log('\nConsensus receipt, one distinct key per member; ms of cpu time (wall time)');
console.log(
  '| submissions | canonicalBytes | raw crypto.verify | verifyReceipt cold | ratio | verifyReceipt warm | ratio |',
);
console.log('|---:|---:|---:|---:|---:|---:|---:|');
for (const size of [1_000, 10_000]) {
  const r = await receiptRow(size);
  const cell = (t: Timing) => `${ms(t.cpuMs)} (${ms(t.wallMs).trim()})`;
  console.log(
    `| ${size} | ${(r.bytes / 1e6).toFixed(1)} MB | ${cell(r.raw)} | ${cell(r.cold)} | ${ratio(r.cold.cpuMs, r.raw.cpuMs)} | ${cell(r.warm)} | ${ratio(r.warm.cpuMs, r.raw.cpuMs)} |`,
  );
}
