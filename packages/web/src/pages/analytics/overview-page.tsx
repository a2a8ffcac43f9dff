import { When } from '../../components/when.js';
import type { EntitiesResponse, EntityRow, MarketOverview } from '../../api/types/analytics.js';
import { Async } from '../../components/async-view.js';
import { Stat } from '../../components/badges.js';
import { DataTable } from '../../components/data-table.js';
import { Sparkline } from '../../components/sparkline.js';
import { count, usd, usdShort } from '../../lib/format.js';
import { useResource } from '../../lib/use-resource.js';
import { AnalyticsFrame, Change, Pager, SearchBox, StaleMark, useListQuery } from './shared.js';
import { Term } from '../../components/term.js';
import { Measured, type MeasureUnit } from '../../components/measured.js';

const TYPES = ['agent', 'coin', 'vault', 'wallet'] as const;
const DETAIL_PATH = { agent: 'agents', coin: 'coins', vault: 'vaults', wallet: 'wallets' } as const;

/** What each type's leaders are ranked by. */
const LEADER_MEASURE = {
  agent: (
    <>
      by <Term id="signal-score">signal score</Term>
    </>
  ),
  coin: 'by market cap',
  vault: 'by TVL',
  wallet: 'by balance',
} as const;

/** The unit of each type's context figure (the API names it in `contextLabel`). */
const CONTEXT_UNIT = {
  agent: 'of-100',
  coin: 'usd',
  vault: 'percent',
  wallet: 'count',
} as const satisfies Record<(typeof TYPES)[number], MeasureUnit>;

/** An entity's context figure in its unit: "x402 score: 72 / 100", "APY: 7.61 %". */
function EntityContext({ row }: { row: EntityRow }) {
  return (
    <>
      {row.contextLabel}: <Measured value={row.contextValue} unit={CONTEXT_UNIT[row.type]} />
    </>
  );
}

export function OverviewPage() {
  const overview = useResource<MarketOverview>('/api/dashboards/overview');
  // No default sort: the server groups by type (agents, coins, vaults, wallets), then balance.
  const list = useListQuery('/analytics', '');
  const type = TYPES.find((t) => t === list.query.type);
  const entities = useResource<EntitiesResponse>(
    `/api/dashboards/entities?${list.apiQuery}${type ? `&type=${type}` : ''}`,
  );
  return (
    <AnalyticsFrame title="Market overview">
      <Async resource={overview} what="overview">
        {(o) => (
          <section class="card" data-testid="overview">
            <p class="meta small muted" data-testid="as-of">
              data as of <When iso={o.refreshedAt} /> (<When iso={o.refreshedAt} as="ago" />){' '}
              <StaleMark stale={o.stale} refreshedAt={o.refreshedAt} />
            </p>
            <div class="stats">
              <Stat
                label="Agents"
                value={count(o.counts.agents)}
                hint={`${count(o.counts.activeAgents)} active in 7 days`}
              />
              <Stat label="Coins" value={count(o.counts.coins)} />
              <Stat label="Third-party vaults" value={count(o.counts.vaults)} />
              <Stat label="Wallets" value={count(o.counts.wallets)} />
              <Stat label="Projects" value={count(o.counts.projects)} />
              <Stat
                label="Third-party vault TVL"
                value={usd(o.vaultTvlUsd)}
                hint="not the service's own vault"
              />
              <Stat label="Wallet balances" value={usd(o.totals.walletBalanceUsd)} />
              <Stat label="Agent revenue 30d" value={usd(o.totals.agentRevenue30dUsd)} />
              <Stat label="x402 volume 30d" value={usd(o.totals.x402Volume30dUsd)} />
              <Stat label="Coin market cap" value={usd(o.totals.coinMarketCapUsd)} />
              <Stat
                label={
                  <>
                    Avg <Term id="productivity">productivity</Term>
                  </>
                }
                value={<Measured value={o.avgProductivityScore} unit="of-100" />}
              />
            </div>
            <div class="row-between small muted">
              Vault TVL, last 7 days
              <Sparkline
                values={o.vaultTvlSparkline7d.map((p) => p.tvlUsd)}
                width={200}
                height={32}
                color="var(--green)"
                label="vault TVL 7 days"
              />
            </div>
            <div class="grid-3">
              {TYPES.map((t) => (
                <div class="subcard" key={t}>
                  <h3>
                    Top {t}s <span class="muted small">{LEADER_MEASURE[t]}</span>
                  </h3>
                  <ol class="leaders">
                    {o.leaders[`${t}s` as const].map((leader) => (
                      <li key={leader.id}>
                        <a href={`/analytics/${DETAIL_PATH[t]}/${leader.id}`}>{leader.name}</a>{' '}
                        <span class="muted small">
                          <Measured value={leader.value} unit={t === 'agent' ? 'points' : 'usd'} />
                        </span>
                      </li>
                    ))}
                  </ol>
                </div>
              ))}
            </div>
          </section>
        )}
      </Async>
      <section class="card">
        <h2>Every tracked entity</h2>
        <nav class="range-picker" aria-label="Entity type">
          <a href="/analytics" class={type === undefined ? 'active' : ''}>
            all
          </a>
          {TYPES.map((t) => (
            <a key={t} href={`/analytics?type=${t}`} class={type === t ? 'active' : ''}>
              {t}s
            </a>
          ))}
        </nav>
        <Async resource={entities} what="entities">
          {(data) => (
            <>
              <SearchBox list={list} what="entities" />
              <DataTable<EntityRow>
                testId="entities"
                server={list}
                rows={data.entities}
                rowKey={(r) => r.id}
                columns={[
                  { label: 'Type', render: (r) => r.type },
                  {
                    label: 'Name',
                    sortKey: 'name',
                    render: (r) => (
                      <>
                        <a href={`/analytics/${DETAIL_PATH[r.type]}/${r.id}`}>{r.name}</a>{' '}
                        {r.pending ? <span class="muted small">pending</span> : null}{' '}
                        <StaleMark stale={r.stale} refreshedAt={r.refreshedAt} />
                      </>
                    ),
                  },
                  { label: 'Context', render: (r) => <EntityContext row={r} /> },
                  {
                    label: 'Revenue / volume',
                    numeric: true,
                    render: (r) => usdShort(r.revenueOrVolumeUsd),
                    sortKey: 'revenue',
                  },
                  {
                    label: 'Balance / TVL',
                    primary: true,
                    numeric: true,
                    render: (r) => usdShort(r.balanceOrTvlUsd),
                    sortKey: 'balance',
                  },
                  {
                    label: '24h',
                    numeric: true,
                    render: (r) => <Change value={r.change24hPct} />,
                    sortKey: 'change24h',
                  },
                  {
                    label: '26 weeks',
                    render: (r) => <Sparkline values={r.sparkline} label={`${r.name} 26 weeks`} />,
                  },
                ]}
              />
              <Pager total={data.total} page={list.page} path="/analytics" query={list.query} />
            </>
          )}
        </Async>
      </section>
    </AnalyticsFrame>
  );
}
