/**
 * Where a reader of the event stream stands, in the three ordered sources events are derived from:
 * the transparency log (entries below `log` are behind it), the checkpoints (the newest one seen has
 * size `checkpoint`) and the session changes (numbered up to `session`). Every replica reads the
 * same database, so a cursor handed out by one replica resumes on any other.
 */
export interface Cursor {
  readonly log: number;
  readonly checkpoint: number;
  readonly session: number;
}

export type CursorSource = keyof Cursor;

const CURSOR = /^(\d{1,15})\.(\d{1,15})\.(\d{1,15})$/;

/** The SSE id: opaque to readers (documented as such), `<log>.<checkpoint>.<session>` to us. */
export function encodeCursor(cursor: Cursor): string {
  return `${cursor.log}.${cursor.checkpoint}.${cursor.session}`;
}

/** The cursor an id names, or undefined when it is not one the service could have written. */
export function parseCursor(text: string): Cursor | undefined {
  const match = CURSOR.exec(text);
  if (match === null) return undefined;
  return { log: Number(match[1]), checkpoint: Number(match[2]), session: Number(match[3]) };
}

/** A step in one source: the source's position once the step is taken. */
export interface Step {
  readonly source: CursorSource;
  readonly position: number;
}

/** Whether a reader at `cursor` has already been given `step`. */
export function covers(cursor: Cursor, step: Step): boolean {
  return cursor[step.source] >= step.position;
}

export function advance(cursor: Cursor, step: Step): Cursor {
  return covers(cursor, step) ? cursor : { ...cursor, [step.source]: step.position };
}
