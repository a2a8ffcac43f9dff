import type { Clock } from '../clock.js';
import type { DataVersions } from '../db/data-versions.js';
import { ANALYTICS_DATASET } from './dataset.js';
import { utcDate } from '@convene/protocol';
import { addDays, BODY_TTL_MS } from './freshness.js';
import type { AnalyticsRepository } from './repository.js';
import type { AgentsQuery } from './schemas/agents.js';
import type { CoinsQuery, VaultsQuery, WalletsQuery } from './schemas/assets.js';
import { COMMENTS_PAGE_SIZE, type CommentsResponse } from './schemas/feeds.js';
import type { EntitiesQuery, LeaderboardQuery } from './schemas/market.js';
import type { ProjectsQuery } from './schemas/projects.js';
import { loadSnapshot, type AnalyticsSnapshot } from './snapshot.js';
import { agentHistoryStart, buildAgentDetail, buildDirectory } from './views/agents.js';
import {
  buildCoinProfile,
  buildCoins,
  buildVaultProfile,
  buildVaults,
  buildWalletProfile,
  buildWallets,
} from './views/assets.js';
import { buildLeaderboard } from './views/leaderboard.js';
import { buildEntities, buildOverview } from './views/market.js';
import { activityEntry, buildProjectDetail, buildProjects } from './views/projects.js';
import { iso } from './views/shared.js';
import { fail } from '../errors.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const SLUG = /^[a-z0-9][a-z0-9-]{0,99}$/;

export type CachedList =
  'overview' | 'entities' | 'leaderboard' | 'agents' | 'coins' | 'vaults' | 'wallets' | 'projects';

/** The read rules of the analytics dataset; every "now" comes from the injected clock. */
export class AnalyticsService {
  private snapshotEntry: { key: string; snapshot: Promise<AnalyticsSnapshot> } | undefined;

  private readonly repository: AnalyticsRepository;
  private readonly versions: DataVersions;
  private readonly clock: Clock;

  constructor(uses: { repository: AnalyticsRepository; versions: DataVersions; clock: Clock }) {
    this.repository = uses.repository;
    this.versions = uses.versions;
    this.clock = uses.clock;
  }

  /** The in-memory dataset for the current data version and UTC day, loaded once and shared. */
  async snapshot(): Promise<AnalyticsSnapshot> {
    const today = utcDate(this.clock.now());
    const key = `${this.versions.current(ANALYTICS_DATASET)}:${today}`;
    if (this.snapshotEntry?.key !== key) {
      const snapshot = loadSnapshot(this.repository, today);
      this.snapshotEntry = { key, snapshot };
      snapshot.catch(() => {
        if (this.snapshotEntry?.snapshot === snapshot) this.snapshotEntry = undefined;
      });
    }
    return this.snapshotEntry.snapshot;
  }

  /** Moves with the dataset and with each TTL window (the lists say how fresh each entry is). */
  listVersion(): number {
    return (
      this.versions.current(ANALYTICS_DATASET) * 1e9 +
      (Math.floor(this.clock.now().getTime() / BODY_TTL_MS) % 1e9)
    );
  }

  async list(name: CachedList, query: Record<string, unknown>): Promise<unknown> {
    switch (name) {
      case 'overview':
        return this.overview();
      case 'entities':
        return this.entities(query);
      case 'leaderboard':
        return this.leaderboard(query);
      case 'agents':
        return this.agents(query);
      case 'coins':
        return this.coins(query);
      case 'vaults':
        return this.vaults(query);
      case 'wallets':
        return this.wallets(query);
      case 'projects':
        return this.projects(query);
    }
  }

