import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type, type TSchema } from 'typebox';
import { adminImportRoutes } from './admin-routes.js';
import { AgentDetail, AgentsDirectoryResponse, AgentsQuery } from './schemas/agents.js';
import {
  CoinProfile,
  CoinsListResponse,
  CoinsQuery,
  VaultProfile,
  VaultsListResponse,
  VaultsQuery,
  WalletProfile,
  WalletsListResponse,
  WalletsQuery,
} from './schemas/assets.js';
import { RequestErrorSchema } from '../error-schemas.js';
import { IdParams } from './schemas/common.js';
import {
  ActivityLogResponse,
  ActivityQuery,
  CommentsQuery,
  CommentsResponse,
} from './schemas/feeds.js';
import {
  EntitiesQuery,
  EntitiesResponse,
  LeaderboardQuery,
  LeaderboardResponse,
  MarketOverview,
} from './schemas/market.js';
import { ProjectDetailResponse, ProjectsQuery, ProjectsResponse } from './schemas/projects.js';
import type { AnalyticsImporter } from './import/importer.js';
import type { AnalyticsService, CachedList } from './service.js';

const TAGS = ['analytics'];
const NOTE =
  'Third-party analytics dataset (what the service observes about others; never its own holdings). ';

/** Every analytics read route, plus the admin import route. */
export const analyticsRoutes: FastifyPluginAsyncTypebox<{
  analytics: AnalyticsService;
  importer: AnalyticsImporter;
  adminToken: string | undefined;
}> = async (app, { analytics: service, importer, adminToken }) => {
  /** A list route: the default body is cached per data version; query parameters build it fresh. */
  const list = (
    path: string,
    name: CachedList,
    summary: string,
    querystring: TSchema,
    response: TSchema,
  ) => {
    app.get(
      path,
      {
        schema: {
          tags: TAGS,
          summary,
          description: NOTE,
          querystring,
          response: { 200: response },
        },
      },
      async (request: FastifyRequest, reply: FastifyReply) => {
        const query = request.query as Record<string, unknown>;
        if (Object.keys(query).length > 0) return service.list(name, query);
        return app.edge.answer(request, reply, 'analytics', {
          key: name,
          version: service.listVersion(),
          build: () => service.list(name, {}),
        });
      },
    );
  };
  list(
    '/api/dashboards/overview',
    'overview',
    'Market overview: counts, leaders, totals',
    Type.Object({}),
    MarketOverview,
  );
  list(
    '/api/dashboards/entities',
    'entities',
    'One row per tracked agent, coin, vault and wallet',
    EntitiesQuery,
    EntitiesResponse,
  );
  list(
    '/api/dashboards/leaderboard',
    'leaderboard',
    'Agents ranked by signal score, with evidence',
    LeaderboardQuery,
    LeaderboardResponse,
  );
  list(
    '/api/dashboards/agents',
    'agents',
    'Agents directory',
    AgentsQuery,
    AgentsDirectoryResponse,
  );
  list('/api/dashboards/coins', 'coins', 'Tracked coins', CoinsQuery, CoinsListResponse);
  list(
    '/api/dashboards/vaults',
    'vaults',
    'Tracked third-party vaults (never the service’s own)',
    VaultsQuery,
    VaultsListResponse,
  );
  list('/api/dashboards/wallets', 'wallets', 'Tracked wallets', WalletsQuery, WalletsListResponse);
  list('/api/projects', 'projects', 'Projects', ProjectsQuery, ProjectsResponse);

  const detail = (
    path: string,
    summary: string,
    response: TSchema,
    load: (id: string) => Promise<unknown>,
  ) => {
    app.get(
      path,
      {
        schema: {
          tags: TAGS,
          summary,
          description: `${NOTE}404 { error } when the id is unknown or not a UUID.`,
          params: IdParams,
          response: { 200: response, 404: RequestErrorSchema },
        },
      },
      async (request: FastifyRequest) => load((request.params as { id: string }).id),
    );
  };
  detail('/api/dashboards/agents/:id', 'Agent dossier', AgentDetail, (id) => service.agent(id));
  detail('/api/dashboards/coins/:id', 'Coin profile', CoinProfile, (id) => service.coin(id));
  detail(
    '/api/dashboards/vaults/:id',
    'Vault profile (third-party vaults only)',
    VaultProfile,
    (id) => service.vault(id),
  );
  detail('/api/dashboards/wallets/:id', 'Wallet profile', WalletProfile, (id) =>
    service.wallet(id),
  );

  app.get(
    '/api/projects/:slug',
    {
      schema: {
        tags: TAGS,
        summary:
          'Project dossier: hero, KPIs, facet tables, 90-day daily history, ratios, activity',
        params: Type.Object({ slug: Type.String() }),
        response: { 200: ProjectDetailResponse, 404: RequestErrorSchema },
      },
    },
    async (request) => service.project(request.params.slug),
  );

  app.get(
    '/api/dashboards/activity',
    {
      schema: {
        tags: TAGS,
        summary: 'Agent activity log, newest first (empty while no writer runs)',
        querystring: ActivityQuery,
        response: { 200: ActivityLogResponse },
      },
    },
    async (request) => service.activity(request.query.limit),
  );

  app.get(
    '/api/comments',
    {
      schema: {
        tags: TAGS,
        summary: 'Comments, newest first, 50 per page; text is untrusted input returned as stored',
        querystring: CommentsQuery,
        response: { 200: CommentsResponse, 400: RequestErrorSchema },
      },
    },
    async (request) => service.comments(request.query.page),
  );

  await app.register(adminImportRoutes, { importer, adminToken });
};
