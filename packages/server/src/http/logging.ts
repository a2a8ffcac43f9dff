import type { FastifyServerOptions } from 'fastify';
import pino from 'pino';
import pretty from 'pino-pretty';
import type { Config } from '../config.js';

/**
 * Query parameters whose values are, or may be, credentials: never logged verbatim. Values shaped
 * like a member token (`tok_…`) are redacted whatever the parameter is called.
 */
const SECRET_PARAMETER = /token|secret|key|pass|signature|auth|challenge|seed|code/i;
const MEMBER_TOKEN_VALUE = /^tok_/i;
export const REDACTED = '[redacted]';

function decoded(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
}

/** The URL as it may be logged: the path, and the query with every credential-like value redacted. */
export function redactUrl(url: string): string {
  const query = url.indexOf('?');
  if (query < 0) return url;
  const parts = url
    .slice(query + 1)
    .split('&')
    .map((part) => {
      const equals = part.indexOf('=');
      if (equals < 0) return part;
      const name = part.slice(0, equals);
      const value = part.slice(equals + 1);
      const secret =
        SECRET_PARAMETER.test(decoded(name)) || MEMBER_TOKEN_VALUE.test(decoded(value));
      return secret ? `${name}=${REDACTED}` : part;
    });
  return `${url.slice(0, query)}?${parts.join('&')}`;
}

interface RequestLike {
  method: string;
  url: string;
  ip?: string;
  remoteAddress?: string;
}

/** `req` as every log line carries it: method, redacted URL, client address. */
export function serializeRequest(request: RequestLike): Record<string, unknown> {
  return {
    method: request.method,
    url: redactUrl(request.url),
    remoteAddress: request.ip ?? request.remoteAddress,
  };
}

/** Whether logs go out as readable one-liners (a terminal, or LOG_FORMAT=pretty) or JSON lines. */
export function prettyLogs(
  format: Config['logFormat'],
  stdout: { isTTY?: boolean } = process.stdout,
): boolean {
  return format === 'pretty' || (format === 'auto' && stdout.isTTY === true);
}

interface LogRecord {
  msg?: unknown;
  level?: unknown;
  reqId?: unknown;
  req?: { method?: unknown; url?: unknown };
  res?: { statusCode?: unknown };
  responseTime?: unknown;
}

/** One readable line: `GET /api/x 200 3ms` for requests, the message otherwise. */
export function prettyMessage(log: LogRecord): string {
  const message = typeof log.msg === 'string' ? log.msg : '';
  let line = message;
  if (log.req !== undefined && log.res !== undefined) {
    const ms = typeof log.responseTime === 'number' ? `${log.responseTime.toFixed(1)}ms` : '';
    line = `${String(log.req.method)} ${String(log.req.url)} ${String(log.res.statusCode)} ${ms}`;
    if (message !== 'request completed') line = `${line} ${message}`;
  } else if (log.req !== undefined) {
    line = `${message} (${String(log.req.method)} ${String(log.req.url)})`;
  }
  // Errors keep their request id, to find the JSON line or the client's report.
  if (typeof log.level === 'number' && log.level >= 50 && typeof log.reqId === 'string')
    line = `${line} [req ${log.reqId}]`;
  return line;
}

/**
 * JSON lines are gathered up to this many bytes before a write (about 16 request lines): one write
 * syscall per line was a seventh of a cheap read's CPU (docs/benchmarks.md). A timer writes what is
 * gathered at least this often, and what is left is written synchronously at exit.
 */
const LOG_BUFFER_BYTES = 4096;
const LOG_FLUSH_MS = 200;

/**
 * Lines kept in an array and handed to the destination a batch at a time. sonic-boom's own
 * gathering (`minLength`) measured the UTF-8 length of its whole pending string on every line, a
 * tenth of a small read's time once lines piled up behind a write in flight.
 */
class LineBatches {
  private lines: string[] = [];
  private length = 0;

  constructor(private readonly out: ReturnType<typeof pino.destination>) {}

  write(line: string): boolean {
    this.lines.push(line);
    this.length += line.length;
    if (this.length >= LOG_BUFFER_BYTES) this.flush();
    return true;
  }

  /** Hands what is gathered to the destination (pino calls this from `logger.flush()`). */
  flush(callback?: (error?: Error) => void): void {
    if (this.lines.length > 0) {
      const text = this.lines.join('');
      this.lines = [];
      this.length = 0;
      this.out.write(text);
    }
    if (callback !== undefined) this.out.flush(callback);
  }
}

const openBatches = new Set<LineBatches>();
// Registered before pino.destination() registers its own exit flush, so it runs first: the last
// batch reaches the destination, which then writes everything synchronously.
process.on('exit', () => {
  for (const batches of openBatches) {
    try {
      batches.flush();
    } catch {
      // the destination is gone (closed stdout): nothing can be written
    }
  }
});

function bufferedStdout(): LineBatches {
  const batches = new LineBatches(pino.destination({ dest: 1, sync: false }));
  openBatches.add(batches);
  const timer = setInterval(() => {
    try {
      batches.flush();
    } catch {
      clearInterval(timer); // destroyed: the process is ending
      openBatches.delete(batches);
    }
  }, LOG_FLUSH_MS).unref();
  return batches;
}

/**
 * The server's logger: buffered asynchronous stdout (see LOG_BUFFER_BYTES), JSON lines unless
 * `prettyLogs`, and the request serializer that keeps credentials out of logged URLs.
 */
export function loggerOptions(
  config: Pick<Config, 'logLevel' | 'logFormat'>,
  stdout: { isTTY?: boolean } = process.stdout,
): NonNullable<FastifyServerOptions['logger']> {
  const serializers = { req: serializeRequest };
  if (!prettyLogs(config.logFormat, stdout)) {
    return {
      level: config.logLevel,
      serializers,
      stream: bufferedStdout(),
    };
  }
  return {
    level: config.logLevel,
    serializers,
    stream: pretty({
      destination: 1,
      sync: false,
      colorize: stdout.isTTY === true,
      singleLine: true,
      translateTime: 'SYS:HH:MM:ss',
      ignore: 'pid,hostname,reqId,req,res,responseTime,banner',
      messageFormat: (log) => prettyMessage(log),
    }),
  };
}
