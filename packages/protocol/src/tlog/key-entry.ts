// Key entries (docs/protocol.md §14.1, "Key entries"): every change to the keys a member may file
// takes with, and the marker that opens the key history of a log that began without one. Pure: the
// text, its exact fields and its shape; the history they add up to is key-history.ts.
import { base64ToBytes } from '../encoding.js';
import { jcs } from '../jcs.js';
import { isUsablePublicKey } from '../signing.js';

export const KEY_ENTRY_KIND = 'convene.log.key.v1';
export const KEYS_BEGIN_KIND = 'convene.log.keys-begin.v1';

/** What happened to the member's keys, status or role. */
export const KEY_EVENTS = [
  'applied',
  'activated',
  'rotated',
  'deactivated',
  'reactivated',
  'role',
  'imported',
] as const;
export type KeyEvent = (typeof KEY_EVENTS)[number];

export const MEMBER_STATUSES = ['applied', 'active', 'inactive'] as const;
export type MemberStatus = (typeof MEMBER_STATUSES)[number];
export const MEMBER_ROLES = ['member', 'judge'] as const;
export type MemberRole = (typeof MEMBER_ROLES)[number];

/** A member's keys, status and role as the log holds them after an event. */
export interface MemberKeyState {
  /** Base64 of the key the member files takes with; null when none is active. */
  activeKey: string | null;
  /** Base64 of the key applied with and not yet activated. */
  pendingKey: string | null;
  status: MemberStatus;
  role: MemberRole;
}

/** One member key event. */
export interface KeyLogEntry extends MemberKeyState {
  kind: typeof KEY_ENTRY_KIND;
  memberId: string;
  event: KeyEvent;
  /** When it happened: ISO 8601 UTC with milliseconds. */
  at: string;
  /** The member's key events count 0, 1, 2, … in log order. */
  seq: number;
  /** Log index of the member's previous key event; null for seq 0. */
  previousIndex: number | null;
  /** `applied` only: lowercase hex SHA-256 of the signed application's text (§4). */
  applicationSha256?: string;
  /** `applied` only: the member's signature over that text with `pendingKey`. */
  applicationSignature?: string;
  /** `imported` only: every key the member held before the log kept keys, in registration order. */
  heldKeys?: string[];
}

/** Opens the key history: `members` imported events follow it at the next indices. */
export interface KeysBeginLogEntry {
  kind: typeof KEYS_BEGIN_KIND;
  at: string;
  members: number;
}

const BASE_FIELDS = [
  'activeKey',
  'at',
  'event',
  'kind',
  'memberId',
  'pendingKey',
  'previousIndex',
  'role',
  'seq',
  'status',
] as const;
const EXTRA_FIELDS: Readonly<Partial<Record<KeyEvent, readonly string[]>>> = {
  applied: ['applicationSha256', 'applicationSignature'],
  imported: ['heldKeys'],
};
const KEYS_BEGIN_FIELDS = ['at', 'kind', 'members'] as const;

const ISO_MILLIS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const HEX_DIGEST = /^[0-9a-f]{64}$/;

const isInstant = (value: unknown): boolean =>
  typeof value === 'string' && ISO_MILLIS.test(value) && !Number.isNaN(Date.parse(value));
const isIndex = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
const isKeyOrNull = (value: unknown): boolean => value === null || isUsablePublicKey(value);
const isOneOf = <T extends string>(list: readonly T[], value: unknown): value is T =>
  typeof value === 'string' && (list as readonly string[]).includes(value);

function hasExactly(value: Record<string, unknown>, fields: readonly string[]): boolean {
  const keys = Object.keys(value).sort();
  const sorted = [...fields].sort();
  return keys.length === sorted.length && keys.every((key, i) => key === sorted[i]);
}

/** The first problem with a key entry's fields, or null when well-formed. */
export function keyEntryProblem(value: Record<string, unknown>): string | null {
  if (!isOneOf(KEY_EVENTS, value.event)) return `event must be one of ${KEY_EVENTS.join(', ')}`;
  const fields = [...BASE_FIELDS, ...(EXTRA_FIELDS[value.event] ?? [])];
  if (!hasExactly(value, fields)) return `fields must be exactly ${[...fields].sort().join(', ')}`;
  if (typeof value.memberId !== 'string' || value.memberId === '') {
    return 'memberId must be a non-empty string';
  }
  if (!isInstant(value.at)) return 'at must be ISO 8601 UTC with milliseconds';
  if (!isIndex(value.seq)) return 'seq must be a non-negative integer';
  const previous = value.previousIndex;
  if (value.seq === 0 ? previous !== null : !isIndex(previous)) {
    return 'previousIndex must be null for seq 0 and an index otherwise';
  }
  if (!isKeyOrNull(value.activeKey)) return 'activeKey must be a usable key or null';
  if (!isKeyOrNull(value.pendingKey)) return 'pendingKey must be a usable key or null';
  if (!isOneOf(MEMBER_STATUSES, value.status)) return 'status is not a member status';
  if (!isOneOf(MEMBER_ROLES, value.role)) return 'role must be member or judge';
  if (value.event === 'applied') {
    if (typeof value.applicationSha256 !== 'string' || !HEX_DIGEST.test(value.applicationSha256)) {
      return 'applicationSha256 must be 64 lowercase hex digits';
    }
    const signature = value.applicationSignature;
    if (typeof signature !== 'string' || base64ToBytes(signature)?.length !== 64) {
      return 'applicationSignature must be base64 of 64 bytes';
    }
  }
  if (value.event === 'imported') {
    const held = value.heldKeys;
    if (!Array.isArray(held) || !held.every((key) => isUsablePublicKey(key))) {
      return 'heldKeys must be an array of usable keys';
    }
  }
  return null;
}

export function keysBeginProblem(value: Record<string, unknown>): string | null {
  if (!hasExactly(value, KEYS_BEGIN_FIELDS)) {
    return `fields must be exactly ${KEYS_BEGIN_FIELDS.join(', ')}`;
  }
  if (!isInstant(value.at)) return 'at must be ISO 8601 UTC with milliseconds';
  if (!isIndex(value.members)) return 'members must be a non-negative integer';
  return null;
}

/** JCS text of a key event's entry. Throws a TypeError naming the first malformed field. */
export function keyLogEntry(event: Omit<KeyLogEntry, 'kind'>): string {
  const entry: Record<string, unknown> = { ...event, kind: KEY_ENTRY_KIND };
  for (const field of Object.keys(entry)) if (entry[field] === undefined) delete entry[field];
  const problem = keyEntryProblem(entry);
  if (problem !== null) throw new TypeError(`key log entry: ${problem}`);
  return jcs(entry);
}

/** JCS text of the marker that opens the key history. */
export function keysBeginLogEntry(marker: Omit<KeysBeginLogEntry, 'kind'>): string {
  const entry = { ...marker, kind: KEYS_BEGIN_KIND };
  const problem = keysBeginProblem(entry);
  if (problem !== null) throw new TypeError(`keys-begin log entry: ${problem}`);
  return jcs(entry);
}

/** The state a key entry records. */
export const keyStateOf = (entry: MemberKeyState): MemberKeyState => ({
  activeKey: entry.activeKey,
  pendingKey: entry.pendingKey,
  status: entry.status,
  role: entry.role,
});
