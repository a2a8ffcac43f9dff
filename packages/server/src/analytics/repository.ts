import { sql, type Kysely, type Selectable } from 'kysely';
import type { DB } from '../db/schema.js';
import type {
  AnalyticsActivityTable,
  AnalyticsAgentTable,
  AnalyticsCoinTable,
  AnalyticsCommentTable,
  AnalyticsProjectTable,
  AnalyticsVaultTable,
  AnalyticsWalletTable,
} from './tables.js';

export type AgentRow = Selectable<AnalyticsAgentTable>;
export type CoinRow = Selectable<AnalyticsCoinTable>;
export type VaultRow = Selectable<AnalyticsVaultTable>;
export type WalletRow = Selectable<AnalyticsWalletTable>;
export type ProjectRow = Selectable<AnalyticsProjectTable>;
export type ActivityRow = Selectable<AnalyticsActivityTable>;
export type CommentRow = Selectable<AnalyticsCommentTable>;

export interface WeekPoint {
  id: string;
  week: string;
  value: number | null;
}

export interface ProjectTotals {
  slug: string;
  revenue30d: number;
  revenuePrev30d: number;
  volume30d: number | null;
  transactions30d: number | null;
  activeUsers30d: number | null;
  tvlUsd: number | null;
}

/** SQL only: reads of the analytics dataset. */
export class AnalyticsRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /** One coin's daily prices from `from` to `to` (inclusive), ascending. */
  async coinPricesBetween(id: string, from: string, to: string) {
    return this.db
      .selectFrom('analytics_coin_daily')
      .select(['date', 'price_usd as value'])
      .where('coin_id', '=', id)
      .where('date', '>=', from)
      .where('date', '<=', to)
      .orderBy('date')
      .execute();
  }

  /** One vault's daily share prices (where known) from `from` to `to` (inclusive), ascending. */
  async vaultSharePricesBetween(id: string, from: string, to: string) {
    const rows = await this.db
      .selectFrom('analytics_vault_daily')
      .select(['date', 'share_price'])
      .where('vault_id', '=', id)
      .where('date', '>=', from)
      .where('date', '<=', to)
      .where('share_price', 'is not', null)
      .orderBy('date')
      .execute();
    return rows.map((row) => ({ date: row.date, value: row.share_price! }));
  }

  agents(): Promise<AgentRow[]> {
    return this.db.selectFrom('analytics_agent').selectAll().execute();
  }
  coins(): Promise<CoinRow[]> {
    return this.db.selectFrom('analytics_coin').selectAll().execute();
  }
  /** Every vault including the service's own (`is_own`), which callers must keep apart. */
  vaults(): Promise<VaultRow[]> {
    return this.db.selectFrom('analytics_vault').selectAll().execute();
  }
  wallets(): Promise<WalletRow[]> {
    return this.db.selectFrom('analytics_wallet').selectAll().execute();
  }
  projects(): Promise<ProjectRow[]> {
    return this.db.selectFrom('analytics_project').selectAll().execute();
  }

  /** Weekly (Monday-start) sums of a flow column since `from`. */
  async weeklySums(
    table: 'analytics_agent_daily',
    idColumn: 'agent_id',
    valueColumn: 'revenue_usd' | 'x402_volume_usd',
    from: string,
  ): Promise<WeekPoint[]> {
    const { rows } = await sql<WeekPoint>`select ${sql.ref(idColumn)}::text as id,
        to_char(date_trunc('week', date), 'YYYY-MM-DD') as week, sum(${sql.ref(valueColumn)}) as value
      from ${sql.table(table)} where date >= ${from}::date group by 1, 2`.execute(this.db);
    return rows;
  }

  /** The last observation of a stock column in each week since `from` (balances, TVL, market cap). */
  async weeklyLast(
    table:
      | 'analytics_agent_daily'
      | 'analytics_coin_daily'
      | 'analytics_vault_daily'
      | 'analytics_wallet_daily',
    idColumn: 'agent_id' | 'coin_id' | 'vault_id' | 'wallet_id',
    valueColumn: string,
    from: string,
  ): Promise<WeekPoint[]> {
    const { rows } =
      await sql<WeekPoint>`select distinct on (1, 2) ${sql.ref(idColumn)}::text as id,
        to_char(date_trunc('week', date), 'YYYY-MM-DD') as week, ${sql.ref(valueColumn)} as value
      from ${sql.table(table)}
      where date >= ${from}::date and ${sql.ref(valueColumn)} is not null
      order by 1, 2, date desc`.execute(this.db);
    return rows;
  }

  /** Daily vault TVL since `from` (for the overview's 7-day sparkline). */
  vaultDays(from: string): Promise<Array<{ vault_id: string; date: string; tvl_usd: number }>> {
    return this.db
      .selectFrom('analytics_vault_daily')
      .select(['vault_id', 'date', 'tvl_usd'])
      .where('date', '>=', from)
      .orderBy('date')
      .execute();
  }

  /** Agent wallet balances on the days since `from` (for the agents' 24-hour change). */
  agentBalanceDays(
    from: string,
  ): Promise<Array<{ agent_id: string; date: string; wallet_balance_usd: number | null }>> {
    return this.db
      .selectFrom('analytics_agent_daily')
      .select(['agent_id', 'date', 'wallet_balance_usd'])
      .where('date', '>=', from)
      .where('wallet_balance_usd', 'is not', null)
      .orderBy('date')
      .execute();
  }

  /** Per-project 30-day totals (and the 30 days before, for changes) ending on `today`. */
  async projectTotals(today: string): Promise<ProjectTotals[]> {
    const { rows } = await sql<ProjectTotals>`select project_slug as slug,
        coalesce(sum(revenue_usd) filter (where date > ${today}::date - 30), 0) as "revenue30d",
        coalesce(sum(revenue_usd) filter (where date <= ${today}::date - 30), 0) as "revenuePrev30d",
        sum(volume_usd) filter (where date > ${today}::date - 30) as "volume30d",
        sum(transactions) filter (where date > ${today}::date - 30) as "transactions30d",
        max(active_users) filter (where date > ${today}::date - 30) as "activeUsers30d",
        (array_agg(tvl_usd order by date desc) filter (where tvl_usd is not null))[1] as "tvlUsd"
      from analytics_project_daily
      where date > ${today}::date - 60 and date <= ${today}::date
      group by project_slug`.execute(this.db);
    return rows;
  }

  agentDays(agentId: string, from: string) {
    return this.db
      .selectFrom('analytics_agent_daily')
      .select(['date', 'revenue_usd', 'x402_volume_usd', 'x402_transactions', 'wallet_balance_usd'])
      .where('agent_id', '=', agentId)
      .where('date', '>=', from)
      .orderBy('date')
      .execute();
  }
  coinDays(coinId: string, from: string) {
    return this.db
      .selectFrom('analytics_coin_daily')
      .select(['date', 'price_usd', 'market_cap_usd', 'volume_usd'])
      .where('coin_id', '=', coinId)
      .where('date', '>=', from)
      .orderBy('date')
      .execute();
  }
  vaultHistory(vaultId: string, from: string) {
    return this.db
      .selectFrom('analytics_vault_daily')
      .select(['date', 'tvl_usd', 'apy_pct', 'share_price'])
      .where('vault_id', '=', vaultId)
      .where('date', '>=', from)
      .orderBy('date')
      .execute();
  }
  walletDays(walletId: string, from: string) {
    return this.db
      .selectFrom('analytics_wallet_daily')
      .select(['date', 'balance_usd', 'inflow_usd', 'outflow_usd'])
      .where('wallet_id', '=', walletId)
      .where('date', '>=', from)
      .orderBy('date')
      .execute();
  }
  projectDays(slug: string, from: string) {
    return this.db
      .selectFrom('analytics_project_daily')
      .select(['date', 'revenue_usd', 'volume_usd', 'transactions', 'active_users', 'tvl_usd'])
      .where('project_slug', '=', slug)
      .where('date', '>=', from)
      .orderBy('date')
      .execute();
  }

  /** Newest first; optionally only one project's entries. */
  activity(limit: number, projectSlug?: string): Promise<ActivityRow[]> {
    let query = this.db.selectFrom('analytics_activity').selectAll();
    if (projectSlug !== undefined) query = query.where('project_slug', '=', projectSlug);
    return query.orderBy('occurred_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
  }

  /** One page of comments, newest first, plus the total count. */
  async comments(offset: number, limit: number): Promise<{ rows: CommentRow[]; total: number }> {
    const rows = await this.db
      .selectFrom('analytics_comment')
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .offset(offset)
      .limit(limit)
      .execute();
    const count = await this.db
      .selectFrom('analytics_comment')
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow();
    return { rows, total: Number(count.total) };
  }
}
