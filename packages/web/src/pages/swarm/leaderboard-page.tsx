import { useLocation } from 'preact-iso/router';
import type { LeaderboardRow, TrackRecordBoard } from '../../api/types/track-record.js';
import { Async } from '../../components/async-view.js';
import { Chip } from '../../components/badges.js';
import { DataTable } from '../../components/data-table.js';
import { count, countOf, num, pct, pctChange } from '../../lib/format.js';
import { useResource } from '../../lib/use-resource.js';
import { SwarmFrame } from './shared.js';
import { METHODOLOGY_LINK, SwarmExcessChart, SwarmStats } from './track-record-parts.js';

const PAGE = 50;
/** The server's sorts; each column header links to one. */
const ASCENDING = new Set(['rank', 'brier']);

/** `/swarm/track-record`: the swarm's record against the reference and the members' leaderboard. */
export function LeaderboardPage() {
  const { query } = useLocation();
  const params = new URLSearchParams();
  for (const key of ['horizon', 'sort', 'cursor'] as const)
    if (query[key] !== undefined && query[key] !== '') params.set(key, query[key]);
  params.set('limit', String(PAGE));
  const board = useResource<TrackRecordBoard>(`/api/swarm/track-record?${params.toString()}`);
  return (
    <SwarmFrame
      title="Track record"
      lead="Was anyone right? Every published session's outcome, scored against what each member and the swarm said before it was known."
    >
      <Async resource={board} what="track record">
        {(data) => <LeaderboardBoard data={data} />}
      </Async>
    </SwarmFrame>
  );
}

/** The swarm's record and the members' table of one leaderboard answer. */
export function LeaderboardBoard({ data }: { data: TrackRecordBoard }) {
  const link = (changes: Record<string, string>) => {
    const next = new URLSearchParams({ horizon: String(data.horizonDays), sort: data.sort });
    for (const [k, v] of Object.entries(changes)) next.set(k, v);
    return `/swarm/track-record?${next.toString()}`;
  };
  return (
    <>
      <section class="card" data-testid="swarm-record">
        <h2>The swarm against the reference</h2>
        <p class="small" data-testid="horizons">
          Horizon:{' '}
          {data.horizons.map((h, i) => (
            <span key={h}>
              {i > 0 ? ' · ' : ''}
              {h === data.horizonDays ? (
                <strong aria-current="page">{h} days</strong>
              ) : (
                <a href={link({ horizon: String(h) })}>{h} days</a>
              )}
            </span>
          ))}
        </p>
        <SwarmStats swarm={data.swarm} />
        <SwarmExcessChart sessions={data.sessions} horizon={data.horizonDays} />
      </section>
      <section class="card" data-testid="leaderboard">
        <h2>Members</h2>
        <p class="small" data-testid="small-sample-caveat">
          Read these with care. A rank needs at least {data.minScoredTakes} scored takes; below that
          a member shows “not enough history”. Even above it, a handful of sessions can be luck: a
          member who always says 50/50 scores a Brier of 0.25, and with ten takes a coin-flipper can
          land well above or below that. Absences count as 50/50 in the rank, so skipping hard
          sessions does not help; a member who copies the others scores like them but contributes
          nothing (the stance contribution column). <a href={METHODOLOGY_LINK}>How it is scored</a>.
        </p>
        <p class="small" data-testid="participation-caveat">
          Why a member who is often absent can rank high: the ranking Brier scores every absence
          0.25, so it is the mean over the sessions on the member’s roster, filed or not. Absence
          never beats an honest 50/50, but it pulls a record towards 0.25 whether that record is
          good or poor; participation (scored takes of the sessions on the roster) is shown beside
          it.
        </p>
        <DataTable<LeaderboardRow>
          testId="leaderboard-table"
          cards
          rows={data.leaderboard}
          rowKey={(m) => m.memberId}
          empty="No scored session yet: outcomes are published once a session's horizon has passed."
          server={{
            sort: data.sort,
            order: ASCENDING.has(data.sort) ? 'asc' : 'desc',
            sortLink: (key) => link({ sort: key }),
          }}
          columns={[
            {
              label: 'Rank',
              sortKey: 'rank',
              render: (m) =>
                m.rank === null ? <Chip text="not enough history" /> : <strong>#{m.rank}</strong>,
            },
            {
              label: 'Member',
              render: (m) => <a href={`/swarm/members/${m.memberId}`}>@{m.handle ?? m.memberId}</a>,
            },
            {
              label: 'Scored takes',
              sortKey: 'takes',
              numeric: true,
              render: (m) => count(m.scoredTakes),
            },
            {
              label: 'Participation',
              numeric: true,
              hideOnPhone: true,
              render: (m) =>
                `${pct(m.participation, 0)} of ${countOf(m.rosterSessions, 'session')}`,
            },
            {
              label: 'Ranking Brier',
              term: 'brier-score',
              primary: true,
              numeric: true,
              render: (m) => num(m.rankingBrier, 3),
            },
            {
              label: 'Mean Brier',
              term: 'brier-score',
              sortKey: 'brier',
              numeric: true,
              hideOnPhone: true,
              render: (m) => num(m.meanBrier, 3),
            },
            {
              label: 'Mean log score',
              term: 'log-score',
              sortKey: 'log',
              numeric: true,
              hideOnPhone: true,
              render: (m) => num(m.meanLog, 3),
            },
            {
              label: 'Mean excess over reference',
              sortKey: 'excess',
              numeric: true,
              render: (m) => pctChange(m.meanExcessVsReference, 2),
            },
            {
              label: 'Stance contribution',
              term: 'contribution',
              sortKey: 'stanceContribution',
              numeric: true,
              render: (m) => num(m.meanStanceContribution, 4),
            },
            {
              label: 'Weights contribution',
              sortKey: 'weightContribution',
              numeric: true,
              hideOnPhone: true,
              render: (m) => pctChange(m.meanWeightContribution, 3),
            },
          ]}
        />
        {data.nextCursor !== null ? (
          <p class="small">
            <a href={link({ cursor: data.nextCursor })}>next {PAGE} members →</a>
          </p>
        ) : null}
      </section>
    </>
  );
}
