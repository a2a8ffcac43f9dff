import { isPublicMember } from '../members/read-service.js';
import { canonicalJudgement, verifyJudgement } from '@convene/protocol';
import type { Clock } from '../../clock.js';
import type { DataVersions } from '../../db/data-versions.js';
import type { SessionState } from '../../db/schema.js';
import type { Transactor, Tx } from '../../db/transactor.js';
import type { MemberRepository } from '../members/repository.js';
import type { TokenClaimService } from '../members/token-claim.js';
import { decodeUuidPosition, encodePosition, parseLimit } from '../shared/paging.js';
import { SWARM_DATASET } from '../shared/constants.js';
import type {
  JudgementRepository,
  MemberJudgementsPosition,
  PublicJudgementRow,
} from './repository.js';
import { fail } from '../../errors.js';
import { parseJudgementBody } from './bodies.js';

/**
 * What judgements need from the sessions domain, given by the composition root (sessions sit above
 * judgements: the lifecycle runs the rules judge).
 */
export interface SessionLookups {
  exists(sessionId: string): Promise<boolean>;
  /** Locks the session row until `trx` ends; undefined when there is no such session. */
  lock(trx: Tx, sessionId: string): Promise<{ id: string; state: SessionState } | undefined>;
}

export const JUDGEMENTS_LIMIT_DEFAULT = 20;
export const JUDGEMENTS_LIMIT_MAX = 100;

/** Judge members' signed judgements, and the public judgement reads (enforce mode, published only). */
export class JudgementService {
  private readonly transactor: Transactor;
  private readonly judgements: JudgementRepository;
  private readonly members: MemberRepository;
  private readonly sessions: SessionLookups;
  private readonly clock: Clock;
  private readonly versions: DataVersions;
  private readonly tokens: TokenClaimService;

  constructor(uses: {
    transactor: Transactor;
    judgements: JudgementRepository;
    members: MemberRepository;
    sessions: SessionLookups;
    clock: Clock;
    versions: DataVersions;
    tokens: TokenClaimService;
  }) {
    this.transactor = uses.transactor;
    this.judgements = uses.judgements;
    this.members = uses.members;
    this.sessions = uses.sessions;
    this.clock = uses.clock;
    this.versions = uses.versions;
    this.tokens = uses.tokens;
  }

  async file(
    authorization: string | undefined,
    body: unknown,
  ): Promise<{ judgementId: string; mode: 'enforce' | 'shadow' }> {
    const memberId = await this.tokens.authenticate(authorization);
    const input = parseJudgementBody(body);
    if (input.judgement.memberId !== memberId) throw fail('tokenMemberMismatch');
    const member = await this.members.findById(memberId);
    if (member?.role !== 'judge') throw fail('notJudge');
    if (!(await this.sessions.exists(input.judgement.sessionId))) throw fail('sessionNotFound');
    const key = await this.members.keyOf(memberId, 'active');
    if (key === undefined) throw fail('noKey');
    if (!(await verifyJudgement(input.judgement, input.signature, key.public_key)))
      throw fail('signatureFailed');

    const id = crypto.randomUUID();
    await this.transactor.transaction(async (trx) => {
      const session = await this.sessions.lock(trx, input.judgement.sessionId);
      if (session === undefined) throw fail('sessionNotFound');
      if (session.state === 'published' || session.state === 'cancelled')
        throw fail('judgementsClosed');
      const inserted = await this.judgements.insertJudgement(
        {
          id,
          session_id: session.id,
          judged_by: memberId,
          member_id: memberId,
          mode: input.mode,
          release_safety: input.judgement.releaseSafety,
          rationale: input.judgement.rationale,
          disagreements: [...input.judgement.disagreements],
          model: input.model,
          prompt_hash: input.promptHash,
          inputs_digest: input.inputsDigest,
          canonical: canonicalJudgement(input.judgement),
          signature: input.signature,
          key_id: key.id,
          created_at: this.clock.now(),
        },
        trx,
      );
      if (!inserted) throw fail('duplicateJudgement');
      await this.versions.bump(SWARM_DATASET, trx);
    });
    return { judgementId: id, mode: input.mode };
  }

  /** `{ judgements }` of a session: empty until it is published; 404 for an unknown session. */
  async ofSession(sessionId: string) {
    if (!(await this.sessions.exists(sessionId))) throw fail('sessionNotFound');
    return {
      judgements: (await this.judgements.publicJudgementsOfSession(sessionId)).map(judgementView),
    };
  }

  async one(id: string) {
    const row = await this.judgements.publicJudgement(id);
    if (row === undefined) throw fail('judgementNotFound');
    return judgementView(row);
  }

  /**
   * A member's public judgements, newest first: `limit` of them (default 20, at most 100), after
   * `cursor` when given; `nextCursor` continues where the page ended, null on the last page.
   */
  async ofMember(
    idOrHandle: string,
    query: { limit?: string | undefined; cursor?: string | undefined },
  ) {
    const limit = parseLimit(query.limit, JUDGEMENTS_LIMIT_DEFAULT, JUDGEMENTS_LIMIT_MAX);
    const after =
      query.cursor === undefined || query.cursor === ''
        ? undefined
        : decodeJudgementsCursor(query.cursor);
    const member = await this.members.findByIdOrHandle(idOrHandle);
    if (member === undefined || !isPublicMember(member)) throw fail('memberNotFound');
    const rows = await this.judgements.publicJudgementsOfMember(member.id, {
      limit: limit + 1,
      after,
    });
    const page = rows.slice(0, limit);
    const last = page.at(-1);
    return {
      judgements: page.map(judgementView),
      nextCursor:
        rows.length > limit && last !== undefined ? encodePosition(last.created_at, last.id) : null,
    };
  }
}

/** A member's judgements page ends at a judgement: its createdAt and id. */
function decodeJudgementsCursor(raw: string): MemberJudgementsPosition {
  const { at, id } = decodeUuidPosition(raw);
  return { createdAt: new Date(at), id };
}

export function judgementView(row: PublicJudgementRow) {
  return {
    id: row.id,
    sessionId: row.session_id,
    judgedBy: row.judged_by,
    memberId: row.member_id,
    handle: row.handle ?? null,
    mode: row.mode,
    releaseSafety: row.release_safety,
    rationale: row.rationale,
    disagreements: row.disagreements,
    model: row.model,
    promptHash: row.prompt_hash,
    inputsDigest: row.inputs_digest,
    createdAt: row.created_at.toISOString(),
    canonical: row.canonical,
    signature: row.signature,
    publicKey: row.public_key ?? null,
  };
}
