import type { Migration } from './migration.js';
import { foundation } from './0001-foundation.js';
import { swarm } from './0002-swarm.js';
import { dataVersion } from './0003-data-version.js';
import { treasury } from './0004-treasury.js';
import { regime } from './0005-regime.js';
import { analytics } from './0006-analytics.js';
import { swarmLifecycle } from './0007-swarm-lifecycle.js';
import { onchain } from './0008-onchain.js';
import { takeWritePath } from './0009-take-write-path.js';
import { swarmRules } from './0010-swarm-rules.js';
import { tlog } from './0013-tlog.js';
import { tlogAtSubmit } from './0014-tlog-at-submit.js';
import { takeLogPosition } from './0015-take-log-position.js';
import { judgementMemberPaging } from './0016-judgement-member-paging.js';
import { tlogNextIndex } from './0017-tlog-next-index.js';
import { nonceLedgerByTake } from './0019-nonce-ledger-by-take.js';
import { memberKeyLog } from './0018-member-key-log.js';
import { rowWatch } from './0020-row-watch.js';
import { trackRecord } from './0021-track-record.js';
import { swarmEvents } from './0022-swarm-events.js';
import { oneSessionPerDay } from './0023-one-session-per-day.js';
import { tlogWitnessFailure } from './0024-tlog-witness-failure.js';
import { memberNameKey } from './0025-member-name-key.js';

export type { Migration } from './migration.js';

export const MIGRATIONS: readonly Migration[] = [
  foundation,
  swarm,
  dataVersion,
  treasury,
  regime,
  analytics,
  swarmLifecycle,
  onchain,
  takeWritePath,
  swarmRules,
  tlog,
  tlogAtSubmit,
  takeLogPosition,
  judgementMemberPaging,
  tlogNextIndex,
  memberKeyLog,
  nonceLedgerByTake,
  rowWatch,
  trackRecord,
  swarmEvents,
  oneSessionPerDay,
  tlogWitnessFailure,
  memberNameKey,
];
