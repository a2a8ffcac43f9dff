import path from 'node:path';
import { MAX_NOTE_SIGNATURES, NOTE_SIGNATURE_TYPE, parseVerifierKey } from '@convene/protocol';
import { parseOnchainSettings, wantsChain, type OnchainSettings } from './onchain/settings.js';
import {
  parseTrackRecordSettings,
  type TrackRecordSettings,
} from './swarm/track-record/settings.js';

export const APP_ENVS = ['prod', 'staging', 'demo'] as const;
export type AppEnv = (typeof APP_ENVS)[number];
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];
/** `auto`: readable one-line logs on a terminal, JSON lines otherwise. */
export const LOG_FORMATS = ['auto', 'json', 'pretty'] as const;
export type LogFormat = (typeof LOG_FORMATS)[number];

export interface Config {
  readonly port: number;
  readonly host: string;
  readonly appEnv: AppEnv;
  /** postgres:// URL; when absent the embedded PGlite database under `dataDir` is used. */
  readonly databaseUrl: string | undefined;
  /** node-postgres pool size per replica (PostgreSQL only); replicas × pool must fit max_connections. */
  readonly databasePoolSize: number;
  readonly dataDir: string;
  /** Required outside demo; in demo a token is generated and persisted under `dataDir`. */
  readonly adminToken: string | undefined;
  /** Ed25519 seed (base64, 32 bytes); required outside demo, generated and persisted in demo. */
  readonly receiptSigningKey: string | undefined;
  /** Transparency log key: Ed25519 seed (base64, 32 bytes); required outside demo, kept in `dataDir` in demo. */
  readonly logSigningKey: string | undefined;
  /** The log's origin line and key name (docs/protocol.md §14.3); default `<public host>/convene-log`. */
  readonly logOrigin: string;
  /** Run the log's checkpoint signer and recovery loops (independent of SCHEDULER_ENABLED). */
  readonly logLoopsEnabled: boolean;
  /**
   * `false` only to measure the log's cost (bench/load.ts): submits are not sequenced and the loops do
   * not run, so takes are not in the log until a server with the log on starts (its recovery pass).
   */
  readonly logEnabled: boolean;
  /**
   * The witnesses the operator trusts (docs/protocol.md §14.10, "Witnesses"): only their
   * cosignatures are accepted and served; those with a URL are sent each new checkpoint (C2SP
   * tlog-witness `add-checkpoint`).
   */
  readonly logWitnesses: readonly LogWitness[];
  /** Seconds the tree may stay ahead of the latest checkpoint before the signer reads as stalled. */
  readonly logStallSeconds: number;
  readonly tokenKey: string;
  readonly smtpUrl: string | undefined;
  readonly smtpFrom: string;
  readonly rpcUrl: string | undefined;
  /** Contracts, wallets, prices and polling of the live treasury readers (src/onchain). */
  readonly onchain: OnchainSettings;
  readonly publicBaseUrl: string | undefined;
  readonly schedulerEnabled: boolean;
  readonly treasuryRefreshSeconds: number;
  readonly regimeSchedule: string;
  /** Base URLs of the regime's HTTP series sources (FRED-style API, price-series endpoint). */
  readonly fredBaseUrl: string | undefined;
  readonly fredApiKey: string | undefined;
  readonly priceBaseUrl: string | undefined;
  readonly bodyLimitBytes: number;
  /** What the HTTP edge cache may hold, keys and headers included (http/edge-cache.ts). */
  readonly edgeCacheBytes: number;
  readonly logLevel: LogLevel;
  readonly logFormat: LogFormat;
  /** Outcome horizons, the minimum for a rank and each label's series (docs/methodology.md). */
  readonly trackRecord: TrackRecordSettings;
  /** The event stream, GET /api/swarm/events (docs/swarm.md, "Events"). */
  readonly events: EventsSettings;
  /** Where readers can check the data at its source (GET /api/site-links). */
  readonly sourceLinks: SourceLinks;
}

export interface SourceLinks {
  /** A block explorer of the layer-2 (Etherscan-style `/address/<a>` and `/tx/<hash>` pages). */
  readonly explorerUrl: string | undefined;
  /** Who provides the analytics dataset. */
  readonly analyticsSource: { readonly name: string; readonly url: string } | undefined;
}

