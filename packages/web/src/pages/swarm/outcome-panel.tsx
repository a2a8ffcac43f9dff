import type { SessionOutcome, SessionOutcomes } from '../../api/types/track-record.js';
import { Async } from '../../components/async-view.js';
import { Chip } from '../../components/badges.js';
import { DataTable } from '../../components/data-table.js';
import { When } from '../../components/when.js';
import { label, num, pct, pctChange, usdShort } from '../../lib/format.js';
import { useResource } from '../../lib/use-resource.js';
import { METHODOLOGY_LINK, Stat } from './track-record-parts.js';

type OutcomeLabel = SessionOutcome['record']['labels'][number];

/** The session page's outcome panel: each horizon's published outcome, or when it is due. */
export function OutcomePanel({ sessionId, published }: { sessionId: string; published: boolean }) {
  const outcomes = useResource<SessionOutcomes>(
    published ? `/api/swarm/sessions/${encodeURIComponent(sessionId)}/outcome` : null,
  );
  return (
    <section class="card" data-testid="session-outcome">
      <h2>Outcome</h2>
      {!published ? (
        <p class="muted">
          Outcomes are computed for published sessions once each horizon has passed.
        </p>
      ) : (
        <Async resource={outcomes} what="outcome">
          {(data) => (
            <>
              {data.horizons
                .filter((h) => !data.outcomes.some((o) => o.horizonDays === h))
                .map((h) => (
                  <p key={h} class="muted small" data-testid={`outcome-pending-${h}`}>
                    {h} days: not yet published (once the horizon and two days of grace have
                    passed).
                  </p>
                ))}
              {data.outcomes.map((o) => (
                <HorizonOutcome key={o.horizonDays} outcome={o} />
              ))}
              <p class="small muted">
                Computed only from series the service holds, appended to the transparency log and
                never changed (<a href={METHODOLOGY_LINK}>how</a>).
              </p>
            </>
          )}
        </Async>
      )}
    </section>
  );
}

function HorizonOutcome({ outcome: o }: { outcome: SessionOutcome }) {
  const { record } = o;
  return (
    <section class="horizon" data-testid={`outcome-${o.horizonDays}`}>
      <h3>
        Over {o.horizonDays} days, <When iso={record.startDate} as="day" /> to{' '}
        <When iso={record.endDate} as="day" />{' '}
        {o.status === 'scored' ? (
          <Chip
            tone={record.event.occurred === true ? 'good' : 'dim'}
            text={record.event.occurred === true ? 'the subject rose' : 'the subject did not rise'}
          />
        ) : (
          <Chip tone="warn" text={`no outcome: ${label(o.reason ?? 'unknown')}`} />
        )}
      </h3>
      <div class="stats">
        <Stat
          label="Subject"
          value={pctChange(record.subjectReturn, 2)}
          testId={`outcome-subject-${o.horizonDays}`}
        />
        <Stat
          label="Consensus"
          value={pctChange(record.consensus.return, 2)}
          testId={`outcome-consensus-${o.horizonDays}`}
        />
        <Stat label="Reference" value={pctChange(record.reference?.return ?? null, 2)} />
        <Stat label="Swarm Brier" value={num(o.swarm?.brier ?? null, 3)} />
      </div>
      <DataTable<OutcomeLabel>
        label={`Buckets over ${o.horizonDays} days`}
        cards
        rows={record.labels}
        rowKey={(l) => l.label}
        columns={[
          { label: 'Bucket', render: (l) => l.label },
          { label: 'Series', render: (l) => <span class="mono">{l.source ?? '—'}</span> },
          {
            label: 'Start',
            numeric: true,
            render: (l) =>
              l.start === null ? (
                '—'
              ) : (
                <>
                  <When iso={l.start.date} as="day" />: {num(l.start.value, 4)}
                </>
              ),
          },
          {
            label: 'End',
            numeric: true,
            render: (l) =>
              l.end === null ? (
                '—'
              ) : (
                <>
                  <When iso={l.end.date} as="day" />: {num(l.end.value, 4)}
                </>
              ),
          },
          {
            label: 'Return',
            primary: true,
            numeric: true,
            render: (l) => (l.return === null ? label(l.missing ?? '') : pctChange(l.return, 2)),
          },
          {
            label: 'Held',
            numeric: true,
            hideOnPhone: true,
            render: (l) =>
              usdShort(record.holdings.find((h) => h.bucket === l.label)?.valueUsd ?? null),
          },
        ]}
      />
      {o.takes.length > 0 ? (
        <DataTable
          label={`Counted takes scored over ${o.horizonDays} days`}
          cards
          rows={o.takes}
          rowKey={(t) => t.takeId}
          columns={[
            {
              label: 'Member',
              render: (t) => <a href={`/swarm/members/${t.memberId}`}>@{t.handle ?? t.memberId}</a>,
            },
            { label: 'Forecast', numeric: true, render: (t) => pct(t.probability, 0) },
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
              render: (t) => pctChange(t.excessVsReference, 2),
            },
            {
              label: 'Stance contribution',
              term: 'contribution',
              numeric: true,
              hideOnPhone: true,
              render: (t) => num(t.stanceContribution, 4),
            },
          ]}
        />
      ) : null}
      <p class="small muted">
        Log entry {o.logIndex === null ? 'not found' : `#${o.logIndex}`} · record digest{' '}
        <span class="mono">{o.digest.slice(0, 16)}…</span>
      </p>
    </section>
  );
}
