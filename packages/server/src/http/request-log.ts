import {
  LogController,
  type FastifyBaseLogger,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import { hostname } from 'node:os';
import pino from 'pino';
import { redactUrl, serializeRequest } from './logging.js';

/** What one request line says. */
export interface CompletedRequest {
  readonly reqId: string;
  readonly method: string;
  readonly url: string;
  readonly remoteAddress: string | undefined;
  readonly statusCode: number;
  readonly responseTimeMs: number;
}

const MESSAGE = 'request completed';
const INFO = pino.levels.values.info ?? 30;

/** Milliseconds to the microsecond: `2.962`, not `2.9617840000000797`. */
export function roundedMs(ms: number): number {
  return Math.round(ms * 1000) / 1000;
}

/** Whether `logger` writes at `level` (Fastify's null logger, used when logging is off, cannot say). */
function levelEnabled(logger: FastifyBaseLogger, level: pino.LevelWithSilentOrString): boolean {
  const pinoLogger = logger as { isLevelEnabled?: (level: string) => boolean };
  return pinoLogger.isLevelEnabled?.(level) ?? logger.level !== 'silent';
}

/** Where the logger writes, as its options say: the request lines go to the same place. */
export interface LineDestination {
  readonly stream?: { write(line: string): unknown };
  /** pino's `base`: undefined for its default (pid and hostname), null for none. */
  readonly base?: Record<string, unknown> | null;
}

/** pino's bindings for `base`, as it writes them after `time`. */
function bindingsOf(base: LineDestination['base']): string {
  const bindings = base === undefined ? { pid: process.pid, hostname: hostname() } : (base ?? {});
  return Object.entries(bindings)
    .map(([name, value]) => `,${JSON.stringify(name)}:${JSON.stringify(value)}`)
    .join('');
}

/**
 * One structured line per request, written when the response is done: method, URL, status, time and
 * the request id (credentials in the query string redacted). Fastify's default writes two (incoming
 * and completed).
 *
 * This owns the request line openly: given the destination the logger's options name, it writes
 * each completed request's line there as JSON text in pino's form (level, time, pino's default
 * bindings, then the fields). Through pino's API (its serializers and generic stringify) the line
 * cost about three times as much, and through a child logger per request a third of a small read's
 * throughput (docs/benchmarks.md, issue 29). Without a destination it goes through the root
 * logger's public API. Errors always go through pino, with the error serialised.
 */
export class OneLinePerRequest extends LogController {
  private root: FastifyBaseLogger | undefined;
  private readonly stream: { write(line: string): unknown } | undefined;
  private readonly bindings: string;

  constructor(destination: LineDestination = {}) {
    super();
    this.stream = destination.stream;
    this.bindings = bindingsOf(destination.base);
  }

  /** The app's root logger, known once Fastify has built it (for its level, and the fallback). */
  attach(root: FastifyBaseLogger): void {
    this.root = root;
  }

  override incomingRequest(): void {}

  /**
   * A streamed response its client left before the end (an event stream, normally): Fastify
   * reports it here instead of completing the request, so this writes the request's one line.
   */
  override streamError(
    error: Error,
    request: FastifyRequest,
    reply: FastifyReply,
    metadata?: Record<string, unknown>,
  ): void {
    if ((error as { code?: unknown }).code === 'ERR_STREAM_PREMATURE_CLOSE')
      this.requestCompleted(null, request, reply);
    else super.streamError(error, request, reply, metadata);
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (this.isLogDisabled(request)) return;
    if (error) {
      reply.log.error(
        {
          req: serializeRequest(request),
          res: { statusCode: reply.statusCode },
          responseTime: roundedMs(reply.elapsedTime),
          err: error,
        },
        'request errored',
      );
      return;
    }
    if (!levelEnabled(reply.log, 'info')) return;
    this.completed({
      reqId: request.id,
      method: request.method,
      url: request.url,
      remoteAddress: request.ip,
      statusCode: reply.statusCode,
      responseTimeMs: reply.elapsedTime,
    });
  }

  /** Writes a completed request's line (also for requests answered outside Fastify's routing). */
  completed(line: CompletedRequest): void {
    const stream = this.stream;
    if (stream === undefined) {
      this.root?.info(
        {
          reqId: line.reqId,
          req: { method: line.method, url: redactUrl(line.url), remoteAddress: line.remoteAddress },
          res: { statusCode: line.statusCode },
          responseTime: roundedMs(line.responseTimeMs),
        },
        MESSAGE,
      );
      return;
    }
    if (this.root === undefined || !levelEnabled(this.root, 'info')) return;
    const remote =
      line.remoteAddress === undefined
        ? ''
        : `,"remoteAddress":${JSON.stringify(line.remoteAddress)}`;
    stream.write(
      `{"level":${INFO},"time":${Date.now()}${this.bindings}` +
        `,"reqId":${JSON.stringify(line.reqId)}` +
        `,"req":{"method":${JSON.stringify(line.method)},"url":${JSON.stringify(redactUrl(line.url))}${remote}}` +
        `,"res":{"statusCode":${line.statusCode}},"responseTime":${roundedMs(line.responseTimeMs)}` +
        `,"msg":"${MESSAGE}"}\n`,
    );
  }
}

type ChildLoggerFactory = NonNullable<FastifyServerOptions['childLoggerFactory']>;

/**
 * Each request's logger, made only when the request logs something of its own. Fastify builds a
 * pino child per request for `request.log`; most requests never use it (their one line is written
 * by OneLinePerRequest), and building it was a tenth of a small read's time.
 */
export const lazyChildLogger: ChildLoggerFactory = (logger, bindings, options) =>
  new LazyChildLogger(logger, bindings, options);

class LazyChildLogger implements FastifyBaseLogger {
  private made: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: pino.Bindings,
    private readonly options: pino.ChildLoggerOptions,
  ) {}

  private get logger(): FastifyBaseLogger {
    this.made ??= this.parent.child(this.bindings, this.options);
    return this.made;
  }

  get level(): pino.LevelWithSilentOrString {
    return this.made?.level ?? this.options.level ?? this.parent.level;
  }

  set level(level: pino.LevelWithSilentOrString) {
    this.logger.level = level;
  }

  isLevelEnabled(level: pino.LevelWithSilentOrString): boolean {
    if (this.made === undefined && this.options.level === undefined)
      return levelEnabled(this.parent, level);
    return levelEnabled(this.logger, level);
  }

  child(bindings: pino.Bindings, options?: pino.ChildLoggerOptions): FastifyBaseLogger {
    return this.logger.child(bindings, options);
  }

  fatal: pino.LogFn = (...args: Parameters<pino.LogFn>) => this.logger.fatal(...args);
  error: pino.LogFn = (...args: Parameters<pino.LogFn>) => this.logger.error(...args);
  warn: pino.LogFn = (...args: Parameters<pino.LogFn>) => this.logger.warn(...args);
  info: pino.LogFn = (...args: Parameters<pino.LogFn>) => this.logger.info(...args);
  debug: pino.LogFn = (...args: Parameters<pino.LogFn>) => this.logger.debug(...args);
  trace: pino.LogFn = (...args: Parameters<pino.LogFn>) => this.logger.trace(...args);
  silent: pino.LogFn = (...args: Parameters<pino.LogFn>) => this.logger.silent(...args);
}
