import type { Clock } from '../clock.js';
import type { AppEnv } from '../config.js';
import type { Database } from '../db/database.js';
import {
  probeAppendOnlyGuard,
  probeConnection,
  probeHandleNamespace,
  type GuardOutcome,
} from '../db/guards.js';
import { FreshReads } from '../db/fresh-reads.js';
import type { Readiness } from '../readiness.js';

export interface Health {
  /** `loading` while a first demo start builds its data (the API answers 503 meanwhile). */
  status: 'ok' | 'degraded' | 'loading';
  env: AppEnv;
  /** Driver name and whether it answered, e.g. "pglite: ok" or "postgres: unreachable". */
  db: string;
  handle_namespace: GuardOutcome;
  append_only_guard: GuardOutcome;
  /**
   * The log: "ok", or "inconsistent: …" (its integrity check found entries or rows missing),
   * "halted: …" / "stalled: …" (its signer); "off" when the log is not kept.
   */
  transparency_log: string;
  /** Why the status is degraded (absent when it is not). */
  reason?: string;
}

/** What /health reads of the transparency log (the log's service implements it). */
export interface LogHealthSource {
  statusWithoutWitnesses(): Promise<{
    signer: { state: 'ok' | 'halted' | 'stalled'; reason: string | null };
    rejectedCheckpoints: { count: number };
    integrity: { state: 'ok' | 'inconsistent' | 'unchecked'; problems: string[] };
  }>;
}

export interface HealthServiceOptions {
  /** How long a probe outcome is reused; concurrent requests share one probe in flight. */
  dbPingTtlMs?: number;
  guardProbeTtlMs?: number;
  /** Reports `loading` until the data is complete. */
  readiness?: Readiness;
  /** The transparency log, when kept: a halted or stalled signer degrades the status. */
  log?: LogHealthSource;
}

/** Answers /health from real probes of the live database, each reused for a short time. */
export class HealthService {
  private readonly ping: Probe<boolean>;
  private readonly guards: Probe<{ namespace: GuardOutcome; appendOnly: GuardOutcome }>;
  private readonly fresh = new FreshReads<Health>();
  private latest: { at: number; health: Health } | undefined;
  private refreshing: Promise<unknown> | undefined;

  private readonly database: Database;
  private readonly env: AppEnv;
  private readonly clock: Clock;
  private readonly options: HealthServiceOptions;

  constructor(uses: HealthServiceOptions & { database: Database; env: AppEnv; clock: Clock }) {
    const { database, clock } = uses;
    this.database = database;
    this.env = uses.env;
    this.clock = clock;
    this.options = uses;
    const options = uses;
    this.ping = new Probe(options.dbPingTtlMs ?? 1000, clock, async () => {
      await probeConnection(database.db);
      return true;
    });
    this.guards = new Probe(options.guardProbeTtlMs ?? 30_000, clock, async () => ({
      namespace: await probeHandleNamespace(database.db, clock.now()),
      appendOnly: await probeAppendOnlyGuard(database.db),
    }));
  }

  /**
   * The current health; concurrent callers share one check that started after they asked. While a
   * first demo start loads, a check younger than the ping's reuse time (1 s) answers at once and a
   * new one runs behind it: the seeders hold the embedded database's one connection for long
   * transactions, a probe would queue behind them, and a database failure meanwhile stops the
   * seeding and the process anyway.
   */
  async check(): Promise<Health> {
    const latest = this.latest;
    const reuseMs = this.options.dbPingTtlMs ?? 1000;
    if (
      latest !== undefined &&
      this.options.readiness?.isLoading === true &&
      this.clock.now().getTime() - latest.at < reuseMs
    ) {
      this.refreshing ??= this.fresh
        .read('health', () => this.checkNow())
        .catch(() => undefined)
        .finally(() => (this.refreshing = undefined));
      return latest.health;
    }
    return this.fresh.read('health', () => this.checkNow());
  }

  private async checkNow(): Promise<Health> {
    const answered = await this.ping.get().catch(() => false);
    const guards = answered
      ? await this.guards
          .get()
          .catch(() => ({ namespace: 'error' as const, appendOnly: 'error' as const }))
      : { namespace: 'error' as const, appendOnly: 'error' as const };
    const log = answered ? await this.logOutcome() : 'error: the database did not answer';
    const reasons = [
      ...(answered ? [] : ['the database did not answer']),
      ...(guards.namespace === 'enforced' ? [] : [`handle_namespace: ${guards.namespace}`]),
      ...(guards.appendOnly === 'enforced' ? [] : [`append_only_guard: ${guards.appendOnly}`]),
      ...(log === 'ok' || log === 'off' || !answered ? [] : [`transparency log: ${log}`]),
    ];
    const loading = this.options.readiness?.isLoading === true;
    const health: Health = {
      // Loading comes first: a probe failing while the demo seeds (a stalled log under load, say)
      // must not turn the 503 that tells probes and clients to wait into a 200.
      status: loading ? 'loading' : reasons.length > 0 ? 'degraded' : 'ok',
      env: this.env,
      db: `${this.database.driver}: ${answered ? 'ok' : 'unreachable'}`,
      handle_namespace: guards.namespace,
      append_only_guard: guards.appendOnly,
      transparency_log: log,
      ...(reasons.length > 0 ? { reason: reasons.join('; ') } : {}),
    };
    this.latest = { at: this.clock.now().getTime(), health };
    return health;
  }

  /**
   * "ok", "inconsistent: <the first problem> (+n more)", "halted: <why>" or "stalled: <why>" (read
   * each time: it is in memory and one query). A loss comes first: it is the one a restart or a
   * witness does not mend.
   */
  private async logOutcome(): Promise<string> {
    const source = this.options.log;
    if (source === undefined) return 'off';
    try {
      const { signer, integrity } = await source.statusWithoutWitnesses();
      if (integrity.state === 'inconsistent') {
        const more = integrity.problems.length - 1;
        return `inconsistent: ${integrity.problems[0]}${more > 0 ? ` (+${more} more, in the admin status)` : ''}`;
      }
      return signer.state === 'ok' ? 'ok' : `${signer.state}: ${signer.reason ?? ''}`;
    } catch (error) {
      return `error: ${(error as Error).message}`;
    }
  }
}

/** A value recomputed at most once per `ttlMs`; failures are not cached. */
class Probe<T> {
  private value: { at: number; result: T } | undefined;
  private inFlight: Promise<T> | undefined;

  constructor(
    private readonly ttlMs: number,
    private readonly clock: Clock,
    private readonly run: () => Promise<T>,
  ) {}

  async get(): Promise<T> {
    const now = this.clock.now().getTime();
    if (this.value !== undefined && now - this.value.at < this.ttlMs) return this.value.result;
    this.inFlight ??= this.run()
      .then((result) => {
        this.value = { at: this.clock.now().getTime(), result };
        return result;
      })
      .finally(() => {
        this.inFlight = undefined;
      });
    return this.inFlight;
  }
}
