import http, {
  type IncomingMessage,
  type OutgoingHttpHeaders,
  type ServerResponse,
} from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyServerOptions } from 'fastify';
import { LRUCache } from 'lru-cache';
import { preferredEncoding, type CachedBody, type ResponseEncoding } from './encoding.js';
import type { Readiness } from './readiness.js';
import type { OneLinePerRequest } from './request-log.js';

/** A cached body that can be answered again, byte for byte, for as long as `current()` holds. */
export interface ReplayableBody extends CachedBody {
  readonly current: () => boolean;
}

interface Recorded {
  readonly headers: OutgoingHttpHeaders;
  readonly body: Buffer;
}

interface Entry {
  readonly route: string;
  readonly current: () => boolean;
  readonly byEncoding: Partial<Record<ResponseEncoding, Recorded>>;
  bytes: number;
}

/** What the replay tells the request log and the metrics for each request it answers. */
export interface ReplayedRequest {
  readonly request: IncomingMessage;
  readonly route: string;
  readonly statusCode: number;
  readonly responseTimeMs: number;
}

/** Bodies a route sent with `sendCachedBody` and a `current()` check, marked for onResponse. */
const sentReplayable = new WeakMap<FastifyReply, ReplayableBody>();

export function markReplayable(reply: FastifyReply, body: CachedBody): void {
  if ('current' in body && typeof body.current === 'function')
    sentReplayable.set(reply, body as ReplayableBody);
}

/**
 * Responses answered again without Fastify. A route's full answer (every header the hooks set, and
 * the bytes of the encoding chosen) is recorded the first time it goes out for a URL, and a later
 * plain GET of the same URL, asking for the same encoding, gets those bytes written straight to the
 * socket for as long as the body's data version has not moved. What Fastify does per request
 * (routing, validation, hooks, reply) cost about half of a cached read's time; the bodies were
 * already serialised and compressed once per version (docs/benchmarks.md, issue 29).
 *
 * Only exact URLs that Fastify answered 200 are recorded, so validation has already passed for them;
 * conditional requests (If-None-Match), other methods and a loading service always go to Fastify.
 * Each replayed request still writes its request log line and counts in the metrics.
 */
export class ReplayCache {
  /**
   * Two least-recently-used segments within one byte budget: a URL's first recording goes to
   * `trial` (a quarter), and moves to `kept` (the rest) the first time it is replayed. A flood of
   * distinct URLs, each asked once, only churns `trial`; the answers readers come back for stay.
   */
  private readonly trial: LRUCache<string, Entry>;
  private readonly kept: LRUCache<string, Entry>;
  private readonly listeners: Array<(served: ReplayedRequest) => void> = [];
  private served = 0;
  private missed = 0;
  private evicted = 0;

  constructor(
    private readonly readiness: Readiness,
    /**
     * Bytes of recordings kept at most (least recently used first out), their URLs and headers
     * counted with their bodies (which are shared with the body caches).
     */
    readonly capacityBytes = 32 * 1024 * 1024,
  ) {
    const dispose = (_entry: Entry, _url: string, reason: LRUCache.DisposeReason) => {
      if (reason === 'evict') this.evicted += 1;
    };
    const trialBytes = Math.floor(capacityBytes / 4);
    this.trial = new LRUCache({ maxSize: trialBytes, dispose });
    this.kept = new LRUCache({ maxSize: capacityBytes - trialBytes, dispose });
  }

  /** How many requests were answered from a recording (for tests and /metrics). */
  get servedCount(): number {
    return this.served;
  }

  /** Plain GETs that found no recording to answer them (Fastify answered). */
  get missedCount(): number {
    return this.missed;
  }

  /** Recordings pushed out to make room. */
  get evictionCount(): number {
    return this.evicted;
  }

  /** What the recordings hold now, and how many were pushed out to make room (for /metrics). */
  get stats(): { entries: number; bytes: number; evictions: number } {
    return { entries: this.entryCount, bytes: this.recordedBytes, evictions: this.evicted };
  }

  /** URLs recorded now. */
  get entryCount(): number {
    return this.trial.size + this.kept.size;
  }

  /** What the recordings hold, counted against the budget: bodies, headers and URLs. */
  get recordedBytes(): number {
    return this.trial.calculatedSize + this.kept.calculatedSize;
  }

  onServed(listener: (served: ReplayedRequest) => void): void {
    this.listeners.push(listener);
  }

  /** Answers `request` from a recording and returns true, or returns false for Fastify to answer. */
  serve(request: IncomingMessage, response: ServerResponse): boolean {
    if (request.method !== 'GET' || this.readiness.isLoading) return false;
    const url = request.url;
    if (url === undefined || request.headers['if-none-match'] !== undefined) return false;
    const entry = this.find(url);
    const recorded = entry?.byEncoding[encodingFor(request.headers['accept-encoding'])];
    if (entry === undefined || recorded === undefined) {
      this.missed += 1;
      return false;
    }
    if (this.trial.delete(url)) this.kept.set(url, entry, { size: entry.bytes });
    const started = performance.now();
    response.writeHead(200, recorded.headers);
    response.end(recorded.body);
    this.served += 1;
    const served = {
      request,
      route: entry.route,
      statusCode: 200,
      responseTimeMs: performance.now() - started,
    };
    for (const listener of this.listeners) listener(served);
    return true;
  }

