import { buildReceiptPayload, signReceipt } from '@convene/protocol';
import type { Tx } from '../../db/transactor.js';
import type { JudgementRepository } from '../judgements/repository.js';
import { RULES_JUDGE_ID, judgeByRules, receiptJudge } from '../judgements/rules-judge.js';
import type { ReceiptRepository } from '../receipts/repository.js';
import type { SubjectRow } from '../subjects/repository.js';
import { aggregateTakes, aggregatedRoster, expectedRoster } from './aggregation.js';
import { rationaleText, synthesisText } from './narrative.js';
import type { PublishAnchor, ReceiptLogAnchoring } from './log-anchor.js';
import type { SessionRepository, SessionRow } from './repository.js';

/*
 * The lifecycle steps. Each runs inside the caller's transaction with the session row locked FOR
 * UPDATE, checks the state it starts from and returns the row as it now stands; a step whose work is
 * already done changes nothing, so every step is idempotent and a crashed run simply runs again.
 */
export class SessionSteps {
  private readonly sessions: SessionRepository;
  private readonly judgements: JudgementRepository;
  private readonly receipts: ReceiptRepository;

  constructor(uses: {
    sessions: SessionRepository;
    judgements: JudgementRepository;
    receipts: ReceiptRepository;
  }) {
    this.sessions = uses.sessions;
    this.judgements = uses.judgements;
    this.receipts = uses.receipts;
  }

  /**
   * collecting → window_closed. `due` closes only a window whose time has passed (the scheduler);
   * `now` moves the state at once (an admin). Neither moves `window_closes_at`: it is the only
   * submission deadline (spec §3), so a first take before it is accepted in any state.
   */
  async closeWindow(
    trx: Tx,
    session: SessionRow,
    now: Date,
    mode: 'due' | 'now',
  ): Promise<SessionRow> {
    if (session.state !== 'collecting') return session;
    const closesAt = session.window_closes_at;
    const passed = closesAt !== null && closesAt.getTime() <= now.getTime();
    if (mode === 'due' && !passed) return session;
    await this.sessions.setSession(session.id, { state: 'window_closed', closed_at: now }, trx);
    return { ...session, state: 'window_closed', closed_at: now };
  }

  /**
   * window_closed → aggregated: the counted takes, quorum, disagreement map and the two texts. The
   * takes on file now are the ones that count; a first take filed later (still before the deadline)
   * is kept, receipted and shown, but counts in neither this aggregate nor the consensus receipt.
   */
  async aggregateSession(
    trx: Tx,
    session: SessionRow,
    subject: SubjectRow,
    now: Date,
    /**
     * With a log, the takes that may count (ReceiptLogAnchoring.countable): only takes it holds,
     * each signed with its member's active logged key at its index, so a row inserted behind the
     * service (which the recovery pass refuses) or forced into the log is never counted (§14.10).
     */
    countable: ReceiptLogAnchoring['countable'] | null = null,
  ): Promise<SessionRow> {
    if (session.state !== 'window_closed') return session;
    const [roster, filed] = await Promise.all([
      this.sessions.rosterOf(session.id, trx),
      this.sessions.takesOfSession(session.id, trx),
    ]);
    const allowed = countable === null ? null : await countable(trx, filed);
    const takes = allowed === null ? filed : filed.filter((take) => allowed.has(take.id));
    const expected = expectedRoster(roster);
    const aggregate = aggregateTakes(
      takes,
      expected,
      subject.quorum_required,
      session.reference_allocation,
    );
    const narrative = {
      subjectName: subject.name,
      recommendationType: subject.recommendation_type,
      aggregate,
      handles: new Map(roster.map((entry) => [entry.memberId, entry.handle])),
      regime: session.regime_summary,
    };
    const values = {
      state: 'aggregated' as const,
      aggregated_at: now,
      aggregate: JSON.stringify(aggregate),
      rationale: rationaleText(narrative),
      synthesis: synthesisText(narrative),
    };
    await this.sessions.setSession(session.id, values, trx);
    return { ...session, ...values, aggregate };
  }

