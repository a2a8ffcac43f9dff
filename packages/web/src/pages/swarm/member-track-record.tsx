import type { MemberHorizon, MemberTrackRecord } from '../../api/types/track-record.js';
import { Async } from '../../components/async-view.js';
import { useResource } from '../../lib/use-resource.js';
import {
  CalibrationChart,
  MemberStats,
  METHODOLOGY_LINK,
  ScoredTakesTable,
  ScoreOverTime,
} from './track-record-parts.js';

/** The member page's track record: per horizon, the figures, calibration, score over time, takes. */
export function MemberTrackRecordSection({ id }: { id: string }) {
  const record = useResource<MemberTrackRecord>(`/api/swarm/members/${id}/track-record`);
  return (
    <section class="card" data-testid="member-track-record">
      <h2>Track record</h2>
      <p class="small muted">
        Only the take that counted in each published session is scored, once its horizon has passed,
        against an outcome anyone can recompute from the transparency log (
        <a href={METHODOLOGY_LINK}>how it is scored</a>).
      </p>
      <Async resource={record} what="track record">
        {(data) =>
          data.horizons.map((horizon) => (
            <HorizonRecord key={horizon.horizonDays} horizon={horizon} min={data.minScoredTakes} />
          ))
        }
      </Async>
    </section>
  );
}

function HorizonRecord({ horizon, min }: { horizon: MemberHorizon; min: number }) {
  const { record, takes, horizonDays } = horizon;
  return (
    <section class="horizon" data-testid={`member-horizon-${horizonDays}`}>
      <h3>Over {horizonDays} days</h3>
      {record === null ? (
        <p class="muted">No scored take yet over {horizonDays} days.</p>
      ) : (
        <>
          {horizon.status === 'not_enough_history' ? (
            <p class="notice" data-testid={`not-enough-history-${horizonDays}`}>
              Not enough history for a rank: {record.scoredTakes} of the {min} scored takes a rank
              needs. A few calls say little about skill.
            </p>
          ) : null}
          <MemberStats record={record} />
          <div class="grid-2">
            <CalibrationChart record={record} />
            <ScoreOverTime takes={takes} horizon={horizonDays} />
          </div>
          <ScoredTakesTable takes={takes} horizon={horizonDays} />
        </>
      )}
    </section>
  );
}
