import type { Tx } from '../../db/transactor.js';
import type { Selectable, SwarmSessionTable } from '../../db/schema.js';
import { subjectRecord } from '../subjects/model.js';
import type { SubjectRow } from '../subjects/repository.js';
import { briefPrompt, takeSchema } from './prompt.js';
import type { RegimeAsOf } from '../../regime/service.js';
import type { BriefRepository } from './repository.js';
import type { BriefBody } from '../tables.js';

export const RECENT_SESSIONS_IN_BRIEF = 5;
export const researchSignalHref = (key: string): string =>
  `/api/dashboards/research-signals/${key}`;

/** The stored brief body (spec SwarmBrief `body`), composed when the brief is published. */
export async function composeBriefBody(
  trx: Tx,
  briefs: BriefRepository,
  regimeReads: RegimeAsOf,
  session: Pick<
    Selectable<SwarmSessionTable>,
    'date' | 'reference_allocation' | 'window_closes_at'
  >,
  subject: SubjectRow,
  notable: string[],
): Promise<BriefBody> {
  const record = subjectRecord(subject);
  const reference = session.reference_allocation;
  const [regime, recentSessions, signals] = await Promise.all([
    regimeReads.briefRegimeAsOf(session.date, trx),
    briefs.recentPublished(subject.id, RECENT_SESSIONS_IN_BRIEF, trx),
    regimeReads.researchSignalsAsOf(session.date, trx),
  ]);
  const windowClosesAt = session.window_closes_at?.toISOString() ?? null;
  return {
    regime,
    subject: record,
    recentSessions,
    researchSignals: signals.map((s) => ({ ...s, href: researchSignalHref(s.signalKey) })),
    prompt: briefPrompt({
      subject: record,
      date: session.date,
      regime,
      reference,
      notable,
      windowClosesAt,
    }),
    takeSchema: takeSchema(record, reference),
    windowClosesAt,
  };
}

/**
 * A stored brief body with its research-signal references resolved as of the brief's own date
 * (the newest row of each signal on or before it). A brief published before that day's signals were
 * computed would otherwise keep an empty list forever although signal history exists for its date.
 */
export async function bodyWithSignalsAsOf(
  regime: RegimeAsOf,
  brief: { date: string; body: BriefBody | null },
): Promise<BriefBody | null> {
  const { body } = brief;
  if (body === null) return null;
  const signals = await regime.researchSignalsAsOf(brief.date);
  return {
    ...body,
    researchSignals: signals.map((s) => ({ ...s, href: researchSignalHref(s.signalKey) })),
  };
}