export interface EventsSettings {
  /** Milliseconds between `: heartbeat` comments on an idle stream. */
  readonly heartbeatMs: number;
  /** The `retry:` a stream announces: how long a reader waits before reconnecting. */
  readonly retryMs: number;
  /** Open streams per client address (IPv6: per /64); the next one is refused with 429. */
  readonly maxPerAddress: number;
  /** Open streams on this replica; the next one is refused with 503 and Retry-After. */
  readonly maxStreams: number;
  /**
   * Bytes of events a stream may hold unsent: past it when the next delivery or heartbeat comes,
   * the reader is stalled and its connection is dropped (it resumes with its last id).
   */
  readonly maxUnsentBytes: number;
  /**
   * New streams per client address (IPv6: per /64) per minute, after a burst of twice
   * `maxPerAddress`; past it a connection is refused with 429 and Retry-After.
   */
  readonly connectsPerMinute: number;
  /** How many log entries and session changes behind a resume cursor may be and still replay. */
  readonly replayWindow: number;
  /** The safety-net re-read while streams are open (a wake-up normally comes first). */
  readonly pollMs: number;
}

/** A witness of the log: its cosigner vkey (type 0x04) and, to push checkpoints to, its URL prefix. */
export interface LogWitness {
  readonly vkey: string;
  /** The key's name (the name on its signature lines). */
  readonly name: string;
  /** The C2SP tlog-witness submission prefix: `<url>/add-checkpoint` is posted to. */
  readonly url: string | undefined;
}

/** One log signature and at most this many cosignatures fit a note (MAX_NOTE_SIGNATURES). */
export const MAX_LOG_WITNESSES = MAX_NOTE_SIGNATURES - 1;

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
  constructor(readonly problems: readonly string[]) {
    super(`invalid configuration: ${problems.join('; ')}`);
  }
}

type Env = Readonly<Record<string, string | undefined>>;

