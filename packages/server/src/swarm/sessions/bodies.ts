import { fail } from '../../errors.js';
import { bodyFields } from '../shared/body-fields.js';
import { isCalendarDate } from '../shared/dates.js';
import type { ConveneInput } from './lifecycle.js';
import type { RosterChange } from './roster-admin.js';

/*
 * The session admin routes' bodies, one parser each: the route documents the shape for OpenAPI
 * only (`documentOnly`) and the parser answers the catalogue's errors, so the messages are the
 * spec's and nothing is coerced.
 */

/**
 * `POST /api/swarm/admin/sessions`: a subject, and optionally a date, a deadline, a fire and
 * `additional` (open even when the date and subject already have a session).
 */
export function parseConveneBody(body: unknown): ConveneInput {
  const fields = bodyFields(body);
  if (typeof fields.subjectId !== 'string' || fields.subjectId === '') throw fail('invalidSubject');
  if (
    fields.date !== undefined &&
    (typeof fields.date !== 'string' || !isCalendarDate(fields.date))
  )
    throw fail('invalidDate');
  return {
    subjectId: fields.subjectId,
    ...(typeof fields.date === 'string' ? { date: fields.date } : {}),
    ...(fields.windowClosesAt === undefined
      ? {}
      : { windowClosesAt: instant(fields.windowClosesAt, true) }),
    ...(fields.fireAt === undefined ? {} : { fireAt: instant(fields.fireAt, false) }),
    ...(flag(fields, 'additional') ? { additional: true } : {}),
  };
}

/** An optional boolean field: absent is false; anything but true or false is refused. */
function flag(fields: Record<string, unknown>, name: string): boolean {
  const value = fields[name];
  if (value === undefined) return false;
  if (typeof value !== 'boolean') throw fail('notBoolean', name);
  return value;
}

/** `POST /api/swarm/admin/sessions/:id/window`: the new deadline, or null for none. */
export function parseWindowBody(body: unknown): Date | null {
  const fields = bodyFields(body);
  if (!('windowClosesAt' in fields)) throw fail('invalidWindow');
  return instant(fields.windowClosesAt, true);
}

const ROSTER_CHANGES: readonly RosterChange[] = ['add', 'excuse', 'restore'];

/** `POST /api/swarm/admin/sessions/:id/roster`: a member (id or handle) and what to do. */
export function parseRosterChangeBody(body: unknown): { memberId: string; action: RosterChange } {
  const fields = bodyFields(body);
  const action = ROSTER_CHANGES.find((change) => change === fields.action);
  if (typeof fields.memberId !== 'string' || action === undefined)
    throw fail('invalidRosterChange');
  return { memberId: fields.memberId, action };
}

function instant(value: unknown, nullable: boolean): Date | null {
  if (value === null && nullable) return null;
  if (
    typeof value === 'string' &&
    !Number.isNaN(Date.parse(value)) &&
    /\d{4}-\d{2}-\d{2}T/.test(value)
  )
    return new Date(value);
  throw fail('invalidWindow');
}
