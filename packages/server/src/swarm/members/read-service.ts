import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { notFound } from '../../errors.js';
import { SWARM_ERRORS } from '../errors.js';
import { parseLimit } from '../sessions/list-query.js';
import { MemberRepository, type MemberRow } from './repository.js';

export const MEMBER_TAKES_DEFAULT = 100;
export const MEMBER_TAKES_MAX = 1000;

/** The public member reads: never the contact, the application or anything about tokens. */
export class MemberReads {
  private readonly members: MemberRepository;

  constructor(private readonly db: Kysely<DB>) {
    this.members = new MemberRepository(db);
  }

  async list() {
    const rows = await this.members.activeMembers();
    const keys = await this.activeKeys(rows.map((row) => row.id));
    return { members: rows.map((row) => memberView(row, keys.get(row.id) ?? null)) };
  }

  async one(idOrHandle: string) {
    const member = await this.require(idOrHandle);
    const keys = await this.activeKeys([member.id]);
    return memberView(member, keys.get(member.id) ?? null);
  }

  /** Newest first, including takes in sessions still collecting; `superseded` marks older revisions. */
  async takes(idOrHandle: string, limit: string | undefined) {
    const count = parseLimit(limit, MEMBER_TAKES_DEFAULT, MEMBER_TAKES_MAX);
    const member = await this.require(idOrHandle);
    const rows = await this.db
      .selectFrom('take')
      .innerJoin('swarm_session', 'swarm_session.id', 'take.session_id')
      .select([
        'take.id',
        'take.recommendation_id',
        'take.session_id',
        'swarm_session.date',
        'swarm_session.subject_id',
        'swarm_session.state',
        'take.revision',
        'take.stance',
        'take.confidence',
        'take.body',
        'take.memo_url',
        'take.weights',
        'take.signature',
        'take.received_at',
      ])
      .select((eb) =>
        eb
          .exists(
            eb
              .selectFrom('take as newer')
              .select('newer.id')
              .whereRef('newer.session_id', '=', 'take.session_id')
              .whereRef('newer.member_id', '=', 'take.member_id')
              .whereRef('newer.revision', '>', 'take.revision'),
          )
          .as('superseded'),
      )
      .where('take.member_id', '=', member.id)
      .orderBy('take.received_at', 'desc')
      .orderBy('take.recommendation_id', 'desc')
      .limit(count)
      .execute();
    return {
      memberId: member.id,
      handle: member.handle,
      takes: rows.map((row) => ({
        id: row.id,
        recommendationId: row.recommendation_id,
        sessionId: row.session_id,
        date: row.date,
        subjectId: row.subject_id,
        sessionState: row.state,
        revision: row.revision,
        stance: row.stance,
        confidence: row.confidence,
        body: row.body,
        memoUrl: row.memo_url === '' ? null : row.memo_url,
        weights: row.weights,
        signature: row.signature,
        receivedAt: row.received_at.toISOString(),
        superseded: Boolean(row.superseded),
      })),
    };
  }

  private async require(idOrHandle: string): Promise<MemberRow> {
    const member = await this.members.findByIdOrHandle(idOrHandle);
    if (member === undefined) throw notFound(SWARM_ERRORS.memberNotFound);
    return member;
  }

  private async activeKeys(memberIds: string[]): Promise<Map<string, string>> {
    if (memberIds.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('member_key')
      .select(['member_id', 'public_key'])
      .where('member_id', 'in', memberIds)
      .where('state', '=', 'active')
      .execute();
    return new Map(rows.map((row) => [row.member_id, row.public_key]));
  }
}

/** SwarmMember: the public profile and the key takes are verified with. */
export function memberView(row: MemberRow, publicKey: string | null) {
  return {
    id: row.id,
    handle: row.handle,
    displayName: row.display_name,
    status: row.status,
    role: row.role,
    lens: row.lens,
    mandate: row.mandate,
    tagline: row.tagline,
    biases: row.biases,
    operator: row.operator,
    mode: row.mode,
    house: row.house,
    publicKey,
    appliedAt: row.applied_at.toISOString(),
    activatedAt: row.activated_at?.toISOString() ?? null,
  };
}
