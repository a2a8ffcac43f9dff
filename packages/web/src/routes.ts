import type { AnyComponent } from 'preact';
import lazy from 'preact-iso/lazy';
import { SITE_PATHS, SITE_REDIRECTS, type SitePath } from '@convene/protocol';
import { useLocation } from 'preact-iso/router';
import { useEffect } from 'preact/hooks';

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
  memo: page(() => import('./pages/swarm/take-page.js'), 'MemoPage'),
  trackRecord: page(() => import('./pages/swarm/leaderboard-page.js'), 'LeaderboardPage'),
};
const join = page(() => import('./pages/join/join-page.js'), 'JoinPage');
const log = page(() => import('./pages/log/log-page.js'), 'LogPage');
const methodology = page(() => import('./pages/methodology-page.js'), 'MethodologyPage');

const pages: Record<SitePath, PageComponent> = {
  '/': treasury,
  '/treasury': treasury,
  '/regime': regime,
  '/research/:key': research,
  '/swarm': swarm.home,
  '/swarm/sessions/:id': swarm.session,
  '/swarm/members': swarm.members,
  '/swarm/track-record': swarm.trackRecord,
  '/swarm/members/:id': swarm.member,
  '/swarm/takes/:id': swarm.take,
  '/swarm/memos/:id': swarm.memo,
  '/swarm/subjects/:id': swarm.subject,
  '/log': log,
  '/swarm/:date/:subject': swarm.sessionOfDay,
  '/join': join,
  '/methodology': methodology,
  '/join/status/:id': join,
  '/analytics': analytics.overview,
  '/analytics/leaderboard': analytics.leaderboard,
  '/analytics/agents': analytics.agents,
  '/analytics/agents/:id': analytics.agent,
  '/analytics/coins': analytics.coins,
  '/analytics/coins/:id': analytics.coin,
  '/analytics/vaults': analytics.vaults,
  '/analytics/vaults/:id': analytics.vault,
  '/analytics/wallets': analytics.wallets,
  '/analytics/wallets/:id': analytics.wallet,
  '/analytics/projects': analytics.projects,
  '/analytics/projects/:slug': analytics.project,
  '/analytics/activity': analytics.activity,
  '/analytics/comments': analytics.comments,
};

/** A former address, followed inside the site as the server follows it: replaced, not stacked. */
function redirectTo(to: string): PageComponent {
  return function Redirect() {
    const { route, url } = useLocation();
    const query = url.includes('?') ? url.slice(url.indexOf('?')) : '';
    useEffect(() => route(`${to}${query}`, true), []);
    return null;
  };
}

/**
 * The site's pages in the order of SITE_PATHS (shared with the server, which 404s any other path),
 * then the former addresses that now lead to one of them.
 */
export const routes: SiteRoute[] = [
  ...SITE_PATHS.map((path) => ({ path, component: pages[path] })),
  ...Object.entries(SITE_REDIRECTS).map(([path, to]) => ({ path, component: redirectTo(to) })),
];
