import { canonicalApplication, verifyApplication, type Application } from '@convene/protocol';
import type { Clock } from '../../clock.js';
import { SQLSTATE, sqlState, violatedConstraint } from '../../db/guards.js';
import type { Transactor, Tx } from '../../db/transactor.js';
import { handleCandidates, handleFromName } from './handles.js';
import type { MemberRepository } from './repository.js';
import { isUuid } from '../shared/ids.js';
import { fail, failWith } from '../../errors.js';
import type { KeyEventLog } from '../../tlog/key-log.js';

export interface ApplyResult {
  created: boolean;
  memberId: string;
  handle: string;
  state: 'applied';
}

export interface ApplicationStatus {
  id: string;
  state: 'applied' | 'approved' | 'claimed' | 'rejected' | 'inactive';
  appliedAt: string;
  reviewedAt: string | null;
  claimedAt: string | null;
}

/** Applying with a key, and the public, redacted application status. */
export class ApplicationService {
  private readonly transactor: Transactor;
  private readonly members: MemberRepository;
  private readonly clock: Clock;
  private readonly keyLog: KeyEventLog | null;

  constructor(uses: {
    transactor: Transactor;
    members: MemberRepository;
    clock: Clock;
    /** Logs each new applicant's `applied` key event in its transaction; null without a log. */
    keyLog: KeyEventLog | null;
  }) {
    this.transactor = uses.transactor;
    this.members = uses.members;
    this.clock = uses.clock;
    this.keyLog = uses.keyLog;
  }

  /**
   * A valid signature mints a member (status applied, key pending). Re-applying with the same
   * pending key refreshes the application; a key already admitted is refused. A bad signature
   * records nothing and answers the exact bytes that should have been signed. A display name whose
   * key (names.ts) another member holds is refused with 409, whatever that member's status.
   */
  async apply({
    application,
    signature,
  }: {
    application: Application;
    signature: string;
  }): Promise<ApplyResult> {
    if (!(await verifyApplication(application, signature))) {
      throw failWith('applicationSignature', {
        expectedPayload: canonicalApplication(application),
      });
    }
    for (let attempt = 0; attempt < 5; attempt++) {
      try {
        return await this.record(application, signature);
      } catch (error) {
        if (sqlState(error) !== SQLSTATE.uniqueViolation) throw error;
        // The name's key is another member's (taken before, or by an applicant racing this one).
        if (violatedConstraint(error) === 'member_name_key') {
          throw fail('displayNameTaken', application.name);
        }
        // Two applicants racing for one handle, or one key applying twice at once: try again.
        if (attempt === 4) throw error;
        if (violatedConstraint(error) === 'member_key_live_public_key') continue;
      }
    }
    throw new Error('unreachable');
  }

  private async record(application: Application, signature: string): Promise<ApplyResult> {
    const now = this.clock.now();
    const canonical = canonicalApplication(application);
    return this.transactor.transaction(async (trx) => {
      // The log's index lock before any row (see KeyEventLog); a refreshed application with the
      // same pending key changes no key, so it is no key event.
      const index = this.keyLog === null ? null : await this.keyLog.lockIndex(trx);
      const existingKey = await this.members.liveKeyByPublicKey(application.publicKey, trx);
      if (existingKey !== undefined) {
        const member = await this.members.findById(existingKey.member_id, trx);
        if (member === undefined || member.status !== 'applied') {
          throw fail('keyAlreadyRegistered');
        }
        await this.members.refreshApplication(
          member.id,
          { application, canonical, signature },
          now,
          trx,
        );
        return { created: false, memberId: member.id, handle: member.handle, state: 'applied' };
      }

      const memberId = crypto.randomUUID();
      const handle = await this.freeHandle(handleFromName(application.name), trx);
      await this.members.insertApplicant(
        { memberId, handle },
        { application, canonical, signature },
        now,
        trx,
      );
      if (index !== null) {
        await this.keyLog!.record(trx, index, memberId, 'applied', now, { canonical, signature });
      }
      return { created: true, memberId, handle, state: 'applied' };
    });
  }

  private async freeHandle(base: string, trx: Tx): Promise<string> {
    for (const candidate of handleCandidates(base)) {
      if (!(await this.members.handleTaken(candidate, trx))) return candidate;
    }
    throw new Error('unreachable');
  }

  /** Redacted status; unknown and malformed ids give the same 404. */
  async status(id: string): Promise<ApplicationStatus> {
    const row = isUuid(id) ? await this.members.applicationStatus(id) : undefined;
    if (row === undefined) throw fail('applicationNotFound');
    return {
      id: row.id,
      state: row.state,
      appliedAt: row.applied_at.toISOString(),
      reviewedAt: row.reviewed_at?.toISOString() ?? null,
      claimedAt: row.claimed_at?.toISOString() ?? null,
    };
  }
}
