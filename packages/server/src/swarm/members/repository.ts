import type { Kysely, Selectable } from 'kysely';
import type { DB, MemberKeyTable, MemberTable } from '../../db/schema.js';
import { isUuid } from '../shared/ids.js';

export type MemberRow = Selectable<MemberTable>;
export type MemberKeyRow = Selectable<MemberKeyTable>;

/** SQL for members, their keys, names, applications, challenges and tokens. */
export class MemberRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /** A member by UUID or handle, case-insensitively, through the shared namespace. */
  async findByIdOrHandle(idOrHandle: string, trx?: Kysely<DB>): Promise<MemberRow | undefined> {
    return (trx ?? this.db)
      .selectFrom('member_name')
      .innerJoin('member', 'member.id', 'member_name.member_id')
      .selectAll('member')
      .where('member_name.name', '=', idOrHandle.toLowerCase())
      .executeTakeFirst();
  }

  async findById(id: string, trx?: Kysely<DB>): Promise<MemberRow | undefined> {
    if (!isUuid(id)) return undefined;
    return (trx ?? this.db)
      .selectFrom('member')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
  }

  async activeMembers(): Promise<MemberRow[]> {
    return this.db
      .selectFrom('member')
      .selectAll()
      .where('status', '=', 'active')
      .orderBy('handle')
      .execute();
  }

  async keyOf(
    memberId: string,
    state: 'active' | 'pending',
    trx?: Kysely<DB>,
  ): Promise<MemberKeyRow | undefined> {
    return (trx ?? this.db)
      .selectFrom('member_key')
      .selectAll()
      .where('member_id', '=', memberId)
      .where('state', '=', state)
      .executeTakeFirst();
  }

  async keyById(id: number): Promise<MemberKeyRow | undefined> {
    return this.db.selectFrom('member_key').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** The live (pending or active) key row holding this public key, if any. */
  async liveKeyByPublicKey(publicKey: string, trx?: Kysely<DB>): Promise<MemberKeyRow | undefined> {
    return (trx ?? this.db)
      .selectFrom('member_key')
      .selectAll()
      .where('public_key', '=', publicKey)
      .where('state', '<>', 'retired')
      .executeTakeFirst();
  }

  async handleTaken(handle: string, trx?: Kysely<DB>): Promise<boolean> {
    const row = await (trx ?? this.db)
      .selectFrom('member_name')
      .select('name')
      .where('name', '=', handle.toLowerCase())
      .executeTakeFirst();
    return row !== undefined;
  }

  /** The member a presented token hash belongs to, when the token is live and the member active. */
  async memberForTokenHash(tokenSha256: string): Promise<{ memberId: string } | undefined> {
    return this.db
      .selectFrom('member_token')
      .innerJoin('member', 'member.id', 'member_token.member_id')
      .select('member.id as memberId')
      .where('member_token.token_sha256', '=', tokenSha256)
      .where('member_token.revoked_at', 'is', null)
      .where('member.status', '=', 'active')
      .executeTakeFirst();
  }

  async liveTokenExists(memberId: string, trx?: Kysely<DB>): Promise<boolean> {
    const row = await (trx ?? this.db)
      .selectFrom('member_token')
      .select('id')
      .where('member_id', '=', memberId)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    return row !== undefined;
  }

  /**
   * The member's live challenge, or `fresh` stored as the new one when none is live. Atomic: the
   * upsert replaces only an expired row, so concurrent requests all answer the same live challenge.
   */
  async liveChallenge(
    memberId: string,
    fresh: { challenge: string; expiresAt: Date },
    now: Date,
  ): Promise<{ challenge: string; expiresAt: Date }> {
    const stored = await this.db
      .insertInto('token_claim_challenge')
      .values({
        member_id: memberId,
        challenge: fresh.challenge,
        expires_at: fresh.expiresAt,
        created_at: now,
      })
      .onConflict((conflict) =>
        conflict
          .column('member_id')
          .doUpdateSet({ challenge: fresh.challenge, expires_at: fresh.expiresAt, created_at: now })
          .where('token_claim_challenge.expires_at', '<=', now),
      )
      .returning(['challenge', 'expires_at'])
      .executeTakeFirst();
    const row =
      stored ??
      (await this.db
        .selectFrom('token_claim_challenge')
        .select(['challenge', 'expires_at'])
        .where('member_id', '=', memberId)
        .executeTakeFirstOrThrow());
    return { challenge: row.challenge, expiresAt: row.expires_at };
  }
}