  async overview() {
    return buildOverview(await this.snapshot(), this.clock.now());
  }
  async entities(query: EntitiesQuery) {
    return buildEntities(await this.snapshot(), this.clock.now(), query);
  }
  async leaderboard(query: LeaderboardQuery) {
    return buildLeaderboard(await this.snapshot(), this.clock.now(), query);
  }
  async agents(query: AgentsQuery) {
    return buildDirectory(await this.snapshot(), this.clock.now(), query);
  }
  async coins(query: CoinsQuery) {
    return buildCoins(await this.snapshot(), this.clock.now(), query);
  }
  async vaults(query: VaultsQuery) {
    return buildVaults(await this.snapshot(), this.clock.now(), query);
  }
  async wallets(query: WalletsQuery) {
    return buildWallets(await this.snapshot(), this.clock.now(), query);
  }
  async projects(query: ProjectsQuery) {
    return buildProjects(await this.snapshot(), this.clock.now(), query);
  }

  async agent(id: string) {
    const snapshot = await this.snapshot();
    const agent = UUID.test(id) ? snapshot.agentById.get(id.toLowerCase()) : undefined;
    if (agent === undefined) throw fail('agentNotFound');
    const days = await this.repository.agentDays(agent.id, agentHistoryStart(snapshot));
    return buildAgentDetail(snapshot, agent, days, this.clock.now());
  }

  async coin(id: string) {
    const snapshot = await this.snapshot();
    const coin = UUID.test(id) ? snapshot.coinById.get(id.toLowerCase()) : undefined;
    if (coin === undefined) throw fail('coinNotFound');
    const history = await this.repository.coinDays(coin.id, addDays(snapshot.today, -364));
    return buildCoinProfile(snapshot, coin, history, this.clock.now());
  }

  /** The service's own vault is not in the snapshot's vaults, so it is a 404 here like any unknown id. */
  async vault(id: string) {
    const snapshot = await this.snapshot();
    const vault = UUID.test(id) ? snapshot.vaultById.get(id.toLowerCase()) : undefined;
    if (vault === undefined) throw fail('vaultNotFound');
    const history = await this.repository.vaultHistory(vault.id, addDays(snapshot.today, -364));
    return buildVaultProfile(snapshot, vault, history, this.clock.now());
  }

  async wallet(id: string) {
    const snapshot = await this.snapshot();
    const wallet = UUID.test(id) ? snapshot.walletById.get(id.toLowerCase()) : undefined;
    if (wallet === undefined) throw fail('walletNotFound');
    const history = await this.repository.walletDays(wallet.id, addDays(snapshot.today, -181));
    return buildWalletProfile(snapshot, wallet, history, this.clock.now());
  }

  async project(slug: string) {
    const snapshot = await this.snapshot();
    const project = SLUG.test(slug) ? snapshot.projectBySlug.get(slug) : undefined;
    if (project === undefined) throw fail('projectNotFound');
    const days = await this.repository.projectDays(project.slug, addDays(snapshot.today, -89));
    const activity = await this.repository.activity(20, project.slug);
    return buildProjectDetail(snapshot, project, days, activity, this.clock.now());
  }

  async activity(limit = 100) {
    // The schema validator lets "Infinity" through as an integer; it must not reach the SQL limit.
    if (!Number.isSafeInteger(limit) || limit < 1 || limit > 500) throw fail('invalidPageLimit');
    const snapshot = await this.snapshot();
    const rows = await this.repository.activity(limit);
    return { entries: rows.map((row) => activityEntry(snapshot, row)) };
  }

  /** `page` is the spec's string page number: digits only, from 1. */
  async comments(page: string | undefined): Promise<CommentsResponse> {
    const number =
      page === undefined || page === '' ? 1 : /^\d{1,9}$/.test(page) ? Number(page) : Number.NaN;
    if (!Number.isSafeInteger(number) || number < 1) {
      throw fail('invalidPage');
    }
    const { rows, total } = await this.repository.comments(
      (number - 1) * COMMENTS_PAGE_SIZE,
      COMMENTS_PAGE_SIZE,
    );
    return {
      page: number,
      pageSize: COMMENTS_PAGE_SIZE,
      total,
      hasMore: number * COMMENTS_PAGE_SIZE < total,
      comments: rows.map((row) => ({
        id: row.id,
        createdAt: iso(row.created_at),
        author: row.author,
        body: row.body,
        targetType: row.target_type,
        targetId: row.target_id,
      })),
    };
  }
}
