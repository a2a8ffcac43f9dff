import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.js';
import type { Database } from '../db/database.js';
import type { DataVersions } from '../db/data-versions.js';
import { ServiceError } from '../errors.js';
import { EventFeed } from './feed.js';
import { ReplayPage } from './replay-page.js';
import { EventsRepository } from './repository.js';
import { EventsService, type CheckpointSource } from './service.js';
import { EventStreams } from './streams.js';

/** Rows read per source per query. */
const BATCH = 500;

/**
 * The event stream's parts, wired to what wakes its reader: a data version moving (`swarm` after
 * takes and lifecycle steps, `events.*` from migration 0022's triggers, on PostgreSQL from any
 * replica through LISTEN) and, on PGlite, every watched table's change.
 */
export function composeEvents(deps: {
  config: Config;
  database: Database;
  versions: DataVersions;
  checkpoints: { latestCheckpoint(): Promise<CheckpointSourceRow> } | null;
  wakeOn: readonly string[];
  log: FastifyBaseLogger;
}): EventStreams {
  const { config, database, versions } = deps;
  const events = new EventsService({
    repository: new EventsRepository(database.db),
    checkpoints: deps.checkpoints === null ? null : latestOrNull(deps.checkpoints),
    settings: { batch: BATCH, replayWindow: config.events.replayWindow },
  });
  const feed = new EventFeed({ events, log: deps.log, pollMs: config.events.pollMs });
  versions.onNotice((name) => {
    if (deps.wakeOn.includes(name) || name.startsWith('events.')) feed.wake();
  });
  database.rowWatch?.onChange(() => feed.wake());
  return new EventStreams({ feed, page: new ReplayPage({ events }), settings: config.events });
}

interface CheckpointSourceRow {
  size: number;
  rootHash: string;
  createdAt: string;
}

function latestOrNull(log: { latestCheckpoint(): Promise<CheckpointSourceRow> }): CheckpointSource {
  return {
    async latest() {
      try {
        const { size, rootHash, createdAt } = await log.latestCheckpoint();
        return { size, rootHash, createdAt };
      } catch (error) {
        if (error instanceof ServiceError && error.code === 'noCheckpoint') return null;
        throw error;
      }
    },
  };
}
