import type { Clock } from '../clock.js';
import type { AppEnv } from '../config.js';
import type { Database } from '../db/database.js';
import {
  probeAppendOnlyGuard,
  probeConnection,
  probeHandleNamespace,
  type GuardOutcome,
} from '../db/guards.js';
import type { Readiness } from '../http/readiness.js';

export interface Health {
  /** `loading` while a first demo start builds its data (the API answers 503 meanwhile). */
  status: 'ok' | 'degraded' | 'loading';
  env: AppEnv;
  /** Driver name and whether it answered, e.g. "pglite: ok" or "postgres: unreachable". */
  db: string;
  handle_namespace: GuardOutcome;
  append_only_guard: GuardOutcome;
}

export interface HealthServiceOptions {
  /** How long a probe outcome is reused; concurrent requests share one probe in flight. */
  dbPingTtlMs?: number;
  guardProbeTtlMs?: number;
  /** Reports `loading` until the data is complete. */
  readiness?: Readiness;
}

/** Answers /health from real probes of the live database, each reused for a short time. */
export class HealthService {
  private readonly ping: Probe<boolean>;
  private readonly guards: Probe<{ namespace: GuardOutcome; appendOnly: GuardOutcome }>;

  constructor(
    private readonly database: Database,
    private readonly env: AppEnv,
    clock: Clock,
    private readonly options: HealthServiceOptions = {},
  ) {
    this.ping = new Probe(options.dbPingTtlMs ?? 1000, clock, async () => {
      await probeConnection(database.db);
      return true;
    });
    this.guards = new Probe(options.guardProbeTtlMs ?? 30_000, clock, async () => ({
      namespace: await probeHandleNamespace(database.db, clock.now()),
      appendOnly: await probeAppendOnlyGuard(database.db),
    }));
  }

  async check(): Promise<Health> {
    const answered = await this.ping.get().catch(() => false);
    const guards = answered
      ? await this.guards
          .get()
          .catch(() => ({ namespace: 'error' as const, appendOnly: 'error' as const }))
      : { namespace: 'error' as const, appendOnly: 'error' as const };
    const healthy = answered && guards.namespace === 'enforced' && guards.appendOnly === 'enforced';
    const loading = this.options.readiness?.isLoading === true;
    return {
      status: !healthy ? 'degraded' : loading ? 'loading' : 'ok',
      env: this.env,
      db: `${this.database.driver}: ${answered ? 'ok' : 'unreachable'}`,
      handle_namespace: guards.namespace,
      append_only_guard: guards.appendOnly,
    };
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
