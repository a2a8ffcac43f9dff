import type { AnyComponent } from 'preact';
import lazy from 'preact-iso/lazy';

// Route components take their own props (params), which the router passes in.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type PageComponent = AnyComponent<any>;

export interface SiteRoute {
  path: string;
  component: PageComponent;
}

// Every page is its own chunk: the first load fetches only the shell and the page it shows.
const treasury = lazy(() =>
  import('./pages/treasury/treasury-page.js').then((m) => m.TreasuryPage),
);
const regime = lazy(() => import('./pages/regime/regime-page.js').then((m) => m.RegimePage));
const research = lazy(() => import('./pages/regime/research-page.js').then((m) => m.ResearchPage));

const page = <T extends string>(load: () => Promise<Record<T, PageComponent>>, name: T) =>
  lazy(() => load().then((m) => m[name]));

const analytics = {
  overview: page(() => import('./pages/analytics/overview-page.js'), 'OverviewPage'),
  leaderboard: page(() => import('./pages/analytics/leaderboard-page.js'), 'LeaderboardPage'),
  agents: page(() => import('./pages/analytics/agents-page.js'), 'AgentsPage'),
  agent: page(() => import('./pages/analytics/agent-page.js'), 'AgentPage'),
  coins: page(() => import('./pages/analytics/coins.js'), 'CoinsPage'),
  coin: page(() => import('./pages/analytics/coins.js'), 'CoinPage'),
  vaults: page(() => import('./pages/analytics/vaults.js'), 'VaultsPage'),
  vault: page(() => import('./pages/analytics/vaults.js'), 'VaultPage'),
  wallets: page(() => import('./pages/analytics/wallets.js'), 'WalletsPage'),
  wallet: page(() => import('./pages/analytics/wallets.js'), 'WalletPage'),
  projects: page(() => import('./pages/analytics/projects.js'), 'ProjectsPage'),
  project: page(() => import('./pages/analytics/project-page.js'), 'ProjectPage'),
  activity: page(() => import('./pages/analytics/activity-page.js'), 'ActivityPage'),
  comments: page(() => import('./pages/analytics/comments-page.js'), 'CommentsPage'),
};

const swarm = {
  home: page(() => import('./pages/swarm/swarm-home.js'), 'SwarmHome'),
  session: page(() => import('./pages/swarm/session-page.js'), 'SessionPage'),
  sessionOfDay: page(() => import('./pages/swarm/session-page.js'), 'SessionOfDayPage'),
  subject: page(() => import('./pages/swarm/subject-page.js'), 'SubjectPage'),
  members: page(() => import('./pages/swarm/members.js'), 'MembersPage'),
  member: page(() => import('./pages/swarm/members.js'), 'MemberPage'),
  take: page(() => import('./pages/swarm/take-page.js'), 'TakePage'),
  trackRecord: page(() => import('./pages/swarm/leaderboard-page.js'), 'LeaderboardPage'),
  memo: page(() => import('./pages/swarm/take-page.js'), 'MemoPage'),
};
const join = page(() => import('./pages/join/join-page.js'), 'JoinPage');
const log = page(() => import('./pages/log/log-page.js'), 'LogPage');
const methodology = page(() => import('./pages/methodology-page.js'), 'MethodologyPage');

export const routes: SiteRoute[] = [
  { path: '/', component: treasury },
  { path: '/treasury', component: treasury },
  { path: '/regime', component: regime },
  { path: '/research/:key', component: research },
  { path: '/swarm', component: swarm.home },
  { path: '/swarm/sessions/:id', component: swarm.session },
  { path: '/swarm/members', component: swarm.members },
  { path: '/swarm/track-record', component: swarm.trackRecord },
  { path: '/swarm/members/:id', component: swarm.member },
  { path: '/swarm/takes/:id', component: swarm.take },
  { path: '/swarm/memos/:id', component: swarm.memo },
  { path: '/swarm/subjects/:id', component: swarm.subject },
  { path: '/swarm/log', component: log },
  { path: '/log', component: log },
  // After every fixed /swarm/<section>/:id route: the router takes the first match.
  { path: '/swarm/:date/:subject', component: swarm.sessionOfDay },
  { path: '/join', component: join },
  { path: '/methodology', component: methodology },
  { path: '/join/status/:id', component: join },
  { path: '/analytics', component: analytics.overview },
  { path: '/analytics/leaderboard', component: analytics.leaderboard },
  { path: '/analytics/agents', component: analytics.agents },
  { path: '/analytics/agents/:id', component: analytics.agent },
  { path: '/analytics/coins', component: analytics.coins },
  { path: '/analytics/coins/:id', component: analytics.coin },
  { path: '/analytics/vaults', component: analytics.vaults },
  { path: '/analytics/vaults/:id', component: analytics.vault },
  { path: '/analytics/wallets', component: analytics.wallets },
  { path: '/analytics/wallets/:id', component: analytics.wallet },
  { path: '/analytics/projects', component: analytics.projects },
  { path: '/analytics/projects/:slug', component: analytics.project },
  { path: '/analytics/activity', component: analytics.activity },
  { path: '/analytics/comments', component: analytics.comments },
];
