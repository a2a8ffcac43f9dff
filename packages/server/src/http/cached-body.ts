import { createHash } from 'node:crypto';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { VersionedCache } from '../db/versioned-value.js';
import { markReplayable, type ReplayableBody } from './replay.js';
import { preferredEncoding, type CachedBody } from './encoding.js';

export { preferredEncoding, type CachedBody, type ResponseEncoding } from './encoding.js';

/** The 304 a cached-body route answers on a matching If-None-Match, for its response schemas. */
export const NOT_MODIFIED = { type: 'null', description: 'ETag matched' } as const;

/** Serialises `value` once; compress large bodies once here rather than on every request. */
export function cacheBody(value: unknown): CachedBody {
  const identity = Buffer.from(JSON.stringify(value));
  return {
    etag: `"${createHash('sha256').update(identity).digest('base64url').slice(0, 32)}"`,
    identity,
    gzip: gzipSync(identity, { level: 9 }),
    brotli: brotliCompressSync(identity, {
      params: {
        [zlibConstants.BROTLI_PARAM_QUALITY]: 9,
        [zlibConstants.BROTLI_PARAM_SIZE_HINT]: identity.length,
      },
    }),
  };
}

/** Sends a cached body: 304 on a matching If-None-Match, else the best encoding the client accepts. */
export function sendCachedBody(
  request: FastifyRequest,
  reply: FastifyReply,
  body: CachedBody,
): FastifyReply {
  reply.header('etag', body.etag);
  reply.header('vary', 'accept-encoding');
  reply.header('cache-control', 'public, max-age=0, must-revalidate');
  markReplayable(reply, body);
  if (etagMatches(request.headers['if-none-match'], body.etag)) return reply.code(304).send();
  reply.type('application/json; charset=utf-8');
  const encoding = preferredEncoding(request.headers['accept-encoding']);
  if (encoding === 'br') return reply.header('content-encoding', 'br').send(body.brotli);
  if (encoding === 'gzip') return reply.header('content-encoding', 'gzip').send(body.gzip);
  return reply.send(body.identity);
}

function etagMatches(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  return header.split(',').some((candidate) => {
    const tag = candidate.trim();
    return tag === '*' || tag === etag || tag === `W/${etag}`;
  });
}

/**
 * One serialised body per key for the current data version (VersionedCache of CachedBody): a new
 * version rebuilds on next read, builds are coalesced, so a burst of requests after an ingest
 * serialises the body once. With a `capacity`, at most that many keys are kept (least recently used
 * first out): the regime route alone has 3,650 possible ranges of ~0.5 MB each.
 */
export class VersionedBodyCache<K extends string = string> {
  private readonly cache: VersionedCache<K, CachedBody>;

  constructor(capacity?: number) {
    this.cache = new VersionedCache(capacity);
  }

  get(key: K, version: number, build: () => Promise<unknown>): Promise<CachedBody> {
    return this.cache.get(key, version, () => build().then(cacheBody));
  }

  /**
   * The same, for a body that depends on nothing but `versionOf()`: it says it is current while
   * that version stands, so the response can be answered again without the route (http/replay.ts).
   */
  replayable(
    key: K,
    versionOf: () => number,
    build: () => Promise<unknown>,
  ): Promise<ReplayableBody> {
    const version = versionOf();
    return this.cache.get(key, version, () =>
      build().then((value) => ({ ...cacheBody(value), current: () => versionOf() === version })),
    ) as Promise<ReplayableBody>;
  }

  clear(): void {
    this.cache.clear();
  }
}
