import { createHash } from 'node:crypto';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { VersionedCache } from '../db/versioned-value.js';
import { markReplayable, type ReplayableBody } from './replay.js';
import { preferredEncoding, type CachedBody } from './encoding.js';

export { preferredEncoding, type CachedBody, type ResponseEncoding } from './encoding.js';

/** A mebibyte, for cache budgets. */
export const MIB = 1024 * 1024;

/** The 304 a cached-body route answers on a matching If-None-Match, for its response schemas. */
export const NOT_MODIFIED = { type: 'null', description: 'ETag matched' } as const;

/**
 * How hard a body is compressed. `best` (gzip 9, brotli 9) for the bodies most readers fetch, built
 * a few times per data version; `quick` (gzip 5, brotli 4) for variants a stranger can mint by the
 * thousand (regime ranges), where the best levels cost most of a build: on a 3,650-day regime body
 * brotli 9 alone took ~150 ms of CPU (docs/benchmarks.md, issue 45).
 */
export type CompressionEffort = 'best' | 'quick';

const LEVELS: Record<CompressionEffort, { gzip: number; brotli: number }> = {
  best: { gzip: 9, brotli: 9 },
  quick: { gzip: 5, brotli: 4 },
};

/** Serialises `value` once; compress large bodies once here rather than on every request. */
export function cacheBody(value: unknown, effort: CompressionEffort = 'best'): CachedBody {
  return cacheBytes(Buffer.from(JSON.stringify(value)), effort);
}

/** The same for a body already serialised (`identity` is JSON text). */
export function cacheBytes(text: Buffer, effort: CompressionEffort = 'best'): CachedBody {
  const levels = LEVELS[effort];
  const identity = owned(text);
  return {
    etag: `"${createHash('sha256').update(identity).digest('base64url').slice(0, 32)}"`,
    identity,
    gzip: owned(gzipSync(identity, { level: levels.gzip })),
    brotli: owned(
      brotliCompressSync(identity, {
        params: {
          [zlibConstants.BROTLI_PARAM_QUALITY]: levels.brotli,
          [zlibConstants.BROTLI_PARAM_SIZE_HINT]: identity.length,
        },
      }),
    ),
  };
}

/**
 * `bytes` in memory of their own. A small Buffer is a view of a larger one: Node's 8 KiB pool for
 * `Buffer.from`, zlib's 16 KiB output chunk for gzip and brotli. Kept in a cache, an 80-byte body
 * held about 40 KiB, which the cache's byte budget never saw (a flood of distinct session searches
 * grew the server by 20 KiB a request, issue 45).
 */
function owned(bytes: Buffer): Buffer {
  if (bytes.byteOffset === 0 && bytes.buffer.byteLength === bytes.length) return bytes;
  const copy = Buffer.allocUnsafeSlow(bytes.length);
  bytes.copy(copy);
  return copy;
}

/** What a cached body holds in memory, its key and bookkeeping included, for byte budgets. */
export function cachedBodyBytes(body: CachedBody, key: string): number {
  return (
    body.identity.length + body.gzip.length + body.brotli.length + 2 * key.length + ENTRY_OVERHEAD
  );
}

/** A cached body's objects (three Buffers, the ETag string, the entry) beside its bytes. */
const ENTRY_OVERHEAD = 512;

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
 * serialises the body once. A cache whose keys a request chooses (ranges, pages, cursors, ids) is
 * bounded by the bytes its bodies hold (`maxBytes`); one with a fixed set of keys by their count.
 */
export class VersionedBodyCache<K extends string = string> {
  private readonly cache: VersionedCache<K, CachedBody>;

  constructor(bounds: { maxEntries: number } | { maxBytes: number }) {
    this.cache = new VersionedCache<K, CachedBody>(
      'maxBytes' in bounds ? { maxBytes: bounds.maxBytes, sizeOf: cachedBodyBytes } : bounds,
    );
  }

  get(key: K, version: number, build: () => Promise<unknown>): Promise<CachedBody> {
    return this.cache.get(key, version, () => build().then((value) => cacheBody(value)));
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
    return this.replayableBody(key, versionOf, () => build().then((value) => cacheBody(value)));
  }

  /**
   * `replayable` for a build that serialises and compresses its own body, for data `version` (the
   * current one unless the caller read it before an await, to build from data of that version).
   */
  replayableBody(
    key: K,
    versionOf: () => number,
    build: () => Promise<CachedBody>,
    version = versionOf(),
  ): Promise<ReplayableBody> {
    return this.cache.get(key, version, () =>
      build().then((body) => ({ ...body, current: () => versionOf() === version })),
    ) as Promise<ReplayableBody>;
  }

  /** Keys kept, the bytes they count, and how many were pushed out to make room (for /metrics). */
  get stats(): CacheStats {
    return {
      entries: this.cache.entryCount,
      bytes: this.cache.keptBytes,
      evictions: this.cache.evictions,
    };
  }

  clear(): void {
    this.cache.clear();
  }
}

export interface CacheStats {
  readonly entries: number;
  readonly bytes: number;
  readonly evictions: number;
}
