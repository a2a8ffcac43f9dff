import { readFileSync } from 'node:fs';

export interface SignatureVector {
  name: string;
  input: Record<string, unknown>;
  canonical: string;
  publicKey: string;
  seed: string;
  signature: string;
}

export function readVectorFile<T = unknown>(name: string): T {
  return JSON.parse(readFileSync(new URL(`../vectors/${name}`, import.meta.url), 'utf8')) as T;
}

export function signatureVectors(name: string): SignatureVector[] {
  return readVectorFile<{ vectors: SignatureVector[] }>(name).vectors;
}

export const VECTOR_FILES = [
  'takes.json',
  'served-takes.json',
  'applications.json',
  'token-claims.json',
  'judgements.json',
  'receipts.json',
  'tlog-entries.json',
  'tlog-proofs.json',
  'tlog-checkpoints.json',
  'tlog-keys.json',
] as const;
