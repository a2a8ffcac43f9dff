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
  const takes = useResource<MemberTakes>(`/api/swarm/members/${id}/takes?limit=100`);
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
          {(data) => (
            <DataTable<MemberTake>
              testId="member-takes"
              rows={data.takes}
              rowKey={(t) => t.id}
              empty="No takes filed yet."
              columns={[
                {
                  label: 'Session',
                  render: (t) => (
                    <a href={`/swarm/sessions/${t.sessionId}`}>{`${t.date} · ${t.subjectId}`}</a>
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
          )}
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
