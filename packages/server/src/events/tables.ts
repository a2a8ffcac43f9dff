import type { ColumnType } from '../db/column-types.js';

export const SESSION_EVENT_KINDS = ['opened', 'aggregated', 'published'] as const;
export type SessionEventKind = (typeof SESSION_EVENT_KINDS)[number];

/** Written only by a trigger (migration 0022-swarm-events): read-only to the code. */
type ByTrigger<T> = ColumnType<T, never, never>;

/** A session change the event stream reports, numbered by a trigger: nothing here is written by code. */
export interface EventColumns {
  swarm_session_event: {
    seq: ByTrigger<number>;
    session_id: ByTrigger<string>;
    kind: ByTrigger<SessionEventKind>;
    at: ByTrigger<Date>;
    /** The log's next index when the change was numbered: it follows every entry below. */
    log_next: ByTrigger<number>;
  };
}
