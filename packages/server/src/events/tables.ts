import type { ColumnType } from '../db/column-types.js';

export const SESSION_EVENT_KINDS = ['opened', 'aggregated', 'published'] as const;
export type SessionEventKind = (typeof SESSION_EVENT_KINDS)[number];

/** A session change the event stream reports, numbered by a trigger (migration 0022-swarm-events). */
export interface SwarmSessionEventTable {
  seq: ColumnType<number, never, never>;
  session_id: ColumnType<string, never, never>;
  kind: ColumnType<SessionEventKind, never, never>;
  at: ColumnType<Date, never, never>;
  /** The log's next index when the change was numbered: it follows every entry below. */
  log_next: ColumnType<number, never, never>;
}

export interface EventTables {
  swarm_session_event: SwarmSessionEventTable;
}
