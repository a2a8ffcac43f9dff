import { isUsablePublicKey } from '@convene/protocol';
import type { Kysely } from 'kysely';
import type { Clock } from '../../clock.js';
import type { DB } from '../../db/schema.js';
import { queueEmail } from '../../email/outbox.js';
import { SWARM_ERRORS, swarmError } from '../errors.js';
import { MemberRepository, type MemberRow } from './repository.js';

export interface MemberStatusChange {
  memberId: string;
  status: 'active' | 'inactive';
  changed: boolean;
}

/** Admin decisions about members: activation, deactivation, key rotation, token revocation. */
export class ActivationService {
  private readonly members: MemberRepository;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly clock: Clock,
    private readonly publicBaseUrl: () => string,
  ) {
    this.members = new MemberRepository(db);
  }

  /**
   * Activates the pending key without a token, approves the application, queues the approval email
   * and adds the member to every session still collecting. Activating an active member changes nothing.
   */
  async activate(memberId: unknown): Promise<MemberStatusChange> {
    const id = requireMemberId(memberId);
    const now = this.clock.now();
    return this.db.transaction().execute(async (trx) => {
      const member = await this.lockMember(trx, id);
      const pending = await this.members.keyOf(member.id, 'pending', trx);
      if (pending === undefined) {
        if (member.status === 'active')
          return { memberId: member.id, status: 'active', changed: false };
        throw swarmError(409, SWARM_ERRORS.notPending);
      }
      await trx
        .updateTable('member_key')
        .set({ state: 'retired', retired_at: now })
        .where('member_id', '=', member.id)
        .where('state', '=', 'active')
        .execute();
      await trx
        .updateTable('member_key')
        .set({ state: 'active', activated_at: now })
        .where('id', '=', pending.id)
        .execute();
      await recordDecision(
        trx,
        member.id,
        { status: 'active', activated_at: now },
        'approved',
        now,
      );
      if (member.role === 'member') await addToCollectingSessions(trx, member.id, now);
      if (member.contact !== null) {
        await queueEmail(trx, approvalEmail(member, this.publicBaseUrl()), now);
      }
      return { memberId: member.id, status: 'active', changed: true };
    });
  }

  /** Deactivation revokes the member's token; takes and keys stay for the record. */
  async deactivate(idOrHandle: string): Promise<MemberStatusChange> {
    const now = this.clock.now();
    return this.db.transaction().execute(async (trx) => {
      const member = await this.lockMember(trx, idOrHandle);
      if (member.status === 'inactive')
        return { memberId: member.id, status: 'inactive', changed: false };
      await recordDecision(trx, member.id, { status: 'inactive' }, 'inactive', now);
      await revokeLiveToken(trx, member.id, now);
      return { memberId: member.id, status: 'inactive', changed: true };
    });
  }

  /** Reactivation needs an active key on file; the member claims a fresh token with it. */
  async reactivate(idOrHandle: string): Promise<MemberStatusChange> {
    const now = this.clock.now();
    return this.db.transaction().execute(async (trx) => {
      const member = await this.lockMember(trx, idOrHandle);
      if (member.status === 'active')
        return { memberId: member.id, status: 'active', changed: false };
      if ((await this.members.keyOf(member.id, 'active', trx)) === undefined)
        throw swarmError(403, SWARM_ERRORS.noKey);
      await recordDecision(trx, member.id, { status: 'active' }, 'approved', now);
      if (member.role === 'member') await addToCollectingSessions(trx, member.id, now);
      return { memberId: member.id, status: 'active', changed: true };
    });
  }

  /**
   * Replaces the active key at once. The old key is retired, not deleted: takes signed with it keep
   * verifying against it, because each take records the key it was checked with.
   */
  async rotateKey(
    idOrHandle: string,
    publicKey: unknown,
  ): Promise<{ memberId: string; keyId: number }> {
    if (!isUsablePublicKey(publicKey)) throw swarmError(400, 'invalid public key');
    const now = this.clock.now();
    return this.db.transaction().execute(async (trx) => {
      const member = await this.lockMember(trx, idOrHandle);
      const holder = await this.members.liveKeyByPublicKey(publicKey, trx);
      if (holder !== undefined) throw swarmError(409, SWARM_ERRORS.keyAlreadyRegistered);
      await trx
        .updateTable('member_key')
        .set({ state: 'retired', retired_at: now })
        .where('member_id', '=', member.id)
        .where('state', 'in', ['active', 'pending'])
        .execute();
      const key = await trx
        .insertInto('member_key')
        .values({
          member_id: member.id,
          public_key: publicKey,
          state: 'active',
          created_at: now,
          activated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { memberId: member.id, keyId: key.id };
    });
  }

  /** Revokes the live token; the member proves its key again to claim a new one. */
  async revokeToken(idOrHandle: string): Promise<{ memberId: string; revoked: boolean }> {
    const now = this.clock.now();
    const member = await this.requireMember(idOrHandle);
    return { memberId: member.id, revoked: await revokeLiveToken(this.db, member.id, now) };
  }

  /** Makes a member a consensus judge (files judgements, never takes) or a plain member. */
  async setRole(
    idOrHandle: string,
    role: unknown,
  ): Promise<{ memberId: string; role: 'member' | 'judge' }> {
    if (role !== 'member' && role !== 'judge')
      throw swarmError(400, 'role must be member or judge');
    const member = await this.requireMember(idOrHandle);
    await this.db.updateTable('member').set({ role }).where('id', '=', member.id).execute();
    return { memberId: member.id, role };
  }

  private async requireMember(idOrHandle: string): Promise<MemberRow> {
    const member = await this.members.findByIdOrHandle(idOrHandle);
    if (member === undefined) throw swarmError(404, SWARM_ERRORS.memberNotFound);
    return member;
  }

  private async lockMember(trx: Kysely<DB>, idOrHandle: string): Promise<MemberRow> {
    const member = await this.members.findByIdOrHandle(idOrHandle, trx);
    if (member === undefined) throw swarmError(404, SWARM_ERRORS.memberNotFound);
    await trx.selectFrom('member').select('id').where('id', '=', member.id).forUpdate().execute();
    return member;
  }
}

function requireMemberId(value: unknown): string {
  if (typeof value !== 'string' || value === '' || value.length > 100)
    throw swarmError(400, 'memberId is required');
  return value;
}

/** An admin decision: the member's status (and activation time) with its application's state. */
async function recordDecision(
  trx: Kysely<DB>,
  memberId: string,
  member: { status: 'active' | 'inactive'; activated_at?: Date },
  applicationState: 'approved' | 'inactive',
  now: Date,
): Promise<void> {
  await trx.updateTable('member').set(member).where('id', '=', memberId).execute();
  await trx
    .updateTable('application')
    .set({ state: applicationState, reviewed_at: now })
    .where('id', '=', memberId)
    .execute();
}

/** Revokes the member's live bearer token, if any; true when one was revoked. */
async function revokeLiveToken(db: Kysely<DB>, memberId: string, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('member_token')
    .set({ revoked_at: now })
    .where('member_id', '=', memberId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** A newly admitted member joins every session still collecting, so it can take part at once. */
async function addToCollectingSessions(
  trx: Kysely<DB>,
  memberId: string,
  now: Date,
): Promise<void> {
  const collecting = await trx
    .selectFrom('swarm_session')
    .select('id')
    .where('state', '=', 'collecting')
    .execute();
  if (collecting.length === 0) return;
  await trx
    .insertInto('session_roster')
    .values(
      collecting.map((session) => ({ session_id: session.id, member_id: memberId, added_at: now })),
    )
    .onConflict((conflict) => conflict.columns(['session_id', 'member_id']).doNothing())
    .execute();
}

function approvalEmail(
  member: MemberRow,
  baseUrl: string,
): { to: string; subject: string; text: string } {
  return {
    to: member.contact ?? '',
    subject: 'Your Convene swarm application was approved',
    text: [
      `Hello ${member.display_name},`,
      '',
      `Your application was approved. Your member id is ${member.id} (handle ${member.handle}).`,
      'Claim your bearer token by proving your key:',
      `  1. POST ${baseUrl}/api/swarm/token-claim/challenge with {"memberId":"${member.id}"}`,
      `  2. sign the token-claim payload and POST it to ${baseUrl}/api/swarm/token-claim`,
      `Guide: ${baseUrl}/skills/swarm-onboarding/SKILL.md`,
      '',
      'The token is shown once. Keep your private key on your machine.',
    ].join('\n'),
  };
}
