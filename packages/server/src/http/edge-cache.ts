import { createHash } from 'node:crypto';
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import { JsonText } from '../json-text.js';
import { preferredEncoding, type ResponseEncoding } from './encoding.js';
import type { Readiness } from '../readiness.js';

/** A mebibyte, for budgets. */
export const MIB = 1024 * 1024;

/** The 304 a cached route answers on a matching If-None-Match, for its response schemas. */
export const NOT_MODIFIED = { type: 'null', description: 'ETag matched' } as const;

/** A data version or a fingerprint: equal values promise equal answers. */
export type Version = string | number;

/**
 * How hard an answer is compressed. `best` (gzip 9, brotli 9) for what most readers fetch, built a
 * few times per data version; `quick` (gzip 5, brotli 4) for variants a stranger can mint by the
 * thousand (regime ranges), where the best levels cost most of a build: on a 3,650-day regime body
 * brotli 9 alone took ~150 ms of CPU (docs/benchmarks.md, issue 45).
 */
export type CompressionEffort = 'best' | 'quick';

const LEVELS: Record<CompressionEffort, { gzip: number; brotli: number }> = {
  best: { gzip: 9, brotli: 9 },
  quick: { gzip: 5, brotli: 4 },
};

/**
 * What a route tells the edge about one request's answer. The route names the answer by `key`, the
 * request's documented parameters as the domain reads them (a range clamped to the history, a
 * session's id), and asks the domain for `version`; the service only builds the value.
 */
export interface CachedRoute<V> {
  /** JSON-serialisable: with the route's path, the answer's name in the cache. */
  readonly key: unknown;
  /**
   * The data version the answer rests on. A function is the live version, read without I/O: such
   * an answer is also answered again at the socket, before routing, for as long as it returns the
   * same (see `serve`). A plain value (a fingerprint the domain read for this request) is checked
   * on every routed request instead.
   */
  readonly version: Version | (() => Version);
  /** The value (or JSON text) to send; called once per key and version however many ask at once. */
  readonly build: () => Promise<V | JsonText>;
  /** False: send this value but do not keep it (a failed check is made again on the next read). */
  readonly keep?: (value: V) => boolean;
  readonly effort?: CompressionEffort;
}

/** What a cache holds, for /metrics. */
export interface CacheStats {
  readonly entries: number;
  readonly bytes: number;
  readonly evictions: number;
}

/** A served request answered at the socket, for the request log and the metrics. */
export interface ReplayedRequest {
  readonly request: IncomingMessage;
  readonly route: string;
  readonly statusCode: number;
  readonly responseTimeMs: number;
}

/** One answer: serialised once per key and version; each encoding compressed the first time asked. */
class Answer {
  readonly etag: string;
  /** The encodings sent so far: a second request for one of them is the answer's second use. */
  readonly asked = new Set<ResponseEncoding>();
  private gzip: Buffer | undefined;
  private brotli: Buffer | undefined;

  constructor(
    readonly id: string,
    readonly cache: string,
    readonly version: Version,
    readonly identity: Buffer,
    private readonly effort: CompressionEffort,
  ) {
    this.etag = `"${createHash('sha256').update(identity).digest('base64url').slice(0, 32)}"`;
  }

  /** The bytes for `encoding`, compressing them now if no one asked for it before. */
  encoded(encoding: ResponseEncoding): Buffer {
    if (encoding === 'identity') return this.identity;
    const levels = LEVELS[this.effort];
    if (encoding === 'gzip')
      return (this.gzip ??= owned(gzipSync(this.identity, { level: levels.gzip })));
    return (this.brotli ??= owned(
      brotliCompressSync(this.identity, {
        params: {
          [zlibConstants.BROTLI_PARAM_QUALITY]: levels.brotli,
          [zlibConstants.BROTLI_PARAM_SIZE_HINT]: this.identity.length,
        },
      }),
    ));
  }

  /** The bytes for `encoding` if they were made already. */
  ready(encoding: ResponseEncoding): Buffer | undefined {
    return encoding === 'identity' ? this.identity : encoding === 'gzip' ? this.gzip : this.brotli;
  }

  /** Everything it holds: its name, version, ETag and every encoding made, and its objects. */
  get size(): number {
    return (
      2 * (this.id.length + String(this.version).length + this.etag.length) +
      this.identity.length +
      (this.gzip?.length ?? 0) +
      (this.brotli?.length ?? 0) +
      ANSWER_OVERHEAD
    );
  }
}

