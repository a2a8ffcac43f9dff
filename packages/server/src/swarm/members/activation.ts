import type { Clock } from '../../clock.js';
import type { Transactor, Tx } from '../../db/transactor.js';
import type { EmailOutbox } from '../../email/outbox.js';
import type { MemberRepository } from './repository.js';
import { type MemberRow } from './repository.js';
import { fail } from '../../errors.js';
import type { KeyEventLog } from '../../tlog/key-log.js';
import type { KeyEvent, MemberRole } from '@convene/protocol';

export interface MemberStatusChange {
  memberId: string;
  status: 'active' | 'inactive';
  changed: boolean;
}

/**
 * What activation needs from the sessions domain, given by the composition root: a member admitted
 * (or readmitted) joins every session still collecting, in the same transaction.
 */
export interface CollectingRosters {
  join(trx: Tx, memberId: string, now: Date): Promise<void>;
}

/** Admin decisions about members: activation, deactivation, key rotation, token revocation. */
export class ActivationService {
  private readonly transactor: Transactor;
  private readonly members: MemberRepository;
  private readonly rosters: CollectingRosters;
  private readonly outbox: EmailOutbox;
  private readonly clock: Clock;
  private readonly publicBaseUrl: () => string;
  private readonly keyLog: KeyEventLog | null;

  constructor(uses: {
    transactor: Transactor;
    members: MemberRepository;
    rosters: CollectingRosters;
    outbox: EmailOutbox;
    clock: Clock;
    publicBaseUrl: () => string;
    /** Logs each key event in the change's transaction; null where no log is kept. */
    keyLog: KeyEventLog | null;
  }) {
    this.transactor = uses.transactor;
    this.members = uses.members;
    this.rosters = uses.rosters;
    this.outbox = uses.outbox;
    this.clock = uses.clock;
    this.publicBaseUrl = uses.publicBaseUrl;
    this.keyLog = uses.keyLog;
  }

  /**
   * A member change that is a key event (docs/protocol.md §14.1): the log's index lock first (before
   * any member row, see KeyEventLog), then `change`, then the event, logged with the member's state
   * as `change` left it, when `change` reports one.
   */
  private keyChange<T>(
    change: (trx: Tx) => Promise<{ result: T; event: KeyEvent | null; memberId: string }>,
  ): Promise<T> {
    return this.transactor.transaction(async (trx) => {
      const index = this.keyLog === null ? null : await this.keyLog.lockIndex(trx);
      const { result, event, memberId } = await change(trx);
      if (event !== null && index !== null) {
        await this.keyLog!.record(trx, index, memberId, event, this.clock.now());
      }
      return result;
    });
  }

  /**
   * Activates the pending key without a token, approves the application, queues the approval email
   * and adds the member to every session still collecting. Activating an active member changes nothing.
   */
  async activate(id: string): Promise<MemberStatusChange> {
    const now = this.clock.now();
    return this.keyChange<MemberStatusChange>(async (trx) => {
      const member = await this.lockMember(trx, id);
      const pending = await this.members.keyOf(member.id, 'pending', trx);
      if (pending === undefined) {
        if (member.status === 'active')
          return unchanged({ memberId: member.id, status: 'active', changed: false });
        throw fail('notPending');
      }
      await this.members.retireKeys(member.id, ['active'], now, trx);
      await this.members.activateKey(pending.id, now, trx);
      await this.members.recordDecision(
        member.id,
        { status: 'active', activated_at: now },
        'approved',
        now,
        trx,
      );
      if (member.role === 'member') await this.rosters.join(trx, member.id, now);
      if (member.contact !== null) {
        await this.outbox.queue(trx, approvalEmail(member, this.publicBaseUrl()), now);
      }
      return changed('activated', { memberId: member.id, status: 'active', changed: true });
    });
  }

