import { When } from '../../components/when.js';
import { useLocation } from 'preact-iso/router';
import type {
  Judgements,
  MembersResponse,
  MemberTake,
  MemberTakes,
  SwarmMember,
} from '../../api/types/swarm.js';
import { Async } from '../../components/async-view.js';
import { Chip } from '../../components/badges.js';
import { DataTable } from '../../components/data-table.js';
import { dateTime, pct } from '../../lib/format.js';
import { useResource } from '../../lib/use-resource.js';
import { JudgementList } from './session-page.js';
import { StanceChip, SwarmFrame } from './shared.js';
import { titleOf } from '../../lib/document-title.js';

export function MembersPage() {
  const members = useResource<MembersResponse>('/api/swarm/members');
  return (
    <SwarmFrame
      title="Members"
      lead="Active members: peers with distinct lenses, deliberately not ranked by predictive accuracy."
    >
      <Async resource={members} what="members">
        {(data) => (
          <section class="card">
            <DataTable<SwarmMember>
              testId="members"
              rows={data.members}
              rowKey={(m) => m.id}
              empty="No active members yet."
              columns={[
                {
                  label: 'Member',
                  render: (m) => (
                    <>
                      <a href={`/swarm/members/${m.handle}`}>{m.displayName}</a>{' '}
                      <span class="muted small">@{m.handle}</span>
                    </>
                  ),
                },
                {
                  label: 'Role',
                  render: (m) => <Chip tone={m.role === 'judge' ? 'info' : 'dim'} text={m.role} />,
                },
                { label: 'Lens', render: (m) => m.lens ?? '—' },
                {
                  label: 'Operator',
                  render: (m) => `${m.operator ?? '—'}${m.house ? ' (house)' : ''}`,
                },
                { label: 'Active since', render: (m) => dateTime(m.activatedAt) },
              ]}
            />
          </section>
        )}
      </Async>
    </SwarmFrame>
  );
}

export function MemberPage({ params }: { params: { id: string } }) {
  const id = encodeURIComponent(params.id);
  const member = useResource<SwarmMember>(`/api/swarm/members/${id}`);
  // Every take (the route's maximum is 1000); the page filters and pages them in hand.
  const takes = useResource<MemberTakes>(`/api/swarm/members/${id}/takes?limit=${TAKES_LIMIT}`);
  const judgements = useResource<Judgements>(`/api/swarm/members/${id}/judgements?limit=50`);
  return (
    <SwarmFrame title="Member" documentTitle={titleOf(member, 'Member', (m) => `@${m.handle}`)}>
      <Async resource={member} what="member">
        {(m) => (
          <section class="card" data-testid="member">
            <h2>
              {m.displayName} <span class="muted small">@{m.handle}</span> <Chip text={m.status} />{' '}
              <Chip tone="info" text={m.role} />
            </h2>
            {m.tagline !== null ? <p class="lead">{m.tagline}</p> : null}
            <p>
              <strong>Lens:</strong> {m.lens ?? '—'}
            </p>
            {m.mandate !== null ? <p class="text-body">{m.mandate}</p> : null}
            {m.biases.length > 0 ? (
              <p class="small">Declared biases: {m.biases.join(' · ')}</p>
            ) : null}
            <p class="small muted mono">
              id {m.id} · key {m.publicKey ?? 'none'} · mode {m.mode ?? '—'} · operator{' '}
              {m.operator ?? '—'}
            </p>
          </section>
        )}
      </Async>
      <section class="card">
        <h2>Takes</h2>
        <Async resource={takes} what="takes">
          {(data) => <MemberTakesTable takes={data.takes} path={`/swarm/members/${params.id}`} />}
        </Async>
      </section>
      <section class="card">
        <h2>Judgements</h2>
        <Async resource={judgements} what="judgements">
          {(data) => <JudgementList judgements={data.judgements} />}
        </Async>
      </section>
    </SwarmFrame>
  );
}

const TAKES_LIMIT = 1000;
const TAKES_PAGE = 50;

/** All of a member's takes, filtered by subject and paged 50 at a time; both kept in the URL. */
function MemberTakesTable({ takes, path }: { takes: MemberTake[]; path: string }) {
  const { query } = useLocation();
  const subjects = [...new Set(takes.map((t) => t.subjectId))].sort();
  const subject = subjects.find((s) => s === query.subject);
  const filtered = subject === undefined ? takes : takes.filter((t) => t.subjectId === subject);
  const pages = Math.max(1, Math.ceil(filtered.length / TAKES_PAGE));
  const page = Math.min(pages, Math.max(1, Number.parseInt(query.page ?? '1', 10) || 1));
  const link = (changes: { subject?: string | undefined; page?: number }) => {
    const params = new URLSearchParams();
    const nextSubject = 'subject' in changes ? changes.subject : subject;
    if (nextSubject !== undefined) params.set('subject', nextSubject);
    if ((changes.page ?? 1) > 1) params.set('page', String(changes.page));
    const text = params.toString();
    return text === '' ? path : `${path}?${text}`;
  };
  const first = (page - 1) * TAKES_PAGE;
  return (
    <>
      <nav class="subnav" aria-label="Subjects">
        <a href={link({ subject: undefined })} class={subject === undefined ? 'active' : ''}>
          all subjects
        </a>
        {subjects.map((s) => (
          <a key={s} href={link({ subject: s })} class={subject === s ? 'active' : ''}>
            {s}
          </a>
        ))}
      </nav>
      <p class="muted small" data-testid="member-takes-count">
        {filtered.length === 0
          ? 'No takes.'
          : `takes ${first + 1}–${Math.min(first + TAKES_PAGE, filtered.length)} of ${filtered.length}`}
        {takes.length >= TAKES_LIMIT ? ` (the newest ${TAKES_LIMIT} this page can read)` : ''}
      </p>
      <DataTable<MemberTake>
        testId="member-takes"
        rows={filtered.slice(first, first + TAKES_PAGE)}
        rowKey={(t) => t.id}
        empty="No takes filed yet."
        columns={[
          {
            label: 'Session',
            render: (t) => (
              <a href={`/swarm/sessions/${t.sessionId}`}>
                <When iso={t.date} as="day" /> · {t.subjectId}
              </a>
            ),
            sort: (t) => t.receivedAt,
          },
          { label: 'Stance', render: (t) => <StanceChip stance={t.stance} /> },
          {
            label: 'Confidence',
            numeric: true,
            render: (t) => pct(t.confidence, 0),
            sort: (t) => t.confidence,
          },
          {
            label: 'Revision',
            numeric: true,
            render: (t) => `${t.revision}${t.superseded ? ' (superseded)' : ''}`,
          },
          { label: 'Session state', render: (t) => t.sessionState },
          { label: 'Receipt', render: (t) => <a href={`/swarm/takes/${t.id}`}>verify</a> },
        ]}
      />
      <nav class="pager" aria-label="Take pages">
        {page > 1 ? (
          <a href={link({ page: page - 1 })}>← newer</a>
        ) : (
          <span class="muted">← newer</span>
        )}
        <span class="muted small">
          page {page} of {pages}
        </span>
        {page < pages ? (
          <a href={link({ page: page + 1 })}>older →</a>
        ) : (
          <span class="muted">older →</span>
        )}
      </nav>
    </>
  );
}
