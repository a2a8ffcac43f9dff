import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';

/** SQL for the receipt signing keys the service has used (`service_key`). */
export class ServiceKeyRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /** Every key's id and public half, newest first. */
  async all(): Promise<Array<{ key_id: string; public_key: string }>> {
    return this.db
      .selectFrom('service_key')
      .select(['key_id', 'public_key'])
      .orderBy('created_at', 'desc')
      .execute();
  }

  async holds(publicKey: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('service_key')
      .select('key_id')
      .where('public_key', '=', publicKey)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Records a configured key's public half (once). */
  async recordPublic(key: { keyId: string; publicKey: string }): Promise<void> {
    await this.db
      .insertInto('service_key')
      .values({ key_id: key.keyId, public_key: key.publicKey, seed: null })
      .onConflict((conflict) => conflict.column('key_id').doNothing())
      .execute();
  }

  /**
   * The stored demo seed, or the one `generate` makes, stored; first starts of several replicas are
   * serialised by a table lock, so the first generates and the others read it.
   */
  async storedSeedOr(
    generate: () => Promise<{ seed: string; keyId: string; publicKey: string }>,
  ): Promise<string> {
    return this.db.transaction().execute(async (trx) => {
      await sql`lock table service_key in share row exclusive mode`.execute(trx);
      const stored = await trx
        .selectFrom('service_key')
        .select('seed')
        .where('seed', 'is not', null)
        .orderBy('created_at', 'desc')
        .limit(1)
        .executeTakeFirst();
      if (stored?.seed != null) return stored.seed;
      const fresh = await generate();
      await trx
        .insertInto('service_key')
        .values({ key_id: fresh.keyId, public_key: fresh.publicKey, seed: fresh.seed })
        .execute();
      return fresh.seed;
    });
  }
}
