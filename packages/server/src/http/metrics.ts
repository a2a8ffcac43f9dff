import type { FastifyInstance } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Scheduler } from '../jobs/scheduler.js';
import type { Tlog } from '../tlog/plugin.js';
import type { EdgeCache } from './edge-cache.js';
import type { LogStatus } from '../tlog/schemas.js';

/** What the event streams report (events/streams.ts `StreamStatus`; not imported: events uses http). */
interface StreamStatus {
  open: number;
  max: number;
  refused: Record<string, number>;
  droppedStalled: number;
  replayReads: { whole: number; extend: number };
}

/**
 * Prometheus metrics at /metrics: request rate and latency per route, submit outcomes, job runs,
 * how long accepted takes wait to be integrated into the log's tree, the log's signer (halted or
 * stalled, checkpoint age, alarms), plus the process defaults (RSS, heap, event-loop lag).
 */
export function registerMetrics(
  app: FastifyInstance,
  scheduler: Scheduler,
  tlog: Pick<Tlog, 'onIntegrated' | 'onAlarm' | 'service'>,
  logEnabled = true,
  edge?: Pick<EdgeCache, 'onServed'>,
): Registry {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'convene_' });

  const requests = new Histogram({
    name: 'convene_http_request_duration_seconds',
    help: 'HTTP request latency by route template, method and status code',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [registry],
  });
  const submits = new Counter({
    name: 'convene_submit_outcomes_total',
    help: "Take submissions by outcome: accepted (code empty), or the HTTP status and the error catalogue's code of the refusal",
    labelNames: ['status', 'code'] as const,
    registers: [registry],
  });
  const jobs = new Counter({
    name: 'convene_job_runs_total',
    help: 'Scheduled job runs by job and outcome (locked = another replica held the job)',
    labelNames: ['job', 'outcome'] as const,
    registers: [registry],
  });
  const jobDuration = new Histogram({
    name: 'convene_job_duration_seconds',
    help: 'Scheduled job run time',
    labelNames: ['job'] as const,
    buckets: [0.01, 0.1, 0.5, 1, 5, 15, 60, 300],
    registers: [registry],
  });
  const integration = new Histogram({
    name: 'convene_tlog_integration_seconds',
    help: "From a take's 201 to its entry integrated into the log's tree (provable at the next checkpoint)",
    buckets: [0.05, 0.1, 0.2, 0.35, 0.5, 0.75, 1, 2, 5],
    registers: [registry],
  });
  tlog.onIntegrated((seconds) => integration.observe(seconds));
  const alarms = new Counter({
    name: 'convene_tlog_alarms_total',
    help: "The log's alarms: checkpoint_rejected (a row not served), signer_halted, witness_failed, integrity_failed (the start-up check found a gap)",
    labelNames: ['kind'] as const,
    registers: [registry],
  });
  tlog.onAlarm((alarm) => alarms.inc({ kind: alarm.kind }));
  if (logEnabled) registerLogGauges(registry, tlog.service);
  scheduler.onRun((record) => {
    jobs.inc({ job: record.job, outcome: record.outcome });
    if (record.outcome !== 'locked')
      jobDuration.observe({ job: record.job }, record.durationMs / 1000);
  });

  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? 'unmatched';
    if (route === '/api/swarm/submit' && request.method === 'POST')
      submits.inc({ status: String(reply.statusCode), code: request.failure ?? '' });
    requests.observe(
      { method: request.method, route, status: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
    done();
  });
  edge?.onServed(({ request, route, statusCode, responseTimeMs }) =>
    requests.observe(
      { method: request.method ?? 'GET', route, status: String(statusCode) },
      responseTimeMs / 1000,
    ),
  );

  app.get('/metrics', { schema: { hide: true } }, async (_request, reply) => {
    reply.type(registry.contentType);
    return registry.metrics();
  });
  return registry;
}

