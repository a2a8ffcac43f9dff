import { scryptSync } from 'node:crypto';
import { scryptAsync } from '@noble/hashes/scrypt.js';
import { describe, expect, test } from 'vitest';
import {
  KEYSTORE_SCRYPT_MAXMEM,
  sealSecret,
  unsealSecret,
  UnsealError,
  type Scrypt,
} from '../src/index.js';

// The CLI derives with Node's scrypt, the site with noble's: a file either writes, the other opens.
const native: Scrypt = async (passphrase, salt, { N, r, p }) =>
  new Uint8Array(scryptSync(passphrase, salt, 32, { N, r, p, maxmem: KEYSTORE_SCRYPT_MAXMEM }));
const javascript: Scrypt = (passphrase, salt, params) =>
  scryptAsync(passphrase, salt, { ...params, dkLen: 32, maxmem: KEYSTORE_SCRYPT_MAXMEM });

const SEED = 'q83vEjRWeJq83vEjRWeJq83vEjRWeJq83vEjRWeJq8M=';

describe('sealed secrets (the keystore file)', () => {
  test('sealed with one scrypt, opened with the other; the file holds no plaintext', async () => {
    const sealed = await sealSecret(SEED, 'a long passphrase', native);
    expect(JSON.stringify(sealed)).not.toContain(SEED);
    expect(sealed.kdfParams).toMatchObject({ N: 2 ** 15, r: 8, p: 1 });
    expect(await unsealSecret(sealed, 'a long passphrase', javascript)).toBe(SEED);
    const back = await sealSecret(SEED, 'another one', javascript);
    expect(await unsealSecret(back, 'another one', native)).toBe(SEED);
  }, 30_000);

  test('a wrong passphrase, a changed tag, ciphertext or IV, and bytes that are not base64 all fail', async () => {
    const sealed = await sealSecret(SEED, 'right', native);
    await expect(unsealSecret(sealed, 'wrong', native)).rejects.toBeInstanceOf(UnsealError);
    const flip = (b64: string) => {
      const bytes = Buffer.from(b64, 'base64');
      bytes[0] = bytes[0]! ^ 1;
      return bytes.toString('base64');
    };
    for (const field of ['tag', 'ciphertext', 'iv'] as const) {
      await expect(
        unsealSecret({ ...sealed, [field]: flip(sealed[field]) }, 'right', native),
        field,
      ).rejects.toBeInstanceOf(UnsealError);
    }
    await expect(unsealSecret({ ...sealed, tag: '%%%' }, 'right', native)).rejects.toThrow(
      /not base64/,
    );
  }, 30_000);
});
