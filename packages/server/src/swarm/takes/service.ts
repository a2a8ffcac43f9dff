import {
  bytesToBase64,
  canonicalTake,
  logEntryLeafHash,
  servedTake,
  takeEntryFields,
  takeLogEntry,
  verify,
  LIMITS,
  type Submission,
  type TakeDraft,
} from '@convene/protocol';
import type { Clock } from '../../clock.js';
import type { DataVersions } from '../../db/data-versions.js';
import { SWARM_DATASET } from '../shared/constants.js';
import { SQLSTATE, sqlState, violatedConstraint } from '../../db/guards.js';
import { isUuid } from '../shared/ids.js';
import { bearerTokenHash, type TokenClaimService } from '../members/token-claim.js';
import { Batches } from '../../db/batches.js';
import type { TakeToStore } from '../../db/take-columns.js';
import { parseSubmitBody } from './bodies.js';
import { MAX_FILING_BATCH, TakeFiler } from './filing.js';
import type { AdmissionFacts, AdmissionQuery, TakeRepository } from './repository.js';
import { isCalendarDate } from '../shared/dates.js';
import { fail } from '../../errors.js';

/** Where an accepted take landed in the transparency log (src/tlog). */
export interface LogPosition {
  logIndex: number;
  leafHash: string;
}
type NullableLogPosition = { [K in keyof LogPosition]: LogPosition[K] | null };

/**
 * The transparency log as the take write path sees it (src/tlog's `Tlog` is one): given, a take is
 * filed with its log entry in the same statement (LOG_ENABLED), and the log hears of each.
 */
export interface TakeLog {
  /** Integrate the new entry into the tree soon: not awaited, the 201 already carries its position. */
  takeAccepted(): void;
}

/** The take write path (spec §4 submit, rules 1–6). */
export class TakeService {
  private readonly filer: TakeFiler;
  /** The admission checks' reads, batched as filing is: one statement for the takes in flight. */
  private readonly facts: Batches<AdmissionQuery, AdmissionFacts>;

  private readonly takes: TakeRepository;
  private readonly clock: Clock;
  private readonly tokens: TokenClaimService;
  private readonly versions: Pick<DataVersions, 'bumpSoon'>;
  private readonly log: TakeLog | null;

  constructor(uses: {
    takes: TakeRepository;
    clock: Clock;
    tokens: TokenClaimService;
    /** Bumped (coalesced) after each accepted take, so cached session bodies refresh. */
    versions: Pick<DataVersions, 'bumpSoon'>;
    log: TakeLog | null;
  }) {
    this.takes = uses.takes;
    this.clock = uses.clock;
    this.tokens = uses.tokens;
    this.versions = uses.versions;
    this.log = uses.log;
    this.filer = new TakeFiler(this.takes);
    this.facts = new Batches((queries) => this.takes.admissionFacts(queries), MAX_FILING_BATCH);
  }

  /** The exact string to sign for a draft (parsed by `parseSigningDraftBody`). */
  signingPayload(draft: TakeDraft): { canonical: string } {
    return { canonical: canonicalTake(draft) };
  }