/** Reads and validates every setting once; throws one ConfigError naming each bad variable. */
export function parseConfig(env: Env = process.env, cwd = process.cwd()): Config {
  const problems: string[] = [];
  const read = new EnvReader(env, problems);

  const appEnv = read.oneOf('APP_ENV', APP_ENVS, 'demo');
  const config: Config = {
    port: read.integer('PORT', 8080, 0, 65535),
    host: read.string('HOST', '127.0.0.1'),
    appEnv,
    databaseUrl: read.url('DATABASE_URL', ['postgres:', 'postgresql:']),
    databasePoolSize: read.integer('DATABASE_POOL_SIZE', 10, 2, 500),
    dataDir: path.resolve(cwd, read.string('DATA_DIR', './data')),
    adminToken: read.secret('ADMIN_TOKEN', 16),
    receiptSigningKey: read.base64Bytes('RECEIPT_SIGNING_KEY', 32),
    logSigningKey: read.base64Bytes('LOG_SIGNING_KEY', 32),
    logOrigin: read.pattern(
      'LOG_ORIGIN',
      /^[^\s+]{1,200}$/,
      `${publicHost(env.PUBLIC_BASE_URL)}/convene-log`,
    ),
    tokenKey: read.pattern('TOKEN_KEY', /^[A-Za-z][A-Za-z0-9_]{0,31}$/, 'CONVENE'),
    smtpUrl: read.url('SMTP_URL', ['smtp:', 'smtps:']),
    smtpFrom: read.string('SMTP_FROM', 'Convene <no-reply@convene.invalid>'),
    rpcUrl: read.url('RPC_URL', ['http:', 'https:']),
    onchain: parseOnchainSettings(env, problems),
    publicBaseUrl: read.url('PUBLIC_BASE_URL', ['http:', 'https:']),
    logLoopsEnabled: read.boolean('LOG_LOOPS_ENABLED', true),
    logEnabled: read.boolean('LOG_ENABLED', true),
    logWitnesses: read.witnesses('LOG_WITNESSES'),
    logStallSeconds: read.integer('LOG_STALL_SECONDS', 30, 2, 86_400),
    schedulerEnabled: read.boolean('SCHEDULER_ENABLED', true),
    treasuryRefreshSeconds: read.integer('TREASURY_REFRESH_SECONDS', 3600, 1, 86_400 * 7),
    regimeSchedule: read.string('REGIME_SCHEDULE', '30 22 * * *'),
    fredBaseUrl: read.url('FRED_BASE_URL', ['http:', 'https:']),
    fredApiKey: read.secret('FRED_API_KEY', 1),
    priceBaseUrl: read.url('PRICE_BASE_URL', ['http:', 'https:']),
    bodyLimitBytes: read.integer('BODY_LIMIT_BYTES', 1_048_576, 1024, 64 * 1_048_576),
    edgeCacheBytes: read.integer('EDGE_CACHE_MB', 64, 4, 65_536) * 1_048_576,
    logLevel: read.oneOf('LOG_LEVEL', LOG_LEVELS, 'info'),
    logFormat: read.oneOf('LOG_FORMAT', LOG_FORMATS, 'auto'),
    trackRecord: parseTrackRecordSettings(env, appEnv === 'demo', problems),
    sourceLinks: Object.freeze({
      explorerUrl: withoutTrailingSlash(read.url('EXPLORER_URL', ['http:', 'https:'])),
      analyticsSource: analyticsSource(
        read.url('ANALYTICS_SOURCE_URL', ['http:', 'https:']),
        read.string('ANALYTICS_SOURCE_NAME', ''),
      ),
    }),
    events: Object.freeze({
      heartbeatMs: read.integer('EVENTS_HEARTBEAT_MS', 15_000, 10, 600_000),
      retryMs: read.integer('EVENTS_RETRY_MS', 3000, 100, 600_000),
      maxPerAddress: read.integer('EVENTS_MAX_STREAMS_PER_ADDRESS', 8, 1, 10_000),
      maxStreams: read.integer('EVENTS_MAX_STREAMS', 512, 1, 100_000),
      maxUnsentBytes: read.integer(
        'EVENTS_MAX_UNSENT_BYTES',
        256 * 1024,
        16 * 1024,
        64 * 1024 * 1024,
      ),
      connectsPerMinute: read.integer('EVENTS_CONNECTS_PER_MINUTE', 60, 1, 1_000_000),
      replayWindow: read.integer('EVENTS_REPLAY_WINDOW', 1000, 1, 100_000),
      pollMs: read.integer('EVENTS_POLL_MS', 5000, 10, 600_000),
    }),
  };

  if (appEnv !== 'demo') {
    if (config.adminToken === undefined)
      problems.push(`ADMIN_TOKEN is required when APP_ENV=${appEnv}`);
    if (config.receiptSigningKey === undefined) {
      problems.push(`RECEIPT_SIGNING_KEY is required when APP_ENV=${appEnv}`);
    }
    if (!config.logEnabled)
      problems.push(`LOG_ENABLED=false is for benchmarks, not APP_ENV=${appEnv}`);
    if (config.logSigningKey === undefined) {
      problems.push(`LOG_SIGNING_KEY is required when APP_ENV=${appEnv}`);
    }
  }
  const rpcUrlInvalid = problems.some((problem) => problem.startsWith('RPC_URL '));
  if (wantsChain(config.onchain) && config.rpcUrl === undefined && !rpcUrlInvalid)
    problems.push('RPC_URL is required when onchain addresses (VAULT_ADDRESS, …) are set');
  if (problems.length > 0) throw new ConfigError(problems);
  return Object.freeze(config);
}

const withoutTrailingSlash = (url: string | undefined) => url?.replace(/\/+$/, '');

/** The analytics provider's page, named by ANALYTICS_SOURCE_NAME or else by its host. */
function analyticsSource(url: string | undefined, name: string): SourceLinks['analyticsSource'] {
  if (url === undefined) return undefined;
  return Object.freeze({ name: name.trim() === '' ? new URL(url).host : name.trim(), url });
}

/** The host (and port) of PUBLIC_BASE_URL, or `localhost` when unset or not a URL. */
function publicHost(value: string | undefined): string {
  try {
    return value === undefined || value.trim() === '' ? 'localhost' : new URL(value.trim()).host;
  } catch {
    return 'localhost';
  }
}