  /** Records a 200 Fastify just sent, when its route marked the body replayable. */
  record(url: string, route: string, reply: FastifyReply): void {
    const body = sentReplayable.get(reply);
    if (body === undefined || reply.statusCode !== 200 || !body.current()) return;
    const encoding = encodingOf(reply.getHeader('content-encoding'));
    const bytes = encoding === 'br' ? body.brotli : encoding === 'gzip' ? body.gzip : body.identity;
    let entry = this.find(url);
    if (entry !== undefined && entry.current !== body.current) entry = undefined;
    entry ??= { route, current: body.current, byEncoding: {}, bytes: ENTRY_BYTES + url.length };
    if (entry.byEncoding[encoding] !== undefined) return;
    const headers = reply.getHeaders() as OutgoingHttpHeaders;
    entry.byEncoding[encoding] = { headers, body: bytes };
    entry.bytes += bytes.length + headerBytes(headers);
    // Set again with the grown size: lru-cache recounts it and evicts down to the budget.
    (this.kept.has(url) ? this.kept : this.trial).set(url, entry, { size: entry.bytes });
  }

  /** The recording of `url` while its data version stands (a stale one is dropped). */
  private find(url: string): Entry | undefined {
    const entry = this.kept.get(url) ?? this.trial.get(url);
    if (entry === undefined || entry.current()) return entry;
    this.kept.delete(url);
    this.trial.delete(url);
    return undefined;
  }
}

/** A recording's own objects and its map slot, beside its URL, headers and bodies. */
const ENTRY_BYTES = 256;

function headerBytes(headers: OutgoingHttpHeaders): number {
  let bytes = 0;
  for (const [name, value] of Object.entries(headers))
    bytes += name.length + String(value).length + 16;
  return bytes;
}

/**
 * Whether a URL's query holds only parameters its route documents, each once: a parameter the
 * route ignores would otherwise mint a recording per distinct value (a stranger's flood of unique
 * URLs, each answered like the plain URL, grew the server by 700 MB).
 */
export function documentedQuery(url: string, querystring: unknown): boolean {
  const at = url.indexOf('?');
  if (at === -1) return true;
  const documented = (querystring as { properties?: Record<string, unknown> } | undefined)
    ?.properties;
  const seen = new Set<string>();
  for (const name of new URLSearchParams(url.slice(at + 1)).keys()) {
    if (documented === undefined || !Object.hasOwn(documented, name) || seen.has(name))
      return false;
    seen.add(name);
  }
  return true;
}

function encodingOf(header: unknown): ResponseEncoding {
  return header === 'br' ? 'br' : header === 'gzip' ? 'gzip' : 'identity';
}

/** The encoding `sendCachedBody` chooses for this Accept-Encoding (remembered per header value). */
const encodingByHeader = new Map<string, ResponseEncoding>();

function encodingFor(header: string | undefined): ResponseEncoding {
  const accepted = header ?? '';
  let encoding = encodingByHeader.get(accepted);
  if (encoding === undefined) {
    encoding = preferredEncoding(accepted);
    if (encodingByHeader.size < 256) encodingByHeader.set(accepted, encoding);
  }
  return encoding;
}

/**
 * Fastify's `serverFactory`: the same HTTP/1.1 server Fastify would build (its timeouts included),
 * asking the replay cache first.
 */
export function replayingServer(
  replays: ReplayCache,
): NonNullable<FastifyServerOptions['serverFactory']> {
  return (handler, fastifyOptions) => {
    const options = fastifyOptions as ServerTimeouts;
    const server = http.createServer(options.http ?? {}, (request, response) => {
      if (!replays.serve(request, response)) handler(request, response);
    });
    if (options.keepAliveTimeout !== undefined) server.keepAliveTimeout = options.keepAliveTimeout;
    if (options.requestTimeout !== undefined) server.requestTimeout = options.requestTimeout;
    if (options.connectionTimeout !== undefined) server.setTimeout(options.connectionTimeout);
    if (options.maxRequestsPerSocket !== undefined && options.maxRequestsPerSocket > 0)
      server.maxRequestsPerSocket = options.maxRequestsPerSocket;
    return server;
  };
}

/** The options Fastify resolves (with its defaults) and applies to the server it would build. */
interface ServerTimeouts {
  http?: http.ServerOptions;
  keepAliveTimeout?: number;
  requestTimeout?: number;
  connectionTimeout?: number;
  maxRequestsPerSocket?: number;
}

/** Records replayable answers as they complete, and logs each replayed request like Fastify does. */
export function registerReplays(
  app: FastifyInstance,
  replays: ReplayCache,
  requestLog: Pick<OneLinePerRequest, 'completed'>,
): void {
  app.addHook('onResponse', (request, reply, done) => {
    if (request.method === 'GET' && request.headers['if-none-match'] === undefined) {
      const { url: route, schema } = request.routeOptions;
      // A route that asks for credentials is never answered without them.
      if (
        route !== undefined &&
        (schema?.security ?? []).length === 0 &&
        documentedQuery(request.url, schema?.querystring)
      )
        replays.record(request.url, route, reply);
    }
    done();
  });
  replays.onServed(({ request, statusCode, responseTimeMs }) =>
    requestLog.completed({
      reqId: crypto.randomUUID(),
      method: request.method ?? 'GET',
      url: request.url ?? '',
      remoteAddress: request.socket.remoteAddress,
      statusCode,
      responseTimeMs,
    }),
  );
}