  /** Deactivation revokes the member's token; takes and keys stay for the record. */
  async deactivate(idOrHandle: string): Promise<MemberStatusChange> {
    const now = this.clock.now();
    return this.keyChange<MemberStatusChange>(async (trx) => {
      const member = await this.lockMember(trx, idOrHandle);
      if (member.status === 'inactive')
        return unchanged({ memberId: member.id, status: 'inactive', changed: false });
      await this.members.recordDecision(member.id, { status: 'inactive' }, 'inactive', now, trx);
      await this.members.revokeLiveToken(member.id, now, trx);
      return changed('deactivated', { memberId: member.id, status: 'inactive', changed: true });
    });
  }

  /** Reactivation needs an active key on file; the member claims a fresh token with it. */
  async reactivate(idOrHandle: string): Promise<MemberStatusChange> {
    const now = this.clock.now();
    return this.keyChange<MemberStatusChange>(async (trx) => {
      const member = await this.lockMember(trx, idOrHandle);
      if (member.status === 'active')
        return unchanged({ memberId: member.id, status: 'active', changed: false });
      if ((await this.members.keyOf(member.id, 'active', trx)) === undefined) throw fail('noKey');
      await this.members.recordDecision(member.id, { status: 'active' }, 'approved', now, trx);
      if (member.role === 'member') await this.rosters.join(trx, member.id, now);
      // From status applied (a rotated key, never activated) this is the member's first activation.
      const event = member.status === 'inactive' ? 'reactivated' : 'activated';
      return changed(event, { memberId: member.id, status: 'active', changed: true });
    });
  }

  /**
   * Replaces the active key at once. The old key is retired, not deleted: takes signed with it keep
   * verifying against it, because each take records the key it was checked with.
   */
  async rotateKey(
    idOrHandle: string,
    publicKey: string,
  ): Promise<{ memberId: string; keyId: number }> {
    const now = this.clock.now();
    return this.keyChange(async (trx) => {
      const member = await this.lockMember(trx, idOrHandle);
      const holder = await this.members.liveKeyByPublicKey(publicKey, trx);
      if (holder !== undefined) throw fail('keyAlreadyRegistered');
      await this.members.retireKeys(member.id, ['active', 'pending'], now, trx);
      return changed('rotated', {
        memberId: member.id,
        keyId: await this.members.insertActiveKey(member.id, publicKey, now, trx),
      });
    });
  }

  /** Revokes the live token; the member proves its key again to claim a new one. */
  async revokeToken(idOrHandle: string): Promise<{ memberId: string; revoked: boolean }> {
    const now = this.clock.now();
    const member = await this.requireMember(idOrHandle);
    return { memberId: member.id, revoked: await this.members.revokeLiveToken(member.id, now) };
  }

  /** Makes a member a consensus judge (files judgements, never takes) or a plain member. */
  async setRole(
    idOrHandle: string,
    role: MemberRole,
  ): Promise<{ memberId: string; role: MemberRole }> {
    return this.keyChange(async (trx) => {
      const member = await this.lockMember(trx, idOrHandle);
      const result: { memberId: string; role: MemberRole } = { memberId: member.id, role };
      if (member.role === role) return unchanged(result);
      await this.members.setRole(member.id, role, trx);
      return changed('role', result);
    });
  }

  private async requireMember(idOrHandle: string): Promise<MemberRow> {
    const member = await this.members.findByIdOrHandle(idOrHandle);
    if (member === undefined) throw fail('memberNotFound');
    return member;
  }

  private async lockMember(trx: Tx, idOrHandle: string): Promise<MemberRow> {
    const member = await this.members.findByIdOrHandle(idOrHandle, trx);
    if (member === undefined) throw fail('memberNotFound');
    await this.members.lock(member.id, trx);
    return member;
  }
}

const unchanged = <T extends { memberId: string }>(result: T) => ({
  result,
  event: null,
  memberId: result.memberId,
});
const changed = <T extends { memberId: string }>(event: KeyEvent, result: T) => ({
  result,
  event,
  memberId: result.memberId,
});

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
