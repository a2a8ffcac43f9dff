import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import { isSitePath, SITE_REDIRECTS } from '@convene/protocol';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { RETRY_AFTER_SECONDS, loadingPage } from './readiness.js';
import type { Readiness } from '../readiness.js';

export interface StaticSiteOptions {
  /** The built site (packages/web/dist); defaults to its place in this repository. */
  root?: string;
  /** While the data is loading, page addresses get a page saying so (503) instead of the site. */
  readiness?: Readiness;
}

/** packages/web/dist, seen from src/http or dist/http of the server package. */
export function defaultWebRoot(): string {
  return fileURLToPath(new URL('../../../web/dist/', import.meta.url));
}

const HASHED_ASSET = /[/\\]assets[/\\]/;
const ONE_YEAR = 'public, max-age=31536000, immutable';

function cacheHeaders(reply: FastifyReply, path: string): void {
  if (path.endsWith('index.html')) reply.header('cache-control', 'no-cache');
  else if (HASHED_ASSET.test(path)) reply.header('cache-control', ONE_YEAR);
  else reply.header('cache-control', 'public, max-age=3600');
}

/** Paths that belong to the service, never to the site: their unknown addresses stay JSON 404s. */
const SERVICE_PREFIXES = ['/api', '/health', '/metrics', '/openapi.json', '/docs', '/skills'];

/**
 * A page address the single-page app answers, whatever the Accept header (curl, link unfurlers and
 * uptime checkers get the site too): outside the service's paths, and not a file.
 */
export function isPagePath(path: string): boolean {
  if (SERVICE_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`)))
    return false;
  const lastSegment = path.slice(path.lastIndexOf('/') + 1);
  return !lastSegment.includes('.');
}

function isPageRequest(request: FastifyRequest): boolean {
  return isPagePath(request.url.split('?')[0] ?? '');
}

/**
 * Serves the built web site on the API's origin: hashed assets cached for a year, index.html
 * revalidated on every load, and index.html for any page address so deep links work. Unknown API
 * paths and files keep the JSON 404. Without a built site the API still starts.
 */
export async function staticSitePlugin(
  app: FastifyInstance,
  options: StaticSiteOptions,
): Promise<void> {
  const root = options.root ?? defaultWebRoot();
  if (!existsSync(join(root, 'index.html'))) {
    app.log.info(
      { root },
      'web site not built (no index.html): serving the API only; run npm run build',
    );
    return;
  }
  await app.register(fastifyStatic, {
    root,
    // Routes for exactly the files present at start-up, so the fallback below owns every other path.
    wildcard: false,
    index: false,
    preCompressed: true,
    cacheControl: false,
    setHeaders: cacheHeaders,
    schemaHide: true,
  });
  app.get('/*', { schema: { hide: true } }, async (request, reply) => {
    if (!isPageRequest(request)) return reply.callNotFound();
    if (options.readiness?.isLoading === true) {
      return reply
        .status(503)
        .header('retry-after', RETRY_AFTER_SECONDS)
        .header('cache-control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(loadingPage());
    }
    const [path = '', query] = request.url.split(/\?(.*)/s);
    const moved = SITE_REDIRECTS[path.replace(/\/+$/, '')];
    if (moved !== undefined)
      return reply.redirect(query === undefined || query === '' ? moved : `${moved}?${query}`, 301);
    // The site renders its own not-found page; the status says so to crawlers and link checkers.
    const known = isSitePath(path);
    return reply.code(known ? 200 : 404).sendFile('index.html');
  });
}
