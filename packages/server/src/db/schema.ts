import type { AnalyticsColumns } from '../analytics/tables.js';
import type { EventColumns } from '../events/tables.js';
import type { JobColumns } from '../jobs/tables.js';
import type { RegimeColumns } from '../regime/tables.js';
import type { SwarmColumns } from '../swarm/tables.js';
import type { TlogColumns, TlogEntriesView } from '../tlog/tables.js';
import type { TreasuryColumns } from '../treasury/tables.js';
import type { ColumnMaps, Tables } from './table-types.js';

/*
 * The database as Kysely sees it: every table as the schema has it (columns.generated.ts, written
 * by `npm run schema:dump`), with the columns each domain narrows in its tables.ts (which imports
 * nothing that reaches back here). Re-exported so repositories import one module.
 */
export type * from './column-types.js';
export type * from '../jobs/tables.js';
export type * from '../swarm/tables.js';

/** Each domain's narrowings, one map per domain; `ColumnMaps` refuses a table or column the schema lacks. */
type Narrowings = AnalyticsColumns &
  EventColumns &
  JobColumns &
  RegimeColumns &
  SwarmColumns &
  TlogColumns &
  TreasuryColumns;

type Checked<M extends ColumnMaps<M>> = Tables<M>;

/** Every table, named as in SQL, and the log's one view. */
export type DB = Checked<Narrowings> & { tlog_entries: TlogEntriesView };
