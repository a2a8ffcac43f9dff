import {
  base64ToBytes,
  hashesFromBase64,
  keyFingerprint,
  parseCanonicalTake,
  parseCheckpoint,
  parseSignedNote,
  TAKE_REASONS,
  verifyInclusion,
} from '@convene/protocol';
import type { MemberRepository } from '../members/repository.js';
import { isUuid } from '../shared/ids.js';
import type { MemberReads } from '../members/read-service.js';
import { decodePosition, encodePosition, parseLimit } from '../shared/paging.js';
import { type TakeRepository, type MemberTakesPosition } from './repository.js';
import { signedTakeFields } from './served-fields.js';
import type { TakeReceipt } from './schemas.js';
import { supersededBy, type TakeVerifier } from './verification.js';
import { fail, failWith } from '../../errors.js';
import { INCLUSION_PENDING } from '../../tlog/service.js';

export const MEMBER_TAKES_MAX = 1000;

/** A member's takes page ends at a take: its receivedAt and recommendation id. */
const encodeTakesCursor = (row: MemberTakesPosition): string =>
  encodePosition(row.receivedAt, row.recommendationId);

function decodeTakesCursor(raw: string): MemberTakesPosition {
  const { at, n } = decodePosition(raw);
  return { receivedAt: new Date(at), recommendationId: n };
}

/** What a take receipt needs of the log: an inclusion proof against the latest checkpoint. */
export interface TakeProofs {
  inclusionInLatest(
    index: number,
  ): Promise<{ checkpoint: string; treeSize: number; hashes: string[] } | null>;
  /** Why an entry of the log has no proof yet: not covered yet, or the signer has stopped. */
  inclusionPending(): Promise<string>;
}

/**
 * Does the proof the service assembled from its stored nodes lead from the committed leaf to the
 * root its latest checkpoint signed? A rewritten node is caught here, on the read, not only by a
 * client that checks the proof.
 */
function includedUnder(
  inclusion: { checkpoint: string; treeSize: number; hashes: string[] },
  index: number,
  leafHash: string | null,
): boolean {
  const text = parseSignedNote(inclusion.checkpoint)?.text;
  const checkpoint = text === undefined ? null : parseCheckpoint(text);
  const leaf = leafHash === null ? null : base64ToBytes(leafHash);
  const hashes = hashesFromBase64(inclusion.hashes);
  if (checkpoint === null || leaf === null || hashes === null) return false;
  return verifyInclusion(index, inclusion.treeSize, leaf, hashes, checkpoint.rootHash);
}
/** `inclusionPending` when the log holds no entry for the take, or keeps no log. */
const NO_LOG_ENTRY = INCLUSION_PENDING.notInLog;
const NO_LOG = 'this service keeps no transparency log (LOG_ENABLED=false)';

/** Take receipts: every check recomputed on each read, with the take's place in the log. */
export class TakeReads {
  private readonly takes: TakeRepository;
  private readonly members: MemberRepository;
  private readonly memberReads: MemberReads;
  private readonly verifier: TakeVerifier;
  private readonly proofs: TakeProofs | null;

  constructor(uses: {
    takes: TakeRepository;
    members: MemberRepository;
    memberReads: MemberReads;
    verifier: TakeVerifier;
    /** null only where no log is kept (LOG_ENABLED=false). */
    proofs: TakeProofs | null;
  }) {
    this.takes = uses.takes;
    this.members = uses.members;
    this.memberReads = uses.memberReads;
    this.verifier = uses.verifier;
    this.proofs = uses.proofs;
  }

  /**
   * Newest first, including takes in sessions still collecting, on `subject` alone when given (an
   * unknown subject, like the sessions list's filter, is an empty list). Without `limit`: every
   * take, no cap; with it: that many, and `nextCursor` (opaque) continues where the page ended (null
   * at the end). Each take carries `verified` and, when a later revision exists, `supersededBy`;
   * `subjects` lists every subject the member has a take on, whatever the filter.
   */
  async ofMember(
    idOrHandle: string,
    query: {
      limit?: string | undefined;
      cursor?: string | undefined;
      subject?: string | undefined;
    },
  ) {
    const limit =
      query.limit === undefined || query.limit === ''
        ? undefined
        : parseLimit(query.limit, MEMBER_TAKES_MAX, MEMBER_TAKES_MAX);
    const after =
      query.cursor === undefined || query.cursor === ''
        ? undefined
        : decodeTakesCursor(query.cursor);
    const member = await this.memberReads.publicMember(idOrHandle);
    const [rows, subjects] = await Promise.all([
      this.takes.memberTakes(member.id, {
        limit: limit === undefined ? undefined : limit + 1,
        after,
        subject: query.subject === '' ? undefined : query.subject,
      }),
      this.takes.memberTakeSubjects(member.id),
    ]);
    const page = limit === undefined ? rows : rows.slice(0, limit);
    const newest = await this.takes.newestRevisions(
      member.id,
      page.map((row) => row.sessionId),
    );
    const verdicts = await this.verifier.verdicts(page);
    const last = page.at(-1);
    return {
      memberId: member.id,
      handle: member.handle,
      subjects,
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
          ...signedTakeFields(row, verdict),
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

  async receipt(idParam: string): Promise<TakeReceipt> {
    const id = /^\d{1,15}$/.test(idParam) ? Number(idParam) : isUuid(idParam) ? idParam : undefined;
    const take = id === undefined ? undefined : await this.takes.findTake(id);
    if (take === undefined) {
      const filed = typeof id === 'string' ? await this.takes.ledgerOfTake(id) : undefined;
      if (filed === undefined) throw fail('takeNotFound');
      throw failWith('takeRowMissing', {
        memberId: filed.memberId,
        filedAt: filed.usedAt.toISOString(),
      });
    }
    const [key, member, newer] = await Promise.all([
      this.members.keyById(take.keyId),
      this.members.findById(take.memberId),
      this.takes.latestRevision(take),
    ]);
    const draft = parseCanonicalTake(take.canonical);
    const stored = { ...take, publicKey: key?.public_key ?? null };
    const verdict = await this.verifier.verdict(stored);
    const inclusion =
      verdict.logIndex === null || this.proofs === null
        ? null
        : await this.proofs.inclusionInLatest(verdict.logIndex);
    if (inclusion !== null && !includedUnder(inclusion, verdict.logIndex!, verdict.leafHash)) {
      verdict.verified = false;
      verdict.reasons = [
        ...verdict.reasons,
        {
          code: TAKE_REASONS.inclusionInvalid,
          message: `the inclusion proof assembled from the stored tree does not lead to the root of the latest signed checkpoint (size ${inclusion.treeSize}): a stored tree node was changed`,
        },
      ];
    }
    const inclusionPending =
      inclusion !== null
        ? null
        : this.proofs === null
          ? NO_LOG
          : verdict.logIndex === null
            ? NO_LOG_ENTRY
            : await this.proofs.inclusionPending();
    return {
      id: take.id,
      recommendationId: take.recommendationId,
      sessionId: take.sessionId,
      memberId: take.memberId,
      date: draft?.date ?? null,
      subjectId: draft?.subjectId ?? null,
      ...signedTakeFields(stored, verdict),
      inclusion,
      inclusionPending,
      signer: {
        id: take.memberId,
        handle: member?.handle ?? null,
        name: member?.display_name ?? null,
        publicKeyFingerprint: key === undefined ? null : keyFingerprint(key.public_key),
      },
      supersededBy: supersededBy(newer, take.revision),
    };
  }
}
