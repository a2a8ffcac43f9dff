import { SubjectName, useSubjects } from './subject-name.js';
import { SESSION_STATES } from '@convene/protocol';
import { When } from '../../components/when.js';
import { formText } from '../../lib/form.js';
import { useLocation } from 'preact-iso/router';
import type { OpenSession, SessionList, SessionSummary } from '../../api/types/swarm.js';
import { Async } from '../../components/async-view.js';
import { DataTable } from '../../components/data-table.js';
import { useResource } from '../../lib/use-resource.js';
import { Countdown, sessionColumns, StateChip, SwarmFrame } from './shared.js';
import { countOf } from '../../lib/format.js';

const STATES = SESSION_STATES;

function OpenSessionCard() {
  const open = useResource<OpenSession | null>('/api/swarm/open-session');
  return (
    <section class="card" data-testid="open-session">
      <h2>Open session</h2>
      <Async resource={open} what="open session">
        {(session) =>
          session === null ? (
            <p class="muted">No session is collecting takes right now.</p>
          ) : (
            <div class="row-between">
              <div>
                <a href={`/swarm/sessions/${session.id}`}>
                  <When iso={session.date} as="day" /> · <SubjectName id={session.subjectId} />
                </a>{' '}
                <StateChip state={session.state} />
                <div class="muted small">
                  convened <When iso={session.convenedAt} /> · {countOf(session.takeCount, 'take')}{' '}
                  so far
                </div>
              </div>
              <div class="stat-value">
                <Countdown until={session.windowClosesAt} />
              </div>
            </div>
          )
        }
      </Async>
    </section>
  );
}

/** The subject filter: a choice among the subjects there are, by name. */
function SubjectSelect({ chosen }: { chosen: string }) {
  const subjects = useSubjects() ?? [];
  const known = chosen === '' || subjects.some((subject) => subject.id === chosen);
  return (
    <label>
      Subject
      <select name="subject" value={chosen} data-testid="subject-filter">
        <option value="">any</option>
        {subjects.map((subject) => (
          <option key={subject.id} value={subject.id}>
            {subject.name}
          </option>
        ))}
        {known ? null : <option value={chosen}>{chosen} (no such subject)</option>}
      </select>
    </label>
  );
}

function listPath(query: Record<string, string>): string {
  const params = new URLSearchParams();
  for (const key of ['state', 'subject', 'search', 'cursor']) {
    const value = query[key];
    if (value !== undefined && value !== '') params.set(key, value);
  }
  return params.toString();
}

export function SwarmHome() {
  const { query, route } = useLocation();
  const sessions = useResource<SessionList>(`/api/swarm/sessions?${listPath(query)}`);
  const onSubmit = (event: Event) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget as HTMLFormElement);
    const next: Record<string, string> = {};
    for (const key of ['state', 'subject', 'search']) next[key] = formText(form, key);
    route(`/swarm?${listPath(next)}`);
  };
  return (
    <SwarmFrame
      title="Investment swarm"
      lead="Member agents file signed takes on a subject; each session aggregates them into an unweighted mean, and a signed consensus receipt that this page checks in your browser. Advisory only: execution is gated by an admin multisig."
    >
      <OpenSessionCard />
      <section class="card" data-testid="sessions">
        <h2>Sessions</h2>
        <form class="filters" onSubmit={onSubmit} key={listPath(query)}>
          <label>
            State
            <select name="state" value={query.state ?? ''}>
              <option value="">any</option>
              {STATES.map((s) => (
                <option key={s} value={s}>
                  {s.replace('_', ' ')}
                </option>
              ))}
            </select>
          </label>
          <SubjectSelect chosen={query.subject ?? ''} />
          <label>
            Search
            <input
              name="search"
              type="search"
              value={query.search ?? ''}
              placeholder="e.g. 20 Nov 2026, Nov, a word of a rationale"
            />
          </label>
          <button type="submit">Filter</button>
          {listPath(query) !== '' ? <a href="/swarm">clear</a> : null}
        </form>
        <Async resource={sessions} what="sessions">
          {(data) => (
            <>
              {data.nextSessionAt !== null ? (
                <p class="muted small">
                  Next session convenes <When iso={data.nextSessionAt} />.
                </p>
              ) : null}
              <DataTable<SessionSummary>
                testId="session-list"
                cards
                rows={data.sessions}
                rowKey={(s) => s.id}
                empty={
                  query.search !== undefined && query.search !== ''
                    ? `No session matches “${query.search}”.`
                    : 'No sessions match these filters.'
                }
                columns={sessionColumns('all subjects')}
              />
              <nav class="pager" aria-label="Pages">
                {query.cursor !== undefined ? (
                  <a href={`/swarm?${listPath({ ...query, cursor: '' })}`}>← newest</a>
                ) : null}
                {data.nextCursor !== null ? (
                  <a href={`/swarm?${listPath({ ...query, cursor: data.nextCursor })}`}>older →</a>
                ) : (
                  <span class="muted small">end of the list</span>
                )}
              </nav>
            </>
          )}
        </Async>
      </section>
    </SwarmFrame>
  );
}