/** Gauges read from the log's status at each scrape (one status read shared by all of them). */
function registerLogGauges(registry: Registry, service: { status(): Promise<LogStatus> }): void {
  let scrape: { at: number; status: Promise<LogStatus> } | undefined;
  const status = () => {
    const now = performance.now();
    if (scrape === undefined || now - scrape.at > 500)
      scrape = { at: now, status: service.status() };
    return scrape.status;
  };
  const gauge = (name: string, help: string, value: (s: LogStatus) => number) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      async collect() {
        this.set(value(await status()));
      },
    });
  new Gauge({
    name: 'convene_tlog_signer_up',
    help: "1 while the log's checkpoint signer is ok, 0 when it is halted or stalled (label state)",
    labelNames: ['state'] as const,
    registers: [registry],
    async collect() {
      const { signer } = await status();
      this.reset();
      this.set({ state: signer.state }, signer.state === 'ok' ? 1 : 0);
    },
  });
  gauge('convene_tlog_tree_size', 'Entries integrated into the tree', (s) => s.size);
  gauge(
    'convene_tlog_integrity_problems',
    'Kinds of gap the start-up integrity check found between the log and its rows (0: they agree)',
    (s) => s.integrity.problems.length,
  );
  gauge(
    'convene_tlog_checkpoint_size',
    'Size of the latest checkpoint served',
    (s) => s.checkpoint?.size ?? 0,
  );
  gauge(
    'convene_tlog_checkpoint_age_seconds',
    'Age of the latest checkpoint served',
    (s) => s.checkpoint?.ageSeconds ?? 0,
  );
}

/**
 * The `GET /api/swarm/events` streams of this replica, read at each scrape: open against the cap,
 * refusals by reason (rate and address: 429; total: 503), readers dropped as stalled, and the
 * database reads of the shared replay page (docs/operations.md, "Event stream limits").
 */
export function registerEventStreamGauge(
  registry: Registry,
  streams: { status(): StreamStatus },
): void {
  new Gauge({
    name: 'convene_event_streams_open',
    help: 'Event streams (GET /api/swarm/events) open on this replica',
    registers: [registry],
    collect() {
      this.set(streams.status().open);
    },
  });
  new Gauge({
    name: 'convene_event_streams_max',
    help: 'Event streams this replica serves at most (EVENTS_MAX_STREAMS); the next is a 503',
    registers: [registry],
    collect() {
      this.set(streams.status().max);
    },
  });
  new Counter({
    name: 'convene_event_streams_refused_total',
    help: 'Event streams refused: rate (connects per address, 429), address (open per address, 429), total (the cap, 503)',
    labelNames: ['reason'] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const [reason, count] of Object.entries(streams.status().refused))
        this.inc({ reason }, count);
    },
  });
  new Counter({
    name: 'convene_event_streams_dropped_total',
    help: 'Event streams closed by the server because their reader fell more than EVENTS_MAX_UNSENT_BYTES behind',
    labelNames: ['reason'] as const,
    registers: [registry],
    collect() {
      this.reset();
      this.inc({ reason: 'stalled' }, streams.status().droppedStalled);
    },
  });
  new Counter({
    name: 'convene_event_replay_reads_total',
    help: 'Database reads of the shared replay page: whole (the window read again), extend (what is new after it)',
    labelNames: ['kind'] as const,
    registers: [registry],
    collect() {
      this.reset();
      const { whole, extend } = streams.status().replayReads;
      this.inc({ kind: 'whole' }, whole);
      this.inc({ kind: 'extend' }, extend);
    },
  });
}

/**
 * What the edge cache holds per route family (`cache`; its socket recordings as `replay`), read at
 * each scrape: bytes counted against the one budget, entries, and evictions (a steady climb means
 * the budget is too small for the traffic, or a flood); and how many plain GETs the socket answered
 * and how many went on to the routes.
 */
export function registerCacheMetrics(
  registry: Registry,
  edge: Pick<EdgeCache, 'statsByCache' | 'servedCount' | 'missedCount'>,
): void {
  new Gauge({
    name: 'convene_cache_bytes',
    help: "Bytes a cache holds, as counted against its budget (keys, headers and every encoding's bytes)",
    labelNames: ['cache'] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const [cache, stats] of Object.entries(edge.statsByCache()))
        this.set({ cache }, stats.bytes);
    },
  });
  new Gauge({
    name: 'convene_cache_entries',
    help: 'Entries a cache holds',
    labelNames: ['cache'] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const [cache, stats] of Object.entries(edge.statsByCache()))
        this.set({ cache }, stats.entries);
    },
  });
  new Counter({
    name: 'convene_cache_evictions_total',
    help: 'Entries a cache pushed out to stay within its budget',
    labelNames: ['cache'] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const [cache, stats] of Object.entries(edge.statsByCache()))
        this.inc({ cache }, stats.evictions);
    },
  });
  new Counter({
    name: 'convene_replay_requests_total',
    help: 'Plain GETs answered at the socket (replayed) or passed on to the routes (routed)',
    labelNames: ['outcome'] as const,
    registers: [registry],
    collect() {
      this.reset();
      this.inc({ outcome: 'replayed' }, edge.servedCount);
      this.inc({ outcome: 'routed' }, edge.missedCount);
    },
  });
}