  /**
   * Checks in the documented order (docs/agents.md), the first failure answering: bearer → token → body → member match →
   * session → window → roster → excused → key → cap → signature → nonce → amendment → insert, where
   * the database settles the window, nonce, cap and revision races.
   */
  async submit(
    authorization: string | undefined,
    body: unknown,
  ): Promise<{ recommendationId: number } & NullableLogPosition> {
    const tokenSha256 = bearerTokenHash(authorization);
    let submission: Submission;
    try {
      submission = parseSubmitBody(body);
    } catch (invalid) {
      await this.tokens.authenticate(authorization); // an unknown token answers 401 before the body
      throw invalid;
    }
    const facts = await this.facts.add({
      tokenSha256,
      memberId: isUuid(submission.memberId) ? submission.memberId : null,
      // A well-formed but impossible date (2026-02-30) names no session: the lookup finds nothing.
      date: isCalendarDate(submission.date) ? submission.date : null,
      subjectId: submission.subjectId,
      nonce: submission.nonce,
    });
    if (facts.tokenMemberId === undefined) throw fail('unknownToken');
    const tokenMember = facts.tokenMemberId;
    if (submission.memberId !== tokenMember) throw fail('tokenMemberMismatch');

    const { session, key, filed } = facts;
    if (session === undefined) throw fail('noSession');
    if (windowClosed(session.windowClosesAt, this.clock.now())) throw fail('windowClosed');
    // A judge files no takes (spec §2), even when a roster froze before its role changed.
    if (facts.tokenMemberRole === 'judge') throw fail('notOnRoster');
    if (session.rosterFrozen) {
      if (facts.roster === undefined) throw fail('notOnRoster');
      if (facts.roster.excused) throw fail('excused');
    }
    if (key === undefined) throw fail('noKey');
    if (filed >= LIMITS.MAX_TAKES_PER_MEMBER_PER_SESSION) throw fail('capReached');

    const canonical = canonicalTake(submission);
    if (!(await verify(key.publicKey, canonical, submission.signature))) {
      throw fail('signatureFailed');
    }
    if (facts.nonceUsed) throw fail('nonceReplay');
    if (filed > 0 && aggregated(session.state)) throw fail('amendmentClosed');

    const take: TakeToStore = {
      id: crypto.randomUUID(),
      sessionId: session.id,
      memberId: tokenMember,
      revision: filed + 1,
      keyId: key.id,
      nonce: submission.nonce,
      stance: submission.stance,
      confidence: submission.confidence,
      body: submission.body ?? '',
      memoUrl: submission.memoUrl ?? '',
      weights: submission.weights ?? null,
      canonical,
      signature: submission.signature,
      publicKey: key.publicKey,
      receivedAt: this.clock.now(),
    };
    // The entry binds what the signature does not (docs/protocol.md §14.2), from the bytes just
    // verified; the row keeps its leaf hash and the text is rebuilt from the row when read (§14.10).
    const leafHash =
      this.log !== null ? logEntryLeafHash(takeLogEntry(takeEntryFields(servedTake(take)))) : null;
    const outcome = await this.filer.file({ take, leafHash });
    if (!outcome.ok) throw mapInsertError(outcome.error);
    this.log?.takeAccepted();
    await this.versions.bumpSoon(SWARM_DATASET);
    return {
      recommendationId: outcome.recommendationId,
      logIndex: outcome.logIndex,
      leafHash: leafHash === null ? null : bytesToBase64(leafHash),
    };
  }
}

/** Aggregated or later: amendments are refused in every state after aggregation (spec §4). */
function aggregated(state: string): boolean {
  return state === 'aggregated' || state === 'published';
}

function windowClosed(closesAt: Date | null, now: Date): boolean {
  return closesAt !== null && now.getTime() >= closesAt.getTime();
}

function mapInsertError(error: unknown): unknown {
  const state = sqlState(error);
  if (state === SQLSTATE.windowClosed) return fail('windowClosed');
  if (state === SQLSTATE.keyNotActive) return fail('noKey');
  // The trigger tells a published session from an aggregated one (CVA02, migration 0010); the
  // interface has one message for both, since a published session has been aggregated.
  if (state === SQLSTATE.amendmentClosed || state === SQLSTATE.amendmentClosedPublished) {
    return fail('amendmentClosed');
  }
  if (state === SQLSTATE.checkViolation && violatedConstraint(error) === 'take_revision_cap') {
    return fail('capReached');
  }
  if (state === SQLSTATE.uniqueViolation) {
    const constraint = violatedConstraint(error);
    if (constraint === 'nonce_ledger_pkey') return fail('nonceReplay');
    if (constraint === 'take_revision_unique') return fail('revisionRace');
  }
  return error;
}
