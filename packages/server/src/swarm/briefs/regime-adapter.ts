import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { RESEARCH_SIGNAL_KEYS } from '../../regime/research.js';
import {
  researchSignalDatesAsOf,
  researchSignalPayloadOn,
  snapshotsAsOf,
} from '../../regime/repository.js';
import type { BriefRegime } from '../../regime/service.js';

/**
 * Point-in-time regime readings for briefs, read through the regime domain's repository. `latestRegimeForBrief` (regime/service)
 * answers "latest" only; a session convened for an earlier date (a caught-up fire, the demo's months of
 * history) must see the regime as of its own date, never a later one, so these read "as of a date".
 */
type PanelReading = { index: number | null; percentile: number | null; regime: string | null };
type Panels = Partial<Record<'macro' | 'onchain' | 'factor', PanelReading>>;

const HISTORY_POINTS = 8;

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
  return researchSignalDatesAsOf(db, RESEARCH_SIGNAL_KEYS, date);
}

/** The stored payload of one research signal row (the legacy embedded brief shape). */
export async function researchSignalPayload(
  db: Kysely<DB>,
  signalKey: string,
  date: string,
): Promise<unknown> {
  return researchSignalPayloadOn(db, signalKey, date);
}
