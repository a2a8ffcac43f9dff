/**
 * Every page address of the web site, as route patterns (`:name` stands for one path segment). The
 * site maps each to its page, in this order (its router takes the first match); the server answers
 * any other page address with the site's not-found page and a 404 status.
 */
export const SITE_PATHS = [
  '/',
  '/treasury',
  '/regime',
  '/research/:key',
  '/swarm',
  '/swarm/sessions/:id',
  '/swarm/members',
  '/swarm/track-record',
  '/swarm/members/:id',
  '/swarm/takes/:id',
  '/swarm/memos/:id',
  '/swarm/subjects/:id',
  '/log',
  // After every fixed /swarm/<section>/:id pattern.
  '/swarm/:date/:subject',
  '/join',
  '/methodology',
  '/join/status/:id',
  '/analytics',
  '/analytics/leaderboard',
  '/analytics/agents',
  '/analytics/agents/:id',
  '/analytics/coins',
  '/analytics/coins/:id',
  '/analytics/vaults',
  '/analytics/vaults/:id',
  '/analytics/wallets',
  '/analytics/wallets/:id',
  '/analytics/projects',
  '/analytics/projects/:slug',
  '/analytics/activity',
  '/analytics/comments',
] as const;

export type SitePath = (typeof SITE_PATHS)[number];

/**
 * Former page addresses and the page each now is: the server answers them with a permanent redirect
 * and the site's router replaces them, so old links keep working while every page has one address.
 */
export const SITE_REDIRECTS: Readonly<Record<string, SitePath>> = {
  '/swarm/log': '/log',
};

const segments = (path: string) => path.split('/').filter(Boolean);
const PATTERNS = SITE_PATHS.map(segments);

/**
 * Whether a URL path (without its query) is one of the site's pages. Empty segments are ignored, as
 * the site's router ignores them (`/swarm/` is `/swarm`); a `:name` segment matches any non-empty one.
 */
export function isSitePath(path: string): boolean {
  const parts = segments(path);
  return PATTERNS.some(
    (pattern) =>
      pattern.length === parts.length &&
      pattern.every((segment, i) => segment.startsWith(':') || segment === parts[i]),
  );
}