function isHttpUrl(value: string): boolean {
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

class EnvReader {
  constructor(
    private readonly env: Env,
    private readonly problems: string[],
  ) {}

  private raw(name: string): string | undefined {
    const value = this.env[name];
    return value === undefined || value.trim() === '' ? undefined : value.trim();
  }

  string(name: string, fallback: string): string {
    return this.raw(name) ?? fallback;
  }

  integer(name: string, fallback: number, min: number, max: number): number {
    const value = this.raw(name);
    if (value === undefined) return fallback;
    const parsed = /^\d+$/.test(value) ? Number(value) : Number.NaN;
    if (!Number.isSafeInteger(parsed) || parsed < min || parsed > max) {
      this.problems.push(`${name} must be an integer from ${min} to ${max} (got "${value}")`);
      return fallback;
    }
    return parsed;
  }

  boolean(name: string, fallback: boolean): boolean {
    const value = this.raw(name);
    if (value === undefined) return fallback;
    if (['1', 'true', 'yes', 'on'].includes(value.toLowerCase())) return true;
    if (['0', 'false', 'no', 'off'].includes(value.toLowerCase())) return false;
    this.problems.push(`${name} must be true or false (got "${value}")`);
    return fallback;
  }

  oneOf<T extends string>(name: string, allowed: readonly T[], fallback: T): T {
    const value = this.raw(name);
    if (value === undefined) return fallback;
    if ((allowed as readonly string[]).includes(value)) return value as T;
    this.problems.push(`${name} must be one of ${allowed.join(', ')} (got "${value}")`);
    return fallback;
  }

  pattern(name: string, re: RegExp, fallback: string): string {
    const value = this.raw(name);
    if (value === undefined) return fallback;
    if (re.test(value)) return value;
    this.problems.push(`${name} must match ${String(re)} (got "${value}")`);
    return fallback;
  }

  url(name: string, protocols: readonly string[]): string | undefined {
    const value = this.raw(name);
    if (value === undefined) return undefined;
    let parsed: URL | undefined;
    try {
      parsed = new URL(value);
    } catch {
      parsed = undefined;
    }
    if (parsed === undefined || !protocols.includes(parsed.protocol)) {
      this.problems.push(
        `${name} must be a URL starting with ${protocols.map((p) => `${p}//`).join(' or ')}`,
      );
      return undefined;
    }
    return value;
  }

  /** Secrets are never echoed back in error messages. */
  secret(name: string, minLength: number): string | undefined {
    const value = this.raw(name);
    if (value === undefined) return undefined;
    if (value.length < minLength) {
      this.problems.push(`${name} must be at least ${minLength} characters long`);
      return undefined;
    }
    return value;
  }

  /**
   * A comma-separated list of witnesses, each `<vkey>` or `<vkey>@<url>`: a C2SP cosigner vkey
   * (`<name>+<key ID>+<base64(0x04 ‖ key)>`) and, for push, the witness's submission prefix. The
   * `@` is looked for after the vkey's second `+` (base64 has none).
   */
  witnesses(name: string): LogWitness[] {
    const value = this.raw(name);
    if (value === undefined) return [];
    const witnesses: LogWitness[] = [];
    const items = value.split(',').map((item) => item.trim());
    for (const [i, item] of items.entries()) {
      const where = `${name} item ${i + 1}`;
      const secondPlus = item.indexOf('+', item.indexOf('+') + 1);
      const at = secondPlus < 0 ? -1 : item.indexOf('@', secondPlus);
      const vkey = at < 0 ? item : item.slice(0, at);
      const url = at < 0 ? undefined : item.slice(at + 1);
      const parsed = parseVerifierKey(vkey);
      if (parsed === null || parsed.type !== NOTE_SIGNATURE_TYPE.cosignatureV1) {
        this.problems.push(
          `${where} must be a witness vkey <name>+<key ID>+<base64(0x04 ‖ key)>, optionally @<url> (got "${item}")`,
        );
        continue;
      }
      if (url !== undefined && !isHttpUrl(url)) {
        this.problems.push(`${where} has a URL that is not http:// or https:// (got "${url}")`);
        continue;
      }
      if (witnesses.some((w) => w.vkey === vkey || w.name === parsed.name)) {
        this.problems.push(`${where} names witness ${parsed.name} twice`);
        continue;
      }
      witnesses.push(Object.freeze({ vkey, name: parsed.name, url: url?.replace(/\/+$/, '') }));
    }
    if (witnesses.length > MAX_LOG_WITNESSES) {
      this.problems.push(`${name} lists more than ${MAX_LOG_WITNESSES} witnesses`);
    }
    return witnesses;
  }

  base64Bytes(name: string, length: number): string | undefined {
    const value = this.raw(name);
    if (value === undefined) return undefined;
    const valid = /^[A-Za-z0-9+/]*={0,2}$/.test(value) && value.length % 4 === 0;
    if (!valid || Buffer.from(value, 'base64').length !== length) {
      this.problems.push(`${name} must be base64 of exactly ${length} bytes`);
      return undefined;
    }
    return value;
  }
}
