import type { Clock } from './clock.js';
import type { Config } from './config.js';
import type { DataVersions } from './db/data-versions.js';
import type { Database } from './db/database.js';
import type { Readiness } from './readiness.js';
import type { EdgeCache } from './http/edge-cache.js';
import type { Scheduler } from './jobs/scheduler.js';
import type { Tlog } from './tlog/plugin.js';

/** The app's infrastructure, from which the composition root (composition.ts) builds every service. */
export interface AppContext {
  config: Config;
  database: Database;
  clock: Clock;
  versions: DataVersions;
  scheduler: Scheduler;
  readiness: Readiness;
  /** Cached answers written again without Fastify while their data version stands (http/replay.ts). */
  edge: EdgeCache;
  /** The transparency log (src/tlog): takes enter it as they are filed; it integrates and signs. */
  tlog: Tlog;
}
