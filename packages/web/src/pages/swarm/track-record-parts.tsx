import { SubjectName } from './subject-name.js';
import type { ComponentChildren } from 'preact';
import { useMemo } from 'preact/hooks';
import type {
  MemberRecord,
  ScoredTake,
  SwarmRecord,
  SwarmSessionScore,
} from '../../api/types/track-record.js';
import { Chip } from '../../components/badges.js';
import { DataTable } from '../../components/data-table.js';
import { TimeChart, type ChartSpec } from '../../components/time-chart.js';
import { When } from '../../components/when.js';
import { count, countOf, dayToSeconds, num, pct, pctChange } from '../../lib/format.js';
import { StanceChip } from './shared.js';
import { PALETTE } from '../../components/palette.js';
import { Term } from '../../components/term.js';

/** Where the rules are written down (the repository's docs/methodology.md, in the site's words). */
export const METHODOLOGY_LINK = '/methodology#track-records';

export function Stat(props: {
  label: ComponentChildren;
  value: string;
  testId?: string;
  title?: string;
}) {
  return (
    <div class="stat" title={props.title}>
      <div class="stat-label">{props.label}</div>
      <div class="stat-value" data-testid={props.testId}>
        {props.value}
      </div>
    </div>
  );
}

/** A member's figures over one horizon. */
export function MemberStats({ record }: { record: MemberRecord }) {
  return (
    <div class="stats" data-testid={`member-stats-${record.horizonDays}`}>
      <Stat label="Rank" value={record.rank === null ? 'none yet' : `#${record.rank}`} />
      <Stat label="Scored takes" value={count(record.scoredTakes)} testId="scored-takes" />
      <Stat
        label="Participation"
        value={`${pct(record.participation, 0)} of ${countOf(record.rosterSessions, 'session')}`}
        testId="participation"
        title="scored takes of the sessions on the member’s roster"
      />
      <Stat
        label={
          <>
            Ranking <Term id="brier-score">Brier</Term>, absences at 0.25
          </>
        }
        value={num(record.rankingBrier, 3)}
        testId="ranking-brier"
        title="lower is better; always saying 50/50 scores 0.25"
      />
      <Stat
        label={
          <>
            Mean <Term id="log-score">log score</Term>
          </>
        }
        value={num(record.meanLog, 3)}
        title="higher is better; 0 is perfect"
      />
      <Stat label="Mean excess over reference" value={pctChange(record.meanExcessVsReference, 2)} />
      <Stat
        label={
          <>
            Stance <Term id="contribution">contribution</Term>
          </>
        }
        value={num(record.meanStanceContribution, 4)}
        title="how much the swarm's Brier improved because this member took part"
      />
    </div>
  );
}

/** The swarm's own record over one horizon. */
export function SwarmStats({ swarm }: { swarm: SwarmRecord }) {
  return (
    <div class="stats" data-testid={`swarm-stats-${swarm.horizonDays}`}>
      <Stat label="Sessions scored" value={count(swarm.sessions)} testId="swarm-sessions" />
      <Stat
        label={
          <>
            Swarm’s mean <Term id="brier-score">Brier</Term>
          </>
        }
        value={num(swarm.meanBrier, 3)}
        testId="swarm-brier"
      />
      <Stat
        label="Mean excess over reference"
        value={pctChange(swarm.meanExcess, 3)}
        testId="swarm-excess"
      />
      <Stat
        label="Sessions beating the reference"
        value={`${pct(swarm.positiveExcessShare, 0)} of ${countOf(swarm.excessSessions, 'session')} with a reference return`}
        testId="swarm-beating"
      />
      <Stat label="Sum of excesses" value={pctChange(swarm.sumExcess, 2)} />
    </div>
  );
}

/**
 * A reliability diagram: each bin's mean forecast against how often the event happened; points on
 * the diagonal are perfectly calibrated. The numbers are in the table below it.
 */
export function CalibrationChart({ record }: { record: MemberRecord }) {
  const bins = record.calibration.filter((b) => b.count > 0);
  const size = 200;
  const at = (v: number) => 20 + v * size;
  const y = (v: number) => 20 + (1 - v) * size;
  const biggest = Math.max(1, ...bins.map((b) => b.count));
  return (
    <figure class="calibration" data-testid={`calibration-${record.horizonDays}`}>
      <figcaption>
        Calibration over {record.horizonDays} days: forecast probability against how often the
        subject rose
      </figcaption>
      <svg
        viewBox={`0 0 ${size + 40} ${size + 50}`}
        role="img"
        aria-label={`Calibration: ${bins
          .map(
            (b) =>
              `forecasts near ${pct(b.meanProbability, 0)} came true ${pct(b.observedFrequency, 0)} of ${b.count} times`,
          )
          .join('; ')}`}
      >
        <rect x={at(0)} y={y(1)} width={size} height={size} class="calibration-frame" />
        <line x1={at(0)} y1={y(0)} x2={at(1)} y2={y(1)} class="calibration-diagonal" />
        {bins.map((b) => (
          <circle
            key={b.from}
            cx={at(b.meanProbability ?? 0)}
            cy={y(b.observedFrequency ?? 0)}
            r={3 + 6 * Math.sqrt(b.count / biggest)}
            class="calibration-point"
          />
        ))}
        <text x={at(0)} y={size + 38} class="calibration-label">
          forecast 0 → 100 %
        </text>
        <text x={4} y={14} class="calibration-label">
          came true
        </text>
      </svg>
      <details>
        <summary>The bins as a table</summary>
        <DataTable
          label={`Calibration bins, ${record.horizonDays} days`}
          rows={bins}
          rowKey={(b) => String(b.from)}
          columns={[
            { label: 'Forecast', render: (b) => `${pct(b.from, 0)}–${pct(b.to, 0)}` },
            { label: 'Takes', numeric: true, render: (b) => count(b.count) },
            { label: 'Mean forecast', numeric: true, render: (b) => pct(b.meanProbability, 0) },
            {
              label: 'Came true',
              primary: true,
              numeric: true,
              render: (b) => pct(b.observedFrequency, 0),
            },
          ]}
        />
      </details>
    </figure>
  );
}