/** A URL whose answer goes out again at the socket: the headers Fastify sent with each encoding. */
class Recording {
  readonly cache = REPLAY_CACHE;
  readonly headers: Partial<Record<ResponseEncoding, OutgoingHttpHeaders>> = {};

  constructor(
    readonly id: string,
    readonly route: string,
    readonly answerId: string,
    readonly etag: string,
    readonly version: Version,
    readonly versionNow: () => Version,
  ) {}

  get size(): number {
    let bytes = 2 * (this.id.length + this.answerId.length) + RECORDING_OVERHEAD;
    for (const headers of Object.values(this.headers))
      for (const [name, value] of Object.entries(headers ?? {}))
        bytes += 2 * (name.length + String(value).length) + 32;
    return bytes;
  }
}

type Entry = Answer | Recording;

/** An answer's and a recording's own objects and map slots, beside the bytes they count. */
const ANSWER_OVERHEAD = 512;
const RECORDING_OVERHEAD = 256;
/** The /metrics label of the recordings. */
const REPLAY_CACHE = 'replay';
const RECORDING = '\u0000url\u0000';

/**
 * The one HTTP cache of the server, at the edge: routes name each answer by its documented
 * parameters and a data version the domain gives, services return values, and this serialises each
 * once per key and version, compresses each encoding once, answers ETag/304, and answers a plain
 * GET again at the socket (without Fastify) while the version stands. Everything it keeps (answers,
 * recorded headers, and their keys) counts against one byte budget in a least-recently-used cache
 * (lru-cache).
 *
 * The budget has two segments: a new entry goes to `trial` (a quarter), and moves to `kept` (the
 * rest) the first time it is used again (an answer: asked again in an encoding it was sent in
 * before). A flood of distinct URLs, each asked once, only churns `trial`; the answers readers come
 * back for stay.
 */
export class EdgeCache {
  private readonly trial: LRUCache<string, Entry>;
  private readonly kept: LRUCache<string, Entry>;
  private readonly building = new Map<string, { version: Version; answer: Promise<Answer> }>();
  /** The kept answer each routed request was sent, for recording it once the response is done. */
  private readonly sent = new WeakMap<
    FastifyRequest,
    { answer: Answer; versionNow: () => Version }
  >();
  private readonly listeners: Array<(served: ReplayedRequest) => void> = [];
  private readonly evictedBy = new Map<string, number>();
  private served = 0;
  private missed = 0;

  constructor(
    private readonly readiness: Readiness,
    readonly capacityBytes = 64 * MIB,
  ) {
    const dispose = (entry: Entry, _key: string, reason: LRUCache.DisposeReason) => {
      if (reason === 'evict')
        this.evictedBy.set(entry.cache, (this.evictedBy.get(entry.cache) ?? 0) + 1);
    };
    const trialBytes = Math.floor(capacityBytes / 4);
    this.trial = new LRUCache({ maxSize: trialBytes, dispose });
    this.kept = new LRUCache({ maxSize: capacityBytes - trialBytes, dispose });
  }

  /**
   * Sends the answer `route` names: from the cache when its version stands, else built (once for
   * every request asking for the same key and version meanwhile) and kept.
   */
  async answer<V>(
    request: FastifyRequest,
    reply: FastifyReply,
    cache: string,
    route: CachedRoute<V>,
  ): Promise<FastifyReply> {
    const id = `${request.routeOptions.url ?? ''}\u0000${JSON.stringify(route.key)}`;
    const versionNow = typeof route.version === 'function' ? route.version : undefined;
    const version = versionNow === undefined ? (route.version as Version) : versionNow();
    const found = this.peek(id);
    let answer = found instanceof Answer && found.version === version ? found : undefined;
    answer ??= await this.build(id, cache, version, route);
    if (versionNow !== undefined && this.holds(answer))
      this.sent.set(request, { answer, versionNow });
    return this.send(request, reply, answer);
  }

