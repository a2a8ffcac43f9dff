import {
  createCipheriv,
  createDecipheriv,
  randomBytes,
  scrypt as scryptCallback,
} from 'node:crypto';
import { promisify } from 'node:util';
import { CliError, EXIT } from './exit-codes.js';

const scrypt = promisify(scryptCallback) as (
  password: string,
  salt: Buffer,
  keylen: number,
  options: { N: number; r: number; p: number; maxmem: number },
) => Promise<Buffer>;

/** A secret encrypted with a passphrase: scrypt (N=2^15, r=8, p=1) then AES-256-GCM. */
export interface SealedSecret {
  version: 1;
  kdf: 'scrypt';
  kdfParams: { N: number; r: number; p: number; salt: string };
  cipher: 'aes-256-gcm';
  iv: string;
  tag: string;
  ciphertext: string;
}

const PARAMS = { N: 2 ** 15, r: 8, p: 1 } as const;
const MAXMEM = 64 * 1024 * 1024;

export async function seal(secret: string, passphrase: string): Promise<SealedSecret> {
  const salt = randomBytes(16);
  const key = await scrypt(passphrase, salt, 32, { ...PARAMS, maxmem: MAXMEM });
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const ciphertext = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return {
    version: 1,
    kdf: 'scrypt',
    kdfParams: { ...PARAMS, salt: salt.toString('base64') },
    cipher: 'aes-256-gcm',
    iv: iv.toString('base64'),
    tag: cipher.getAuthTag().toString('base64'),
    ciphertext: ciphertext.toString('base64'),
  };
}

export async function unseal(sealed: SealedSecret, passphrase: string): Promise<string> {
  const { N, r, p, salt } = sealed.kdfParams;
  const key = await scrypt(passphrase, Buffer.from(salt, 'base64'), 32, {
    N,
    r,
    p,
    maxmem: MAXMEM,
  });
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(sealed.iv, 'base64'));
  decipher.setAuthTag(Buffer.from(sealed.tag, 'base64'));
  try {
    return Buffer.concat([
      decipher.update(Buffer.from(sealed.ciphertext, 'base64')),
      decipher.final(),
    ]).toString('utf8');
  } catch {
    throw new CliError(
      'wrong passphrase (CONVENE_PASSPHRASE) or damaged keystore file',
      EXIT.setup,
    );
  }
}
