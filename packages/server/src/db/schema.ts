import type { AnalyticsTables } from '../analytics/tables.js';
import type { EmailTables } from '../email/tables.js';
import type { EventTables } from '../events/tables.js';
import type { JobTables } from '../jobs/tables.js';
import type { OnchainTables } from '../onchain/tables.js';
import type { RegimeTables } from '../regime/tables.js';
import type { SwarmTables } from '../swarm/tables.js';
import type { TlogTables } from '../tlog/tables.js';
import type { TreasuryTables } from '../treasury/tables.js';
import type { Generated } from './column-types.js';

/*
 * The database as Kysely sees it: each domain's tables (its `tables.ts`, which imports nothing that
 * reaches back here), plus the infrastructure's own. Re-exported so repositories import one module.
 */
export type * from './column-types.js';
export type * from '../email/tables.js';
export type * from '../jobs/tables.js';
export type * from '../swarm/tables.js';

export interface AppSettingTable {
  key: string;
  value: string;
  updated_at: Generated<Date>;
}

export interface DataVersionTable {
  name: string;
  version: number;
  updated_at: Generated<Date>;
}

/** Every table, named as in SQL. Domains add theirs here when their migration lands. */
export interface DB
  extends
    AnalyticsTables,
    TreasuryTables,
    RegimeTables,
    OnchainTables,
    TlogTables,
    EventTables,
    SwarmTables,
    EmailTables,
    JobTables {
  app_setting: AppSettingTable;
  data_version: DataVersionTable;
}