/** The running mean Brier score after each session date, against the 0.25 of always 50/50. */
export function ScoreOverTime({ takes, horizon }: { takes: ScoredTake[]; horizon: number }) {
  const spec = useMemo<ChartSpec>(() => {
    const byDay = new Map<string, number>();
    let sum = 0;
    let n = 0;
    for (const take of [...takes].reverse()) {
      sum += take.brier;
      n++;
      byDay.set(take.sessionDate, sum / n);
    }
    return {
      title: `Mean Brier score so far, ${horizon} days (lower is better)`,
      x: [...byDay.keys()].map(dayToSeconds),
      series: [{ label: 'mean Brier', values: [...byDay.values()], color: PALETTE.blue }],
      rules: [{ value: 0.25, color: PALETTE.rule }],
      yFormat: 'number',
      yUnit: 'Brier score',
      height: 200,
      note: 'The grey line is 0.25, what always forecasting 50/50 scores.',
    };
  }, [takes, horizon]);
  if (takes.length < 2) return null;
  return <TimeChart spec={spec} testId={`score-over-time-${horizon}`} />;
}

/** How many of the newest scored takes show at once; the rest open on request. */
const TAKES_SHOWN = 10;

export function ScoredTakesTable({ takes, horizon }: { takes: ScoredTake[]; horizon: number }) {
  if (takes.length <= TAKES_SHOWN) return <TakesTable takes={takes} horizon={horizon} />;
  return (
    <>
      <TakesTable takes={takes.slice(0, TAKES_SHOWN)} horizon={horizon} />
      <details data-testid={`older-scored-takes-${horizon}`}>
        <summary>All {countOf(takes.length, 'scored take')}</summary>
        <TakesTable takes={takes.slice(TAKES_SHOWN)} horizon={horizon} />
      </details>
    </>
  );
}

function TakesTable({ takes, horizon }: { takes: ScoredTake[]; horizon: number }) {
  return (
    <DataTable<ScoredTake>
      testId={`scored-takes-${horizon}`}
      label={`Scored takes, ${horizon} days`}
      cards
      rows={takes}
      rowKey={(t) => t.takeId}
      empty="No scored take yet."
      columns={[
        {
          label: 'Session',
          render: (t) => (
            <a href={`/swarm/sessions/${t.sessionId}`}>
              <When iso={t.sessionDate} as="day" /> · <SubjectName id={t.subjectId} />
            </a>
          ),
        },
        {
          label: 'Take',
          render: (t) => (
            <>
              <StanceChip stance={t.stance} />{' '}
              <a href={`/swarm/takes/${t.takeId}`}>rev {t.revision}</a>
            </>
          ),
        },
        { label: 'Forecast', numeric: true, render: (t) => pct(t.probability, 0) },
        {
          label: 'Outcome',
          render: (t) => (
            <Chip tone={t.occurred ? 'good' : 'dim'} text={t.occurred ? 'rose' : 'did not rise'} />
          ),
        },
        {
          label: 'Brier',
          term: 'brier-score',
          primary: true,
          numeric: true,
          render: (t) => num(t.brier, 3),
        },
        {
          label: 'Excess over reference',
          numeric: true,
          hideOnPhone: true,
          render: (t) => pctChange(t.excessVsReference, 2),
        },
        {
          label: 'Stance contribution',
          term: 'contribution',
          numeric: true,
          hideOnPhone: true,
          render: (t) => num(t.stanceContribution, 4),
        },
        {
          label: 'Log',
          render: (t) => (
            <span class="small">
              {t.takeLogIndex === null ? 'take not logged' : `take #${t.takeLogIndex}`} ·{' '}
              {t.outcomeLogIndex === null ? 'outcome not logged' : `outcome #${t.outcomeLogIndex}`}
            </span>
          ),
        },
      ]}
    />
  );
}

/** The swarm's cumulative excess over the reference, session by session. */
export function SwarmExcessChart({
  sessions,
  horizon,
}: {
  sessions: SwarmSessionScore[];
  horizon: number;
}) {
  const spec = useMemo<ChartSpec>(() => {
    const byDay = new Map<string, number>();
    let total = 0;
    for (const s of sessions) {
      if (s.excess === null) continue;
      total += s.excess;
      byDay.set(s.sessionDate, total * 100);
    }
    return {
      title: `The swarm against the reference, ${horizon} days: sum of excess returns`,
      x: [...byDay.keys()].map(dayToSeconds),
      series: [{ label: 'sum of excess, %', values: [...byDay.values()], color: PALETTE.green }],
      rules: [{ value: 0, color: PALETTE.rule }],
      yFormat: 'percent',
      height: 220,
      note: 'Each session adds what following its consensus for the horizon returned beyond the reference allocation; horizons overlap, so this is not one portfolio.',
    };
  }, [sessions, horizon]);
  if (spec.x.length < 2) return null;
  return <TimeChart spec={spec} testId={`swarm-excess-chart-${horizon}`} />;
}
