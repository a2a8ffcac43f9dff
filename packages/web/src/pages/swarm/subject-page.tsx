import { When } from '../../components/when.js';
import type {
  SessionList,
  SessionSummary,
  SubjectSnapshots,
  SwarmSubject,
} from '../../api/types/swarm.js';
import { Async } from '../../components/async-view.js';
import { DataTable } from '../../components/data-table.js';
import { titleOf } from '../../lib/document-title.js';
import { cronInWords } from '../../lib/cron-words.js';
import { countOf, label } from '../../lib/format.js';
import { safeHref } from '../../lib/safe-url.js';
import { useResource } from '../../lib/use-resource.js';
import { sessionColumns, SwarmFrame } from './shared.js';
import { useSubjectName } from './subject-name.js';
import { SnapshotTable } from './snapshot-panels.js';
import type { TrackRecordBoard } from '../../api/types/track-record.js';
import { SwarmExcessChart, SwarmStats } from './track-record-parts.js';

const SESSIONS_SHOWN = 50;

/** `/swarm/subjects/:id`: what the subject is, its latest holdings snapshot and its sessions. */
export function SubjectPage({ params }: { params: { id: string } }) {
  const id = encodeURIComponent(params.id);
  const subject = useResource<SwarmSubject>(`/api/swarm/subjects/${id}`);
  return (
    <SwarmFrame title="Subject" documentTitle={titleOf(subject, 'Subject', (s) => s.name)}>
      <Async resource={subject} what="subject">
        {(s) => <SubjectCard subject={s} />}
      </Async>
      <LatestSnapshot id={id} />
      <SubjectSwarmRecord id={id} />
      <SubjectSessions id={params.id} />
    </SwarmFrame>
  );
}

function SubjectCard({ subject: s }: { subject: SwarmSubject }) {
  const homepage = s.homepage === null ? null : safeHref(s.homepage);
  return (
    <section class="card" data-testid="subject">
      <h2>
        {s.name}{' '}
        <span class="muted small">
          subject id <code>{s.id}</code>
        </span>
      </h2>
      {s.thesisBlurb !== null ? <p class="text-body">{s.thesisBlurb}</p> : null}
      <dl class="facts">
        <dt>Status</dt>
        <dd data-testid="subject-status">{s.status}</dd>
        <dt>Operator</dt>
        <dd>{s.operator ?? '—'}</dd>
        <dt>Recommendation</dt>
        <dd data-testid="subject-recommendation-type">{label(s.recommendationType)}</dd>
        <dt>Quorum</dt>
        <dd>{countOf(s.quorumRequired, 'counted take')}</dd>
        <dt>Schedule</dt>
        <dd>
          {s.schedule.cron === null ? 'convened by an admin' : <Schedule cron={s.schedule.cron} />}
          {s.schedule.cron !== null && !s.schedule.enabled ? ', paused' : null}
          {s.schedule.nextFireAt !== null ? (
            <>
              {' '}
              · next <When iso={s.schedule.nextFireAt} />
            </>
          ) : null}
        </dd>
        {homepage !== null ? (
          <>
            <dt>Homepage</dt>
            <dd>
              <a href={homepage} rel="noopener noreferrer">
                {s.homepage}
              </a>
            </dd>
          </>
        ) : null}
        {s.lastReviewed !== null ? (
          <>
            <dt>Last reviewed</dt>
            <dd>
              <When iso={s.lastReviewed} as="day" />
            </dd>
          </>
        ) : null}
      </dl>
      {s.structuralNotes !== null ? <p class="small muted">{s.structuralNotes}</p> : null}
    </section>
  );
}

/** A cron schedule in words; one the page cannot phrase is shown as it is, as code. */
function Schedule({ cron }: { cron: string }) {
  const words = cronInWords(cron);
  return words !== null ? (
    <span data-testid="subject-schedule" title={`cron expression ${cron} (UTC)`}>
      {words}
    </span>
  ) : (
    <span data-testid="subject-schedule">
      cron expression (UTC) <code>{cron}</code>
    </span>
  );
}

function LatestSnapshot({ id }: { id: string }) {
  const snapshots = useResource<SubjectSnapshots>(`/api/swarm/subjects/${id}/snapshots?limit=1`);
  return (
    <section class="card" data-testid="latest-snapshot">
      <h2>Latest holdings snapshot</h2>
      <Async resource={snapshots} what="holdings snapshot">
        {(data) => {
          const latest = data.snapshots[0];
          if (latest === undefined)
            return <p class="muted">No snapshot yet: one is taken when a session convenes.</p>;
          return (
            <>
              {latest.sessionId !== null ? (
                <p class="small">
                  Taken for <a href={`/swarm/sessions/${latest.sessionId}`}>this session</a>.
                </p>
              ) : null}
              <SnapshotTable snapshot={latest} />
            </>
          );
        }}
      </Async>
    </section>
  );
}

/** The swarm's cumulative record on this subject against its reference allocation. */
function SubjectSwarmRecord({ id }: { id: string }) {
  const board = useResource<TrackRecordBoard>(`/api/swarm/track-record?subject=${id}&limit=1`);
  return (
    <section class="card" data-testid="subject-swarm-record">
      <h2>Was the swarm right here?</h2>
      <Async resource={board} what="the swarm's record">
        {(data) =>
          data.swarm.sessions === 0 ? (
            <p class="muted">
              No outcome yet: each published session is scored once its {data.horizonDays}-day
              horizon has passed.
            </p>
          ) : (
            <>
              <p class="small">
                Over {data.horizonDays} days, following each session's consensus against the
                reference allocation it carried (
                <a href={`/swarm/track-record?horizon=${data.horizonDays}`}>all subjects</a>).
              </p>
              <SwarmStats swarm={data.swarm} />
              <SwarmExcessChart sessions={data.sessions} horizon={data.horizonDays} />
            </>
          )
        }
      </Async>
    </section>
  );
}

function SubjectSessions({ id }: { id: string }) {
  const name = useSubjectName(id);
  const sessions = useResource<SessionList>(
    `/api/swarm/sessions?subject=${encodeURIComponent(id)}&limit=${SESSIONS_SHOWN}`,
  );
  return (
    <section class="card" data-testid="subject-sessions">
      <h2>Sessions</h2>
      <Async resource={sessions} what="sessions">
        {(data) => (
          <>
            <DataTable<SessionSummary>
              testId="subject-session-list"
              cards
              rows={data.sessions}
              rowKey={(s) => s.id}
              empty="No session on this subject yet."
              columns={sessionColumns('one subject')}
            />
            {data.nextCursor !== null ? (
              <p class="small">
                Showing the newest {SESSIONS_SHOWN};{' '}
                <a href={`/swarm?subject=${encodeURIComponent(id)}`}>
                  all sessions on {name ?? 'this subject'}
                </a>
                .
              </p>
            ) : null}
          </>
        )}
      </Async>
    </section>
  );
}