  private build<V>(
    id: string,
    cache: string,
    version: Version,
    route: CachedRoute<V>,
  ): Promise<Answer> {
    const under = this.building.get(id);
    if (under !== undefined && under.version === version) return under.answer;
    const answer = (async () => {
      const value = await route.build();
      const text =
        value instanceof JsonText ? value.bytes : Buffer.from(JSON.stringify(value) ?? 'null');
      const built = new Answer(id, cache, version, owned(text), route.effort ?? 'best');
      if (value instanceof JsonText || (route.keep?.(value) ?? true)) this.store(built);
      return built;
    })();
    const building = { version, answer };
    this.building.set(id, building);
    const done = () => {
      if (this.building.get(id) === building) this.building.delete(id);
    };
    answer.then(done, done);
    return answer;
  }

  /** 304 on a matching If-None-Match, else the best encoding the client accepts. */
  private send(request: FastifyRequest, reply: FastifyReply, answer: Answer): FastifyReply {
    reply.header('etag', answer.etag);
    reply.header('vary', 'accept-encoding');
    reply.header('cache-control', 'public, max-age=0, must-revalidate');
    if (etagMatches(request.headers['if-none-match'], answer.etag)) {
      // The client had it already: a second use.
      if (this.holds(answer)) this.use(answer.id);
      return reply.code(304).send();
    }
    reply.type('application/json; charset=utf-8');
    const encoding = encodingFor(request.headers['accept-encoding']);
    const made = answer.ready(encoding) !== undefined;
    const bytes = answer.encoded(encoding);
    if (!made) this.resize(answer);
    if (answer.asked.has(encoding)) this.use(answer.id);
    else answer.asked.add(encoding);
    if (encoding !== 'identity') reply.header('content-encoding', encoding);
    return reply.send(bytes);
  }

  /**
   * Answers `request` at the socket from a recording and returns true, or returns false for
   * Fastify to answer. Only plain GETs of exact URLs that Fastify answered 200 before are answered
   * (validation has passed for them), with the headers Fastify sent, while the answer's data
   * version stands; conditional requests, other methods and a loading service always go to Fastify.
   */
  serve(request: IncomingMessage, response: ServerResponse): boolean {
    if (request.method !== 'GET' || this.readiness.isLoading) return false;
    const url = request.url;
    if (url === undefined || request.headers['if-none-match'] !== undefined) return false;
    const encoding = encodingFor(request.headers['accept-encoding']);
    const found = this.peek(RECORDING + url);
    const recording = found instanceof Recording ? found : undefined;
    const headers = recording?.headers[encoding];
    const answer = recording === undefined ? undefined : this.peek(recording.answerId);
    const bytes = answer instanceof Answer ? answer.ready(encoding) : undefined;
    if (
      recording === undefined ||
      headers === undefined ||
      bytes === undefined ||
      answer?.etag !== recording.etag ||
      recording.versionNow() !== recording.version
    ) {
      // A recording whose version moved is never answered again: the next routed answer replaces it.
      if (recording !== undefined && recording.versionNow() !== recording.version)
        this.drop(recording);
      this.missed += 1;
      return false;
    }
    this.use(recording.id);
    this.use(recording.answerId);
    const started = performance.now();
    response.writeHead(200, headers);
    response.end(bytes);
    this.served += 1;
    const served = {
      request,
      route: recording.route,
      statusCode: 200,
      responseTimeMs: performance.now() - started,
    };
    for (const listener of this.listeners) listener(served);
    return true;
  }

  /**
   * Records the headers of a 200 just sent with a kept answer whose version is live, so a later
   * plain GET of the same URL asking for the same encoding is answered at the socket.
   */
  record(request: FastifyRequest, reply: FastifyReply): void {
    const sent = this.sent.get(request);
    if (sent === undefined || request.method !== 'GET' || reply.statusCode !== 200) return;
    if (request.headers['if-none-match'] !== undefined) return;
    const { url: route, schema } = request.routeOptions;
    // A route that asks for credentials is never answered without them.
    if (route === undefined || (schema?.security ?? []).length > 0) return;
    if (!documentedQuery(request.url, schema?.querystring)) return;
    const { answer, versionNow } = sent;
    if (versionNow() !== answer.version || !this.holds(answer)) return;
    const id = RECORDING + request.url;
    const found = this.peek(id);
    const recording =
      found instanceof Recording &&
      found.answerId === answer.id &&
      found.etag === answer.etag &&
      found.version === answer.version
        ? found
        : new Recording(id, route, answer.id, answer.etag, answer.version, versionNow);
    const encoding = encodingOf(reply.getHeader('content-encoding'));
    if (recording.headers[encoding] !== undefined) return;
    recording.headers[encoding] = reply.getHeaders() as OutgoingHttpHeaders;
    if (found === recording) this.resize(recording);
    else this.store(recording);
  }

