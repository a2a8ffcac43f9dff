import { randomBytes } from 'node:crypto';
import { keyFingerprint, publicKeyFromSeed, type ReceiptKey } from '@convene/protocol';
import { sql } from 'kysely';
import type { Config } from '../../config.js';
import type { Database } from '../../db/database.js';

/**
 * The service's receipt signing key. `RECEIPT_SIGNING_KEY` wins; a demo without one generates a seed
 * once and keeps it in `service_key`, so every replica sharing the database signs with the same key.
 * Every key ever used keeps its public half in `service_key`, so receipts signed before a rotation
 * still verify against a key the service vouches for.
 */
export class ServiceKeyStore {
  private signing: Promise<{ seed: string; key: ReceiptKey }> | undefined;

  constructor(
    private readonly database: Database,
    private readonly config: Pick<Config, 'receiptSigningKey' | 'appEnv'>,
  ) {}

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
    const rows = await this.database.db
      .selectFrom('service_key')
      .select(['key_id', 'public_key'])
      .orderBy('created_at', 'desc')
      .execute();
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
    const row = await this.database.db
      .selectFrom('service_key')
      .select('key_id')
      .where('public_key', '=', publicKey)
      .executeTakeFirst();
    return row !== undefined;
  }

  private async resolve(): Promise<{ seed: string; key: ReceiptKey }> {
    const configured = this.config.receiptSigningKey;
    if (configured !== undefined) {
      const key = await keyOf(configured);
      await this.database.db
        .insertInto('service_key')
        .values({ key_id: key.keyId, public_key: key.publicKey, seed: null })
        .onConflict((conflict) => conflict.column('key_id').doNothing())
        .execute();
      return { seed: configured, key };
    }
    if (this.config.appEnv !== 'demo') throw new Error('RECEIPT_SIGNING_KEY is not configured');
    return this.database.db.transaction().execute(async (trx) => {
      // Serialises first starts of several replicas: the first generates, the others read it.
      await sql`lock table service_key in share row exclusive mode`.execute(trx);
      const stored = await trx
        .selectFrom('service_key')
        .select('seed')
        .where('seed', 'is not', null)
        .orderBy('created_at', 'desc')
        .limit(1)
        .executeTakeFirst();
      if (stored?.seed != null) return { seed: stored.seed, key: await keyOf(stored.seed) };
      const seed = randomBytes(32).toString('base64');
      const key = await keyOf(seed);
      await trx
        .insertInto('service_key')
        .values({ key_id: key.keyId, public_key: key.publicKey, seed })
        .execute();
      return { seed, key };
    });
  }
}

async function keyOf(seed: string): Promise<ReceiptKey> {
  const publicKey = await publicKeyFromSeed(seed);
  return { keyId: keyFingerprint(publicKey), publicKey, algorithm: 'Ed25519' };
}
