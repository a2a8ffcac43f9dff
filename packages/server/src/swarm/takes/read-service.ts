import { keyFingerprint, parseCanonicalTake } from '@convene/protocol';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { SWARM_ERRORS, swarmError } from '../errors.js';
import { MemberRepository } from '../members/repository.js';
import { isUuid } from '../shared/ids.js';
import { TakeRepository } from './repository.js';
import type { TakeReceipt } from './schemas.js';
import { supersededBy, unverifiedReasons, type TakeVerifier } from './verification.js';

/** What a take receipt needs of the log: an inclusion proof against the latest checkpoint. */
export interface TakeProofs {
  inclusionInLatest(
    index: number,
  ): Promise<{ checkpoint: string; treeSize: number; hashes: string[] } | null>;
}

/** Take receipts: every check recomputed on each read, with the take's place in the log. */
export class TakeReads {
  private readonly takes: TakeRepository;
  private readonly members: MemberRepository;

  constructor(
    db: Kysely<DB>,
    private readonly verifier: TakeVerifier,
    /** null only where no log is kept (LOG_ENABLED=false). */
    private readonly proofs: TakeProofs | null,
  ) {
    this.takes = new TakeRepository(db);
    this.members = new MemberRepository(db);
  }

  async receipt(idParam: string): Promise<TakeReceipt> {
    const id = /^\d{1,15}$/.test(idParam) ? Number(idParam) : isUuid(idParam) ? idParam : undefined;
    const take = id === undefined ? undefined : await this.takes.findTake(id);
    if (take === undefined) throw swarmError(404, SWARM_ERRORS.takeNotFound);
    const [key, member, newer] = await Promise.all([
      this.members.keyById(take.key_id),
      this.members.findById(take.member_id),
      this.takes.latestRevision(take),
    ]);
    const draft = parseCanonicalTake(take.canonical);
    const verdict = await this.verifier.verdict({
      id: take.id,
      sessionId: take.session_id,
      memberId: take.member_id,
      revision: take.revision,
      receivedAt: take.received_at,
      publicKey: key?.public_key ?? null,
      canonical: take.canonical,
      signature: take.signature,
      nonce: take.nonce,
      stance: take.stance,
      confidence: take.confidence,
      body: take.body,
      memoUrl: take.memo_url,
      weights: take.weights,
    });
    const inclusion =
      verdict.logIndex === null || this.proofs === null
        ? null
        : await this.proofs.inclusionInLatest(verdict.logIndex);
    return {
      id: take.id,
      recommendationId: take.recommendation_id,
      sessionId: take.session_id,
      memberId: take.member_id,
      date: draft?.date ?? null,
      subjectId: draft?.subjectId ?? null,
      revision: take.revision,
      stance: take.stance,
      confidence: take.confidence,
      body: take.body,
      memoUrl: take.memo_url === '' ? null : take.memo_url,
      weights: take.weights,
      nonce: take.nonce,
      receivedAt: take.received_at.toISOString(),
      canonical: take.canonical,
      signature: take.signature,
      publicKey: key?.public_key ?? null,
      verified: verdict.verified,
      ...unverifiedReasons(verdict),
      logIndex: verdict.logIndex,
      leafHash: verdict.leafHash,
      inclusion,
      signer: {
        id: take.member_id,
        handle: member?.handle ?? null,
        name: member?.display_name ?? null,
        publicKeyFingerprint: key === undefined ? null : keyFingerprint(key.public_key),
      },
      supersededBy: supersededBy(
        newer === undefined
          ? undefined
          : { id: newer.id, revision: newer.revision, receivedAt: newer.received_at },
        take.revision,
      ),
    };
  }
}
