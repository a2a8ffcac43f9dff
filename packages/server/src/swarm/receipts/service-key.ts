import { randomBytes } from 'node:crypto';
import { keyFingerprint, publicKeyFromSeed, type ReceiptKey } from '@convene/protocol';
import type { Config } from '../../config.js';
import type { ServiceKeyRepository } from './service-key-repository.js';

/**
 * The service's receipt signing key. `RECEIPT_SIGNING_KEY` wins; a demo without one generates a seed
 * once and keeps it in `service_key`, so every replica sharing the database signs with the same key.
 * Every key ever used keeps its public half in `service_key`, so receipts signed before a rotation
 * still verify against a key the service vouches for.
 */
export class ServiceKeyStore {
  private signing: Promise<{ seed: string; key: ReceiptKey }> | undefined;
  private readonly keys: ServiceKeyRepository;
  private readonly config: Pick<Config, 'receiptSigningKey' | 'appEnv'>;

  constructor(uses: {
    keys: ServiceKeyRepository;
    config: Pick<Config, 'receiptSigningKey' | 'appEnv'>;
  }) {
    this.keys = uses.keys;
    this.config = uses.config;
  }

  /** The seed to sign with and its public key; resolved once per process. */
  async signingKey(): Promise<{ seed: string; key: ReceiptKey }> {
    this.signing ??= this.resolve().catch((error: unknown) => {
      this.signing = undefined;
      throw error;
    });
    return this.signing;
  }

  async receiptKey(): Promise<ReceiptKey> {
    return (await this.signingKey()).key;
  }

  /** Every key this service has signed receipts with, current first, then newest first. */
  async allKeys(): Promise<Array<ReceiptKey & { current: boolean }>> {
    const current = await this.receiptKey();
    const rows = await this.keys.all();
    const retired = rows
      .filter((row) => row.key_id !== current.keyId)
      .map((row) => ({
        keyId: row.key_id,
        publicKey: row.public_key,
        algorithm: current.algorithm,
        current: false,
      }));
    return [{ ...current, current: true }, ...retired];
  }

  /** Whether `publicKey` is, or once was, this service's receipt key. */
  async isServiceKey(publicKey: string): Promise<boolean> {
    return this.keys.holds(publicKey);
  }

  private async resolve(): Promise<{ seed: string; key: ReceiptKey }> {
    const configured = this.config.receiptSigningKey;
    if (configured !== undefined) {
      const key = await keyOf(configured);
      await this.keys.recordPublic(key);
      return { seed: configured, key };
    }
    if (this.config.appEnv !== 'demo') throw new Error('RECEIPT_SIGNING_KEY is not configured');
    const seed = await this.keys.storedSeedOr(async () => {
      const fresh = randomBytes(32).toString('base64');
      return { seed: fresh, ...(await keyOf(fresh)) };
    });
    return { seed, key: await keyOf(seed) };
  }
}

async function keyOf(seed: string): Promise<ReceiptKey> {
  const publicKey = await publicKeyFromSeed(seed);
  return { keyId: keyFingerprint(publicKey), publicKey, algorithm: 'Ed25519' };
}
