import { bytesToBase64, publicKeyFromSeed } from '../src/index.js';

/** Seed = 32 bytes of `byte`: fixed, public test keys. Never use them for anything real. */
export function seedOf(byte: number): string {
  return bytesToBase64(new Uint8Array(32).fill(byte));
}

export interface TestIdentity {
  memberId: string;
  seed: string;
  publicKey: string;
}

export async function identity(memberId: string, byte: number): Promise<TestIdentity> {
  const seed = seedOf(byte);
  return { memberId, seed, publicKey: await publicKeyFromSeed(seed) };
}

/** House members of the test session, by seed byte 0x01…0x06. */
export const MEMBER_IDS = [
  '0b5e8f0c-4a1e-4c6e-9a51-1f6b2c3d4e01',
  '1c6f9a1d-5b2f-4d7f-8b62-2a7c3d4e5f02',
  '2d7a0b2e-6c3a-4e8a-9c73-3b8d4e5f6a03',
  '3e8b1c3f-7d4b-4f9b-8d84-4c9e5f6a7b04',
  '4f9c2d4a-8e5c-4a0c-9e95-5d0f6a7b8c05',
  '5a0d3e5b-9f6d-4b1d-8fa6-6e1a7b8c9d06',
] as const;

export const SERVICE_SEED = seedOf(0x53);
export const OTHER_SERVICE_SEED = seedOf(0x54);

export const SUBJECT_ID = 'robotmoney-allocation';
export const SESSION_ID = '9f1e2d3c-4b5a-4697-8877-665544332211';
export const PREVIOUS_SESSION_ID = '8e0d1c2b-3a49-4586-9766-554433221100';
export const SESSION_DATE = '2026-07-14';
export const PREVIOUS_SESSION_DATE = '2026-07-10';
