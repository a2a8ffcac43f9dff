import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock.js';
import type { Config } from '../config.js';
import type { Database } from '../db/database.js';
import { CheckpointRepository } from './checkpoint-repository.js';
import { LogEntryRepository } from './entry-repository.js';
import { LogIntegrity } from './integrity.js';
import { LogIntegrityRepository } from './integrity-repository.js';
import { KeyEventLog } from './key-log.js';
import { resolveLogKey } from './log-key.js';
import { LogWatch } from './log-watch.js';
import { OutcomeEntryLog } from './outcome-log.js';
import { Tlog } from './plugin.js';
import { TlogSequencer } from './sequencer.js';
import { TlogService } from './service.js';
import { LogTreeRepository } from './tree-repository.js';
import { WitnessPush } from './witness-push.js';

/**
 * The transparency log's part of the composition root (src/composition.ts): its repositories, the
 * service that reads and signs, the sequencer that integrates, the witness push, and the two logs
 * other domains append to in their own transactions (member keys, session outcomes).
 */
export async function composeTlog(
  uses: { config: Config; database: Database; clock: Clock },
  log: FastifyBaseLogger,
): Promise<Tlog> {
  const { config, database, clock } = uses;
  const enabled = config.logEnabled;
  const entries = new LogEntryRepository(database.db);
  const tree = new LogTreeRepository(database.db);
  const watch = new LogWatch();
  const service = new TlogService({
    entries,
    tree,
    checkpoints: new CheckpointRepository(database.db),
    key: await resolveLogKey(config),
    clock,
    witnesses: config.logWitnesses,
    stallSeconds: config.logStallSeconds,
    watch,
    rowWatch: database.rowWatch,
  });
  const sequencer = new TlogSequencer({ entries, tree, log });
  // An appended entry is integrated soon after (the recovery pass integrates anything missed).
  const integrateSoon = (): void => {
    if (enabled) sequencer.integrateSoon();
  };
  return new Tlog({
    entries,
    service,
    sequencer,
    witnessPush: new WitnessPush({ service, witnesses: config.logWitnesses }),
    keyEvents: new KeyEventLog({
      entries,
      onAppended: () => {
        service.keyEntryAppended();
        integrateSoon();
      },
    }),
    outcomeEntries: new OutcomeEntryLog({ entries, onAppended: integrateSoon }),
    integrity: new LogIntegrity({
      repository: new LogIntegrityRepository(database.db),
      watch,
      clock,
    }),
    database,
    log,
    enabled,
  });
}
