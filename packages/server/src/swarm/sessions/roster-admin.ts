import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { MemberRepository } from '../members/repository.js';
import {} from '../shared/constants.js';
import type { LifecycleService } from './lifecycle.js';
import { addToRoster, rosterOf, setExcused, type RosterEntry } from './repository.js';
import { fail } from '../../errors.js';

export type RosterChange = 'add' | 'excuse' | 'restore';

/** Admin changes to a collecting session's frozen roster: add a member, excuse one, restore one. */
export class RosterAdmin {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly members: MemberRepository,
    private readonly lifecycle: LifecycleService,
    private readonly now: () => Date,
  ) {}

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
        await addToRoster(trx, session.id, [member.id], this.now());
        await setExcused(trx, session.id, member.id, false);
      } else if (!(await setExcused(trx, session.id, member.id, change === 'excuse'))) {
        throw fail('rosterMemberAbsent');
      }
      return session;
    });
    return rosterOf(this.db, sessionId);
  }
}
