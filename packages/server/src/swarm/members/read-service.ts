import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { RequestError, notFound } from '../../errors.js';
import { SWARM_ERRORS } from '../errors.js';
import { parseLimit } from '../sessions/list-query.js';
import { memberTakes, newestRevisions, type MemberTakesPosition } from '../takes/repository.js';
import { supersededBy, unverifiedReasons, type TakeVerifier } from '../takes/verification.js';
import { MemberRepository, type MemberRow } from './repository.js';

export const MEMBER_TAKES_MAX = 1000;

/** Ever admitted (activated at least once): what makes a member's profile and history public. */
export const isPublicMember = (member: Pick<MemberRow, 'activated_at'>): boolean =>
  member.activated_at !== null;

/** The takes cursor is opaque to clients: base64url of `[receivedAt ISO, recommendationId]`. */
function encodeTakesCursor(row: MemberTakesPosition): string {
  return Buffer.from(JSON.stringify([row.receivedAt.toISOString(), row.recommendationId])).toString(
    'base64url',
  );
}

function decodeTakesCursor(raw: string): MemberTakesPosition {
  try {
    const value: unknown = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
    if (
      Array.isArray(value) &&
      value.length === 2 &&
      typeof value[0] === 'string' &&
      !Number.isNaN(Date.parse(value[0])) &&
      Number.isSafeInteger(value[1])
    )
      return { receivedAt: new Date(value[0]), recommendationId: value[1] as number };
  } catch {
    // falls through to the 400 below
  }
  throw new RequestError(400, 'invalid cursor');
}

/** The public member reads: never the contact, the application or anything about tokens. */
export class MemberReads {
  private readonly members: MemberRepository;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly verifier: TakeVerifier,
  ) {
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

  /**
   * Newest first, including takes in sessions still collecting. Without `limit`: every take, no cap;
   * with it: that many, and `nextCursor` (opaque) continues where the page ended (null at the end).
   * Each take carries `verified` and, when a later revision exists, `supersededBy`.
   */
  async takes(
    idOrHandle: string,
    query: { limit?: string | undefined; cursor?: string | undefined },
  ) {
    const limit =
      query.limit === undefined || query.limit === ''
        ? undefined
        : parseLimit(query.limit, MEMBER_TAKES_MAX, MEMBER_TAKES_MAX);
    const after =
      query.cursor === undefined || query.cursor === ''
        ? undefined
        : decodeTakesCursor(query.cursor);
    const member = await this.require(idOrHandle);
    const rows = await memberTakes(this.db, member.id, {
      limit: limit === undefined ? undefined : limit + 1,
      after,
    });
    const page = limit === undefined ? rows : rows.slice(0, limit);
    const newest = await newestRevisions(
      this.db,
      member.id,
      page.map((row) => row.sessionId),
    );
    const verdicts = await this.verifier.verdicts(page);
    const last = page.at(-1);
    return {
      memberId: member.id,
      handle: member.handle,
      takes: page.map((row) => {
        const verdict = verdicts.get(row.id)!;
        const pointer = supersededBy(newest.get(row.sessionId), row.revision);
        return {
          id: row.id,
          recommendationId: row.recommendationId,
          sessionId: row.sessionId,
          date: row.date,
          subjectId: row.subjectId,
          sessionState: row.sessionState,
          revision: row.revision,
          stance: row.stance,
          confidence: row.confidence,
          body: row.body,
          memoUrl: row.memoUrl === '' ? null : row.memoUrl,
          weights: row.weights,
          nonce: row.nonce,
          canonical: row.canonical,
          signature: row.signature,
          publicKey: row.publicKey,
          receivedAt: row.receivedAt.toISOString(),
          verified: verdict.verified,
          ...unverifiedReasons(verdict),
          logIndex: verdict.logIndex,
          leafHash: verdict.leafHash,
          superseded: pointer !== null,
          supersededBy: pointer,
        };
      }),
      nextCursor:
        limit !== undefined && rows.length > limit && last !== undefined
          ? encodeTakesCursor(last)
          : null,
    };
  }

  /**
   * A public member: one that was ever admitted. A pending (or rejected) applicant answers exactly
   * as an unknown id does: its name, lens, mandate, handle and key are not public (spec §2).
   */
  private async require(idOrHandle: string): Promise<MemberRow> {
    const member = await this.members.findByIdOrHandle(idOrHandle);
    if (member === undefined || !isPublicMember(member))
      throw notFound(SWARM_ERRORS.memberNotFound);
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
