import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { RESEARCH_SIGNAL_KEYS } from '../../regime/research.js';
import type { BriefRegime } from '../../regime/service.js';

/**
 * Point-in-time reads of the regime engine's tables for briefs. `latestRegimeForBrief` (regime/service)
 * answers "latest" only; a session convened for an earlier date (a caught-up fire, the demo's months of
 * history) must see the regime as of its own date, never a later one, so these read "as of a date".
 */
type PanelReading = { index: number | null; percentile: number | null; regime: string | null };
type Panels = Partial<Record<'macro' | 'onchain' | 'factor', PanelReading>>;

const HISTORY_POINTS = 8;

async function snapshotsAsOf(db: Kysely<DB>, date: string, limit: number) {
  return db
    .selectFrom('regime_snapshot')
    .select(['date', 'composite', 'composite_percentile', 'regime', 'panels'])
    .where('date', '<=', date)
    .orderBy('date', 'desc')
    .limit(limit)
    .execute();
}

/** `body.regime` of a brief: the latest regime row on or before `date` (snake_case per the spec). */
export async function regimeRowAsOf(db: Kysely<DB>, date: string): Promise<BriefRegime | null> {
  const [row] = await snapshotsAsOf(db, date, 1);
  if (row === undefined) return null;
  const panels = row.panels as Panels;
  return {
    date: row.date,
    composite: row.composite,
    regime: row.regime,
    macro_regime: panels.macro?.regime ?? null,
    onchain_regime: panels.onchain?.regime ?? null,
  };
}

/** A session's `regime_summary` (prior-art §3.5): the reading and an 8-point history. */
export async function regimeSummaryAsOf(db: Kysely<DB>, date: string) {
  const rows = await snapshotsAsOf(db, date, HISTORY_POINTS);
  const latest = rows[0];
  if (latest === undefined) return null;
  const panels = latest.panels as Panels;
  return {
    date: latest.date,
    composite: latest.composite,
    composite_percentile: latest.composite_percentile,
    regime: latest.regime,
    macro_regime: panels.macro?.regime ?? null,
    macro_percentile: panels.macro?.percentile ?? null,
    onchain_regime: panels.onchain?.regime ?? null,
    onchain_percentile: panels.onchain?.percentile ?? null,
    factor_regime: panels.factor?.regime ?? null,
    factor_percentile: panels.factor?.percentile ?? null,
    history: rows
      .map((row) => {
        const p = row.panels as Panels;
        return {
          date: row.date,
          composite: row.composite,
          regime: row.regime,
          macro: p.macro?.regime ?? null,
          onchain: p.onchain?.regime ?? null,
          factor: p.factor?.regime ?? null,
        };
      })
      .reverse(),
  };
}

export type RegimeSummary = NonNullable<Awaited<ReturnType<typeof regimeSummaryAsOf>>>;

/** The newest computed row of each research signal on or before `date`. */
export async function researchSignalsAsOf(
  db: Kysely<DB>,
  date: string,
): Promise<Array<{ signalKey: string; date: string }>> {
  const found: Array<{ signalKey: string; date: string }> = [];
  for (const key of RESEARCH_SIGNAL_KEYS) {
    const row = await db
      .selectFrom('research_signal')
      .select(['signal_key', 'date'])
      .where('signal_key', '=', key)
      .where('date', '<=', date)
      .orderBy('date', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (row !== undefined) found.push({ signalKey: row.signal_key, date: row.date });
  }
  return found;
}

/** The stored payload of one research signal row (the legacy embedded brief shape). */
export async function researchSignalPayload(
  db: Kysely<DB>,
  signalKey: string,
  date: string,
): Promise<unknown> {
  const row = await db
    .selectFrom('research_signal')
    .select('payload')
    .where('signal_key', '=', signalKey)
    .where('date', '=', date)
    .executeTakeFirst();
  return row?.payload ?? null;
}
