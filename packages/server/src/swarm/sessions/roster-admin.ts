import type { MemberRepository } from '../members/repository.js';
import {} from '../shared/constants.js';
import type { LifecycleService } from './lifecycle.js';
import type { RosterEntry, SessionRepository } from './repository.js';
import { fail } from '../../errors.js';

export type RosterChange = 'add' | 'excuse' | 'restore';

/** Admin changes to a collecting session's frozen roster: add a member, excuse one, restore one. */
export class RosterAdmin {
  private readonly sessions: SessionRepository;
  private readonly members: MemberRepository;
  private readonly lifecycle: LifecycleService;
  private readonly now: () => Date;

  constructor(uses: {
    sessions: SessionRepository;
    members: MemberRepository;
    lifecycle: LifecycleService;
    now: () => Date;
  }) {
    this.sessions = uses.sessions;
    this.members = uses.members;
    this.lifecycle = uses.lifecycle;
    this.now = uses.now;
  }

  async change(
    sessionId: string,
    idOrHandle: string,
    change: RosterChange,
  ): Promise<RosterEntry[]> {
    const member = await this.members.findByIdOrHandle(idOrHandle);
    if (member === undefined) throw fail('memberNotFound');
    await this.lifecycle.whileCollecting(sessionId, async (trx, session) => {
      if (change === 'add') {
        if (member.role === 'judge') throw fail('judgeNotOnRoster');
        await this.sessions.addToRoster(session.id, [member.id], this.now(), trx);
        await this.sessions.setExcused(session.id, member.id, false, trx);
      } else if (
        !(await this.sessions.setExcused(session.id, member.id, change === 'excuse', trx))
      ) {
        throw fail('rosterMemberAbsent');
      }
      return session;
    });
    return this.sessions.rosterOf(sessionId);
  }
}
