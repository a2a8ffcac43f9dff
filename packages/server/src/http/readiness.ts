import type { FastifyInstance } from 'fastify';
import { fail } from '../errors.js';
import type { Readiness } from '../readiness.js';

export const RETRY_AFTER_SECONDS = '5';

/** While loading, /api paths an operator does not need answer 503 with Retry-After. */
const OPEN_WHILE_LOADING = new Set(['/api/admin/status']);

function isApiPath(path: string): boolean {
  return path === '/api' || path.startsWith('/api/');
}

/**
 * The path the router answers: the matched route's pattern when one matched (the router decodes
 * `/%61pi/…` to `/api/…` before matching, so the raw URL must not decide), else the decoded path.
 */
function routedPath(routePattern: string | undefined, url: string): string {
  if (routePattern !== undefined && routePattern !== '*' && !routePattern.endsWith('/*')) {
    return routePattern;
  }
  const raw = url.split('?')[0] ?? '';
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/** The catalogue's 503 `loading` for every API request while the data is loading; the rest is unaffected. */
export function registerReadinessGate(app: FastifyInstance, readiness: Readiness): void {
  // Callback style: an async hook costs every request a promise and a turn, even when ready.
  app.addHook('onRequest', (request, reply, done) => {
    if (!readiness.isLoading) return done();
    const path = routedPath(request.routeOptions.url, request.url);
    if (!isApiPath(path) || OPEN_WHILE_LOADING.has(path)) return done();
    reply.header('retry-after', RETRY_AFTER_SECONDS).header('cache-control', 'no-store');
    done(fail('loading'));
  });
}

/** The page the site answers with while loading: says so, and reloads itself (no script needed). */
export function loadingPage(): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="refresh" content="${RETRY_AFTER_SECONDS}">
<title>Convene: demo data is loading</title>
</head>
<body>
<main>
<h1>Convene is loading its demo data</h1>
<p>This is the first start of a demo deployment: years of regime series, a treasury, an analytics
dataset and months of signed swarm sessions are being built. Nothing is shown until all of it is in
place, so that no page shows half-built data as current.</p>
<p>This page reloads by itself every ${RETRY_AFTER_SECONDS} seconds. <a href="/health">/health</a>
reports <code>"status": "loading"</code> until then, and the API answers 503 with
<code>Retry-After</code>.</p>
</main>
</body>
</html>
`;
}
