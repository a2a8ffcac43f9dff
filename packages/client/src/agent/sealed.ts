import { scrypt as scryptCallback } from 'node:crypto';
import {
  KEYSTORE_SCRYPT_MAXMEM,
  sealSecret,
  unsealSecret,
  UnsealError,
  type Scrypt,
  type SealedSecret,
} from '@convene/protocol';
import { AgentError, EXIT } from './exit-codes.js';

export type { SealedSecret };

/** Node's native scrypt, several times faster than a JavaScript one for the keystore's N=2^15. */
const nodeScrypt: Scrypt = (passphrase, salt, { N, r, p }) =>
  new Promise((resolve, reject) => {
    scryptCallback(
      passphrase,
      salt,
      32,
      { N, r, p, maxmem: KEYSTORE_SCRYPT_MAXMEM },
      (error, key) => (error === null ? resolve(new Uint8Array(key)) : reject(error)),
    );
  });

/** The keystore's sealing (protocol `sealSecret`: scrypt, then AES-256-GCM). */
export function seal(secret: string, passphrase: string): Promise<SealedSecret> {
  return sealSecret(secret, passphrase, nodeScrypt);
}

export async function unseal(sealed: SealedSecret, passphrase: string): Promise<string> {
  try {
    return await unsealSecret(sealed, passphrase, nodeScrypt);
  } catch (error) {
    if (!(error instanceof UnsealError)) throw error;
    throw new AgentError(
      'wrong passphrase (CONVENE_PASSPHRASE) or damaged keystore file',
      EXIT.setup,
    );
  }
}
