import {
  addDays,
  isStance,
  jcs,
  OUTCOME_STALE_DAYS,
  outcomeRecordProblems,
  parseCanonicalTake,
  parseLogEntry,
  valueOn,
  verifyLogEntry,
  verifyReceipt,
  type ConsensusReceipt,
  type CountedTake,
  type OutcomeRecord,
  type ScoringSession,
  type SeriesPoint,
} from '@convene/protocol';
import type { CliContext } from '../context.js';
import { fetchJson, fetchJsonIfServed } from './service-get.js';

/** One published outcome as the CLI gathered it: the served record, its log entry, its receipt. */
export interface GatheredOutcome {
  record: OutcomeRecord;
  digest: string;
  logIndex: number | null;
  /** The logged entry's text, when the log serves it. */
  entry: string | null;
}

/** What the service serves, and what it says about each outcome, before anything is recomputed. */
export interface Gathered {
  sessions: ScoringSession[];
  outcomes: GatheredOutcome[];
  /** One problem per outcome, receipt or series value that does not hold; empty when all hold. */
  problems: {
    entries: string[];
    records: string[];
    receipts: string[];
    series: string[];
  };
  seriesChecked: number;
}

interface SessionRow {
  id: string;
}

/**
 * Reads every published session's outcomes and consensus receipt from the public API and checks
 * each on its own: the outcome's log entry verifies and holds exactly the served record, the record
 * names its receipt, the receipt verifies (with the pinned service key when given), and each
 * label's start and end values are what the public series holds.
 */
export async function gatherOutcomes(
  ctx: CliContext,
  serviceKey: readonly string[] | undefined,
): Promise<Gathered> {
  const gathered: Gathered = {
    sessions: [],
    outcomes: [],
    problems: { entries: [], records: [], receipts: [], series: [] },
    seriesChecked: 0,
  };
  for (const session of await publishedSessions(ctx)) {
    const served = await fetchJson<{
      outcomes: Array<{ record: OutcomeRecord; digest: string; logIndex: number | null }>;
    }>(ctx, `/api/swarm/sessions/${session.id}/outcome`);
    if (served.outcomes.length === 0) continue;
    const receipt = await fetchJson<ConsensusReceipt>(
      ctx,
      `/api/swarm/sessions/${session.id}/consensus-receipt`,
    );
    const verdict = await verifyReceipt(receipt, {
      ...(serviceKey === undefined ? {} : { expectedServicePublicKey: serviceKey }),
    });
    for (const reason of verdict.unverifiedReasons)
      gathered.problems.receipts.push(`session ${session.id}: ${reason.code}: ${reason.message}`);
    const takes: CountedTake[] = receipt.payload.submissions.flatMap((submission) => {
      const signed = parseCanonicalTake(submission.canonical_submission);
      if (signed === null || !isStance(signed.stance)) return [];
      return [
        {
          memberId: submission.memberId,
          takeId: submission.takeId,
          revision: submission.revision,
          stance: signed.stance,
          confidence: signed.confidence,
          ...(signed.weights == null ? {} : { weights: signed.weights }),
        },
      ];
    });
    const roster = [...takes.map((t) => t.memberId), ...receipt.payload.quorum.absent];
    for (const outcome of served.outcomes) {
      const { record } = outcome;
      const where = `session ${session.id}, ${record.horizonDays} days`;
      for (const problem of outcomeRecordProblems(record))
        gathered.problems.records.push(`${where}: ${problem}`);
      if (record.receiptDigest !== receipt.digest)
        gathered.problems.records.push(`${where}: the record names another consensus receipt`);
      const entry = await loggedEntry(ctx, outcome.logIndex);
      gathered.problems.entries.push(...(await entryProblems(where, entry, outcome)));
      gathered.outcomes.push({ ...outcome, entry });
      gathered.sessions.push({ record, takes, roster });
    }
  }
  await checkSeries(ctx, gathered);
  return gathered;
}

async function publishedSessions(ctx: CliContext): Promise<SessionRow[]> {
  const sessions: SessionRow[] = [];
  let cursor: string | null = null;
  do {
    const page: { sessions: SessionRow[]; nextCursor: string | null } = await fetchJson(
      ctx,
      `/api/swarm/sessions?state=published&limit=100${cursor === null ? '' : `&cursor=${cursor}`}`,
    );
    sessions.push(...page.sessions);
    cursor = page.nextCursor;
  } while (cursor !== null);
  return sessions;
}

async function loggedEntry(ctx: CliContext, index: number | null): Promise<string | null> {
  if (index === null) return null;
  const served = await fetchJsonIfServed<{ entries: Array<{ index: number; entry: string }> }>(
    ctx,
    `/api/log/entries?start=${index}&end=${index + 1}`,
  );
  return served?.entries.find((e) => e.index === index)?.entry ?? null;
}

async function entryProblems(
  where: string,
  entry: string | null,
  outcome: { record: OutcomeRecord; digest: string },
): Promise<string[]> {
  if (entry === null) return [`${where}: the log does not serve its outcome entry`];
  const check = await verifyLogEntry(entry);
  if (!check.ok)
    return [`${where}: the logged entry does not verify: ${check.problems.join('; ')}`];
  const parsed = parseLogEntry(entry);
  if (!parsed.ok || parsed.entry.kind !== 'convene.log.outcome.v1')
    return [`${where}: the entry at its index is not an outcome`];
  if (parsed.entry.record !== jcs(outcome.record) || parsed.entry.digest !== outcome.digest)
    return [`${where}: the served record is not the logged one`];
  return [];
}

/** Each label's start and end values against the public series (one read per label). */
async function checkSeries(ctx: CliContext, gathered: Gathered): Promise<void> {
  const spans = new Map<string, { from: string; to: string }>();
  for (const { record } of gathered.sessions) {
    for (const label of record.labels) {
      if (label.source === null) continue;
      const span = spans.get(label.label);
      const from = addDays(record.startDate, -OUTCOME_STALE_DAYS);
      spans.set(label.label, {
        from: span === undefined || from < span.from ? from : span.from,
        to: span === undefined || record.endDate > span.to ? record.endDate : span.to,
      });
    }
  }
  const series = new Map<string, { source: string; points: SeriesPoint[] } | null>();
  for (const [label, { from, to }] of spans) {
    series.set(
      label,
      await fetchJsonIfServed(
        ctx,
        `/api/swarm/track-record/series/${encodeURIComponent(label)}?from=${from}&to=${to}`,
      ),
    );
  }
  for (const { record } of gathered.sessions) {
    for (const label of record.labels) {
      if (label.source === null) continue;
      const where = `session ${record.sessionId}, ${record.horizonDays} days, ${label.label}`;
      const served = series.get(label.label);
      if (served == null || served.source !== label.source) {
        gathered.problems.series.push(`${where}: the service no longer serves ${label.source}`);
        continue;
      }
      const start = valueOn(served.points, record.startDate);
      const end = valueOn(served.points, record.endDate);
      if (JSON.stringify([start, end]) !== JSON.stringify([label.start, label.end]))
        gathered.problems.series.push(
          `${where}: the record's values ${JSON.stringify([label.start, label.end])} are not the series' ${JSON.stringify([start, end])}`,
        );
      gathered.seriesChecked++;
    }
  }
}
