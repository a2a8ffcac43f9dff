// Shapes of the analytics routes, derived from the generated OpenAPI types
// (server schemas: packages/server/src/analytics/schemas/*.ts).
import type { JsonOf } from './openapi.js';

export type MarketOverview = JsonOf<'/api/dashboards/overview'>;
export type Ref = MarketOverview['leaders']['agents'][number];

export type EntitiesResponse = JsonOf<'/api/dashboards/entities'>;
export type EntityRow = EntitiesResponse['entities'][number];
export type EntityType = EntityRow['type'];

export type LeaderboardResponse = JsonOf<'/api/dashboards/leaderboard'>;
export type LeaderboardRow = LeaderboardResponse['agents'][number];
export type Evidence = LeaderboardRow['evidence'];
export type EvidenceLeg = keyof Evidence;
export type LegStatus = LeaderboardRow['evidenceStatus'];

export type AgentsResponse = JsonOf<'/api/dashboards/agents'>;
export type AgentRow = AgentsResponse['agents'][number];
export type AgentDetail = JsonOf<'/api/dashboards/agents/{id}'>;

export type CoinsResponse = JsonOf<'/api/dashboards/coins'>;
export type CoinRow = CoinsResponse['coins'][number];
export type CoinProfile = JsonOf<'/api/dashboards/coins/{id}'>;

export type VaultsResponse = JsonOf<'/api/dashboards/vaults'>;
export type VaultRow = VaultsResponse['vaults'][number];
export type VaultProfile = JsonOf<'/api/dashboards/vaults/{id}'>;

export type WalletsResponse = JsonOf<'/api/dashboards/wallets'>;
export type WalletRow = WalletsResponse['wallets'][number];
export type WalletProfile = JsonOf<'/api/dashboards/wallets/{id}'>;

export type ActivityResponse = JsonOf<'/api/dashboards/activity'>;
export type ActivityEntry = ActivityResponse['entries'][number];

export type ProjectsResponse = JsonOf<'/api/projects'>;
export type ProjectRow = ProjectsResponse['projects'][number];
export type ProjectDetail = JsonOf<'/api/projects/{slug}'>;

export type CommentsResponse = JsonOf<'/api/comments'>;
export type Comment = CommentsResponse['comments'][number];