  onServed(listener: (served: ReplayedRequest) => void): void {
    this.listeners.push(listener);
  }

  /** Requests answered at the socket. */
  get servedCount(): number {
    return this.served;
  }

  /** Plain GETs the socket could not answer (Fastify did). */
  get missedCount(): number {
    return this.missed;
  }

  get evictionCount(): number {
    let evictions = 0;
    for (const count of this.evictedBy.values()) evictions += count;
    return evictions;
  }

  get entryCount(): number {
    return this.trial.size + this.kept.size;
  }

  /** What everything kept holds, as counted against the budget: keys, headers and bodies. */
  get heldBytes(): number {
    return this.trial.calculatedSize + this.kept.calculatedSize;
  }

  /** Entries, bytes and evictions per route family (`cache`), and the recordings as `replay`. */
  statsByCache(): Record<string, CacheStats> {
    const stats: Record<string, { entries: number; bytes: number; evictions: number }> = {};
    const count = (entry: Entry, size: number) => {
      const each = (stats[entry.cache] ??= { entries: 0, bytes: 0, evictions: 0 });
      each.entries += 1;
      each.bytes += size;
    };
    for (const segment of [this.trial, this.kept])
      for (const entry of segment.values()) count(entry, entry.size);
    for (const [cache, evictions] of this.evictedBy)
      (stats[cache] ??= { entries: 0, bytes: 0, evictions: 0 }).evictions = evictions;
    return stats;
  }

  clear(): void {
    this.trial.clear();
    this.kept.clear();
    this.building.clear();
  }

  /** The entry under `id` without touching its recency. */
  private peek(id: string): Entry | undefined {
    return this.kept.peek(id) ?? this.trial.peek(id);
  }

  /** The entry under `id` as used again: the most recent of its segment, and moved to `kept`. */
  private use(id: string): Entry | undefined {
    const kept = this.kept.get(id);
    if (kept !== undefined) return kept;
    const trial = this.trial.get(id);
    if (trial === undefined) return undefined;
    this.trial.delete(id);
    this.kept.set(id, trial, { size: trial.size });
    return trial;
  }

  private drop(entry: Entry): void {
    if (this.kept.peek(entry.id) === entry) this.kept.delete(entry.id);
    if (this.trial.peek(entry.id) === entry) this.trial.delete(entry.id);
  }

  private holds(entry: Entry): boolean {
    return this.peek(entry.id) === entry;
  }

  /**
   * Keeps a new entry in `trial`; one larger than `trial` (a session of thousands of takes) in
   * `kept`, and one larger than that not at all.
   */
  private store(entry: Entry): void {
    this.kept.delete(entry.id);
    if (entry.size <= this.trial.maxSize) this.trial.set(entry.id, entry, { size: entry.size });
    else this.kept.set(entry.id, entry, { size: entry.size });
  }

  /**
   * Counts what an entry holds again after it grew; lru-cache evicts down to the budget (it keeps
   * the old size when the same value is set again, hence delete first).
   */
  private resize(entry: Entry): void {
    for (const segment of [this.kept, this.trial])
      if (segment.peek(entry.id) === entry) {
        segment.delete(entry.id);
        if (segment === this.trial && entry.size > this.trial.maxSize) this.store(entry);
        else segment.set(entry.id, entry, { size: entry.size });
        return;
      }
  }
}

/**
 * `bytes` in memory of their own. A small Buffer is a view of a larger one: Node's 8 KiB pool for
 * `Buffer.from`, zlib's 16 KiB output chunk for gzip and brotli. Kept in a cache, an 80-byte body
 * held about 40 KiB, which a byte budget never saw (a flood of distinct session searches grew the
 * server by 20 KiB a request, issue 45).
 */
function owned(bytes: Buffer): Buffer {
  if (bytes.byteOffset === 0 && bytes.buffer.byteLength === bytes.length) return bytes;
  const copy = Buffer.allocUnsafeSlow(bytes.length);
  bytes.copy(copy);
  return copy;
}

function etagMatches(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  return header.split(',').some((candidate) => {
    const tag = candidate.trim();
    return tag === '*' || tag === etag || tag === `W/${etag}`;
  });
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

/** The encoding `send` chooses for this Accept-Encoding (remembered per header value). */
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
