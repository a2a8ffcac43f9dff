import { SubjectName } from './subject-name.js';
import { When } from '../../components/when.js';
import { useLocation } from 'preact-iso/router';
import type {
  Judgement,
  MemberJudgements,
  MembersResponse,
  MemberTake,
  MemberTakes,
  SwarmMember,
} from '../../api/types/swarm.js';
import { Async } from '../../components/async-view.js';
import { Chip } from '../../components/badges.js';
import { DataTable } from '../../components/data-table.js';
import { count, dateTime, pct } from '../../lib/format.js';
import { useAllPages } from '../../lib/use-all-pages.js';
import { useResource } from '../../lib/use-resource.js';
import { JudgementList } from './session-page.js';
import { JUDGEMENTS_FETCH, JUDGEMENTS_PAGE, TAKES_FETCH, TAKES_PAGE } from './member-paging.js';
import { StanceChip, SwarmFrame } from './shared.js';
import { titleOf } from '../../lib/document-title.js';
import { MemberTrackRecordSection } from './member-track-record.js';

export function MembersPage() {
  const members = useResource<MembersResponse>('/api/swarm/members');
  return (
    <SwarmFrame
      title="Members"
      lead={
        <>
          Active members: peers with distinct lenses. Whether their calls came true is on each
          member's page and in the <a href="/swarm/track-record">track record</a>.
        </>
      }
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
                  primary: true,
                  render: (m) => (
                    <>
                      {/* The member's own words, as filed: not the site's text (no format applies). */}
                      <a href={`/swarm/members/${m.handle}`} class="text-body">
                        {m.displayName}
                      </a>{' '}
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
  const { query } = useLocation();
  const subject = query.subject === undefined || query.subject === '' ? undefined : query.subject;
  const member = useResource<SwarmMember>(`/api/swarm/members/${id}`);
  // Every take (on the chosen subject: the server filters), read through the server's cursor.
  const takes = useAllPages<MemberTakes, 'takes'>(
    `/api/swarm/members/${id}/takes${subject === undefined ? '' : `?subject=${encodeURIComponent(subject)}`}`,
    'takes',
    TAKES_FETCH,
    // Another subject keeps the reader's place: this member's takes stay until the new ones arrive.
    { view: id },
  );
  const judgements = useAllPages<MemberJudgements, 'judgements'>(
    `/api/swarm/members/${id}/judgements`,
    'judgements',
    JUDGEMENTS_FETCH,
  );
  return (
    <SwarmFrame title="Member" documentTitle={titleOf(member, 'Member', (m) => `@${m.handle}`)}>
      <Async resource={member} what="member">
        {(m) => (
          <section class="card" data-testid="member">
            <h2>
              <span class="text-body">{m.displayName}</span>{' '}
              <span class="muted small">@{m.handle}</span> <Chip text={m.status} />{' '}
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
      <MemberTrackRecordSection id={id} />
      <section class="card">
        <h2>Takes</h2>
        <Async resource={takes} what="takes">
          {(data) => (
            <MemberTakesTable
              takes={data.items}
              subjects={data.last.subjects}
              subject={subject}
              path={`/swarm/members/${params.id}`}
            />
          )}
        </Async>
      </section>
      <section class="card">
        <h2>Judgements</h2>
        <Async resource={judgements} what="judgements">
          {(data) => (
            <MemberJudgementsList judgements={data.items} path={`/swarm/members/${params.id}`} />
          )}
        </Async>
      </section>
    </SwarmFrame>
  );
}

/** `?<param>=` as a page number within 1..pages. */
function pageFrom(value: string | undefined, pages: number): number {
  return Math.min(pages, Math.max(1, Number.parseInt(value ?? '1', 10) || 1));
}

function Pager(props: {
  page: number;
  pages: number;
  label: string;
  testId: string;
  link: (page: number) => string;
}) {
  const { page, pages, link } = props;
  return (
    <nav class="pager" aria-label={props.label} data-testid={props.testId}>
      {page > 1 ? <a href={link(page - 1)}>← newer</a> : <span class="muted">← newer</span>}
      <span class="muted small">
        page {page} of {pages}
      </span>
      {page < pages ? <a href={link(page + 1)}>older →</a> : <span class="muted">older →</span>}
      {page < pages ? <a href={link(pages)}>oldest ⇥</a> : null}
    </nav>
  );
}

/** Every public judgement of the member, 20 a page, `?jpage=`. */
function MemberJudgementsList({ judgements, path }: { judgements: Judgement[]; path: string }) {
  const { query } = useLocation();
  const pages = Math.max(1, Math.ceil(judgements.length / JUDGEMENTS_PAGE));
  const page = pageFrom(query.jpage, pages);
  const first = (page - 1) * JUDGEMENTS_PAGE;
  const link = (to: number) => {
    const params = new URLSearchParams(query);
    if (to > 1) params.set('jpage', String(to));
    else params.delete('jpage');
    const text = params.toString();
    return text === '' ? path : `${path}?${text}`;
  };
  return (
    <>
      {judgements.length > 0 ? (
        <p class="muted small" data-testid="member-judgements-count">
          judgements {count(first + 1)}–
          {count(Math.min(first + JUDGEMENTS_PAGE, judgements.length))} of{' '}
          {count(judgements.length)}
        </p>
      ) : null}
      <div data-testid="member-judgements">
        <JudgementList judgements={judgements.slice(first, first + JUDGEMENTS_PAGE)} />
      </div>
      {pages > 1 ? (
        <Pager
          page={page}
          pages={pages}
          label="Judgement pages"
          testId="member-judgements-pager"
          link={link}
        />
      ) : null}
    </>
  );
}

/**
 * A member's takes (on `subject` when one is chosen, as the server filtered them), paged 50 at a
 * time; the subject and the page are kept in the URL.
 */
function MemberTakesTable(props: {
  takes: MemberTake[];
  subjects: string[];
  subject: string | undefined;
  path: string;
}) {
  const { takes: filtered, subjects, subject, path } = props;
  const { query } = useLocation();
  const pages = Math.max(1, Math.ceil(filtered.length / TAKES_PAGE));
  const page = pageFrom(query.page, pages);
  const link = (changes: { subject?: string | undefined; page?: number }) => {
    const params = new URLSearchParams();
    const nextSubject = 'subject' in changes ? changes.subject : subject;
    if (nextSubject !== undefined) params.set('subject', nextSubject);
    if ((changes.page ?? 1) > 1) params.set('page', String(changes.page));
    if (query.jpage !== undefined) params.set('jpage', query.jpage);
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
          <a
            key={s}
            href={link({ subject: s })}
            class={subject === s ? 'active' : ''}
            data-subject={s}
          >
            <SubjectName id={s} />
          </a>
        ))}
      </nav>
      <p class="muted small" data-testid="member-takes-count">
        {filtered.length === 0
          ? `No takes${subject === undefined ? '' : ' on this subject'}.`
          : `takes ${count(first + 1)}–${count(Math.min(first + TAKES_PAGE, filtered.length))} of ${count(filtered.length)}`}
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
                <When iso={t.date} as="day" /> · <SubjectName id={t.subjectId} />
              </a>
            ),
            sort: (t) => t.receivedAt,
          },
          { label: 'Stance', primary: true, render: (t) => <StanceChip stance={t.stance} /> },
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
      <Pager
        page={page}
        pages={pages}
        label="Take pages"
        testId="member-takes-pager"
        link={(to) => link({ page: to })}
      />
    </>
  );
}
