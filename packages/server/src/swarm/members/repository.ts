import type { Application } from '@convene/protocol';
import type { Kysely, Selectable, Updateable } from 'kysely';
import type { DB, MemberKeyTable, MemberTable } from '../../db/schema.js';
import type { Tx } from '../../db/transactor.js';
import { isUuid } from '../shared/ids.js';
import { displayNameKey } from './names.js';

export type MemberRow = Selectable<MemberTable>;
export type MemberKeyRow = Selectable<MemberKeyTable>;

/** A signed application as filed: the fields, their canonical bytes and the signature. */
export interface SignedApplication {
  application: Application;
  canonical: string;
  signature: string;
}

/** SQL for members, their keys, names, applications, challenges and tokens. */
export class MemberRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /** A member by UUID or handle, case-insensitively, through the shared namespace. */
  async findByIdOrHandle(idOrHandle: string, trx?: Tx): Promise<MemberRow | undefined> {
    return (trx ?? this.db)
      .selectFrom('member_name')
      .innerJoin('member', 'member.id', 'member_name.member_id')
      .selectAll('member')
      .where('member_name.name', '=', idOrHandle.toLowerCase())
      .executeTakeFirst();
  }

  async findById(id: string, trx?: Tx): Promise<MemberRow | undefined> {
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
    trx?: Tx,
  ): Promise<MemberKeyRow | undefined> {
    return (trx ?? this.db)
      .selectFrom('member_key')
      .selectAll()
      .where('member_id', '=', memberId)
      .where('state', '=', state)
      .executeTakeFirst();
  }

  /** Each member's active public key, by member id (members without one are absent). */
  async activeKeysOf(memberIds: readonly string[]): Promise<Map<string, string>> {
    const rows = await this.db
      .selectFrom('member_key')
      .select(['member_id', 'public_key'])
      .where('member_id', 'in', [...memberIds])
      .where('state', '=', 'active')
      .execute();
    return new Map(rows.map((row) => [row.member_id, row.public_key]));
  }

  async keyById(id: number): Promise<MemberKeyRow | undefined> {
    return this.db.selectFrom('member_key').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** The live (pending or active) key row holding this public key, if any. */
  async liveKeyByPublicKey(publicKey: string, trx?: Tx): Promise<MemberKeyRow | undefined> {
    return (trx ?? this.db)
      .selectFrom('member_key')
      .selectAll()
      .where('public_key', '=', publicKey)
      .where('state', '<>', 'retired')
      .executeTakeFirst();
  }

  /** Locks the member's row until the transaction ends (admin decisions serialise per member). */
  async lock(memberId: string, trx: Tx): Promise<void> {
    await trx.selectFrom('member').select('id').where('id', '=', memberId).forUpdate().execute();
  }

  /** Retires the member's keys in these states. */
  async retireKeys(
    memberId: string,
    states: ReadonlyArray<'active' | 'pending'>,
    now: Date,
    trx: Tx,
  ): Promise<void> {
    await trx
      .updateTable('member_key')
      .set({ state: 'retired', retired_at: now })
      .where('member_id', '=', memberId)
      .where('state', 'in', [...states])
      .execute();
  }

  async activateKey(keyId: number, now: Date, trx: Tx): Promise<void> {
    await trx
      .updateTable('member_key')
      .set({ state: 'active', activated_at: now })
      .where('id', '=', keyId)
      .execute();
  }

  /** A new key, active at once (an admin rotation); returns its id. */
  async insertActiveKey(memberId: string, publicKey: string, now: Date, trx: Tx): Promise<number> {
    const key = await trx
      .insertInto('member_key')
      .values({
        member_id: memberId,
        public_key: publicKey,
        state: 'active',
        created_at: now,
        activated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return key.id;
  }

  /** An admin decision: the member's status (and activation time) with its application's state. */
  async recordDecision(
    memberId: string,
    member: { status: 'active' | 'inactive'; activated_at?: Date },
    applicationState: 'approved' | 'inactive',
    now: Date,
    trx: Tx,
  ): Promise<void> {
    await trx.updateTable('member').set(member).where('id', '=', memberId).execute();
    await trx
      .updateTable('application')
      .set({ state: applicationState, reviewed_at: now })
      .where('id', '=', memberId)
      .execute();
  }

  /** Revokes the member's live bearer token, if any; true when one was revoked. */
  async revokeLiveToken(memberId: string, now: Date, trx?: Tx): Promise<boolean> {
    const result = await (trx ?? this.db)
      .updateTable('member_token')
      .set({ revoked_at: now })
      .where('member_id', '=', memberId)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Profile fields an operator sets (the demo's house members). */
  async setProfile(
    memberId: string,
    profile: Pick<Updateable<MemberTable>, 'house' | 'tagline' | 'mandate' | 'operator' | 'mode'>,
  ): Promise<void> {
    await this.db.updateTable('member').set(profile).where('id', '=', memberId).execute();
  }

  async setRole(memberId: string, role: 'member' | 'judge', trx?: Tx): Promise<void> {
    await (trx ?? this.db).updateTable('member').set({ role }).where('id', '=', memberId).execute();
  }

  /** A new applicant: the member (status applied), its pending key and its application. */
  async insertApplicant(
    member: { memberId: string; handle: string },
    { application, canonical, signature }: SignedApplication,
    now: Date,
    trx: Tx,
  ): Promise<void> {
    await trx
      .insertInto('member')
      .values({
        id: member.memberId,
        handle: member.handle,
        display_name: application.name,
        name_key: displayNameKey(application.name),
        status: 'applied',
        lens: application.lens ?? null,
        contact: application.contact,
        applied_at: now,
      })
      .execute();
    await trx
      .insertInto('member_key')
      .values({
        member_id: member.memberId,
        public_key: application.publicKey,
        state: 'pending',
        created_at: now,
      })
      .execute();
    await trx
      .insertInto('application')
      .values({
        id: member.memberId,
        name: application.name,
        contact: application.contact,
        lens: application.lens ?? null,
        public_key: application.publicKey,
        canonical,
        signature,
        state: 'applied',
        applied_at: now,
      })
      .execute();
  }

  /** A pending applicant applies again with the same key: its application and details are replaced. */
  async refreshApplication(
    memberId: string,
    { application, canonical, signature }: SignedApplication,
    now: Date,
    trx: Tx,
  ): Promise<void> {
    await trx
      .updateTable('application')
      .set({
        name: application.name,
        contact: application.contact,
        lens: application.lens ?? null,
        canonical,
        signature,
        applied_at: now,
      })
      .where('id', '=', memberId)
      .execute();
    await trx
      .updateTable('member')
      .set({
        display_name: application.name,
        name_key: displayNameKey(application.name),
        contact: application.contact,
        lens: application.lens ?? null,
      })
      .where('id', '=', memberId)
      .execute();
  }

  async applicationStatus(id: string) {
    return this.db
      .selectFrom('application')
      .select(['id', 'state', 'applied_at', 'reviewed_at', 'claimed_at'])
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /** An active member, approved (or already claimed), with an active key: it may claim a token. */
  async mayClaimToken(memberId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('member')
      .innerJoin('application', 'application.id', 'member.id')
      .innerJoin('member_key', (join) =>
        join.onRef('member_key.member_id', '=', 'member.id').on('member_key.state', '=', 'active'),
      )
      .select('member.id')
      .where('member.id', '=', memberId)
      .where('member.status', '=', 'active')
      .where('application.state', 'in', ['approved', 'claimed'])
      .executeTakeFirst();
    return row !== undefined;
  }

  async challengeOf(memberId: string) {
    return this.db
      .selectFrom('token_claim_challenge')
      .selectAll()
      .where('member_id', '=', memberId)
      .executeTakeFirst();
  }

  /** Deletes the member's challenge if it is this one; false when it was not (already used). */
  async consumeChallenge(memberId: string, challenge: string, trx: Tx): Promise<boolean> {
    const consumed = await trx
      .deleteFrom('token_claim_challenge')
      .where('member_id', '=', memberId)
      .where('challenge', '=', challenge)
      .executeTakeFirst();
    return Number(consumed.numDeletedRows) > 0;
  }

  /** The claimed token's hash, and the application marked claimed. */
  async recordClaimedToken(
    memberId: string,
    tokenSha256: string,
    now: Date,
    trx: Tx,
  ): Promise<void> {
    await trx
      .insertInto('member_token')
      .values({ member_id: memberId, token_sha256: tokenSha256, created_at: now })
      .execute();
    await trx
      .updateTable('application')
      .set({ state: 'claimed', claimed_at: now })
      .where('id', '=', memberId)
      .execute();
  }

  async handleTaken(handle: string, trx?: Tx): Promise<boolean> {
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

  async liveTokenExists(memberId: string, trx?: Tx): Promise<boolean> {
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