  /** The in-house rules judge files its enforce-mode judgement once per session. */
  async judgeSession(trx: Tx, session: SessionRow, now: Date): Promise<SessionRow> {
    if (session.state !== 'aggregated') return session;
    if ((await this.judgements.judgementBy(session.id, RULES_JUDGE_ID, trx)) !== undefined)
      return session;
    const judgement = judgeByRules(session.id, session.aggregate!);
    await this.judgements.insertJudgement(
      {
        id: crypto.randomUUID(),
        session_id: session.id,
        judged_by: judgement.judgedBy,
        member_id: null,
        mode: 'enforce',
        release_safety: judgement.releaseSafety,
        rationale: judgement.rationale,
        disagreements: judgement.disagreements,
        model: judgement.model,
        prompt_hash: judgement.promptHash,
        inputs_digest: judgement.inputsDigest,
        canonical: null,
        signature: null,
        key_id: null,
        created_at: now,
      },
      trx,
    );
    return session;
  }

  /**
   * aggregated (and judged) → published: the consensus receipt, signed with the service key and
   * chained to the subject's previous receipt. The caller holds the subject row FOR UPDATE, so the
   * chain head cannot move underneath (and the unique chain position would refuse a fork anyway).
   */
  async publishSession(
    trx: Tx,
    session: SessionRow,
    subject: SubjectRow,
    now: Date,
    serviceSeed: string,
    log: PublishAnchor | null,
  ): Promise<SessionRow> {
    if (session.state !== 'aggregated') return session;
    const rules = await this.judgements.judgementBy(session.id, RULES_JUDGE_ID, trx);
    if (rules === undefined) throw new Error(`session ${session.id} has no rules judgement`);
    const [filed, head] = await Promise.all([
      this.sessions.takesOfSession(session.id, trx),
      this.receipts.chainHead(subject.id, trx),
    ]);
    // The receipt signs exactly what was aggregated, not takes filed after aggregation.
    const counted = new Set(session.aggregate!.counted.map((c) => c.takeId));
    const takes = filed.filter((take) => counted.has(take.id));
    const indices =
      log === null
        ? new Map<string, number>()
        : await log.indicesOf(
            trx,
            takes.map((t) => t.id),
          );
    const payload = buildReceiptPayload({
      sessionId: session.id,
      subjectId: subject.id,
      date: session.date,
      convenedAt: session.convened_at.toISOString(),
      windowClosesAt: session.window_closes_at?.toISOString() ?? null,
      aggregatedAt: (session.aggregated_at ?? now).toISOString(),
      takes: takes.map((take) => ({
        memberId: take.memberId,
        takeId: take.id,
        revision: take.revision,
        publicKey: take.publicKey,
        canonical_submission: take.canonical,
        signature: take.signature,
        ...(indices.has(take.id) ? { logIndex: indices.get(take.id)! } : {}),
      })),
      log: log?.checkpoint,
      roster: aggregatedRoster(session.aggregate!),
      requiredQuorum: subject.quorum_required,
      judge: receiptJudge({
        judgedBy: rules.judged_by,
        releaseSafety: rules.release_safety as 'safe' | 'caution' | 'unsafe',
        model: rules.model,
        promptHash: rules.prompt_hash,
        inputsDigest: rules.inputs_digest,
      }),
      previousReceiptDigest: head?.digest ?? null,
    });
    const receipt = await signReceipt(payload, serviceSeed);
    await this.receipts.insertReceipt(
      {
        receipt,
        subjectId: subject.id,
        chainIndex: (head?.chainIndex ?? 0) + 1,
        createdAt: now,
      },
      trx,
    );
    await this.sessions.setSession(session.id, { state: 'published', published_at: now }, trx);
    return { ...session, state: 'published', published_at: now };
  }
}
