// The key history the log holds (docs/protocol.md §14.1, "Key entries", and §14.8): one pure fold
// of key entries, in log order, that the server's reads, the sequencer, the CLI, the browser and
// the monitor all run. A take is valid only if, at its index, its member's logged state was
// active, role member, with the take's key active; a take logged before the key history opened
// (the keys-begin marker) only needs its key among the keys its member held before the log.
import { parseLogEntry } from './entries.js';
import {
  KEY_ENTRY_KIND,
  KEYS_BEGIN_KIND,
  keyStateOf,
  type KeyLogEntry,
  type KeysBeginLogEntry,
  type MemberKeyState,
} from './key-entry.js';

export const KEY_REASONS = {
  /** The take's key is not in its member's logged key history (or the log holds none). */
  notLogged: 'key_not_logged',
  /** The key is in the member's history but was not its active filing key at the take's index. */
  notActive: 'key_not_active',
  /** The member's key events skip a sequence number or a previous index: a hole in the history. */
  gap: 'key_history_gap',
  /** A key entry that no history allows (a state change its event cannot make, a second marker, …). */
  invalid: 'key_history_invalid',
} as const;
export type KeyReasonCode = (typeof KEY_REASONS)[keyof typeof KEY_REASONS];

export interface KeyFailure {
  ok: false;
  code: KeyReasonCode;
  message: string;
  /** The log index of the entry that failed. */
  index: number;
}

/** A logged entry with its index (entries of other kinds are ignored by the fold). */
export interface IndexedEntry {
  index: number;
  entry: string;
}

/** Where the key history opens: the marker's index and how many imported events follow it. */
export interface KeysMarker {
  index: number;
  members: number;
}

/** One member, as a fold keeps it (JSON). */
export interface MemberKeyLedger {
  seq: number;
  /** Index of the member's latest key event. */
  index: number;
  state: MemberKeyState;
  /** Every key the member's history names (active, pending, imported), first seen first. */
  held: string[];
  /** The keys its `imported` event listed (null: the member was not imported). */
  imported: string[] | null;
}

/** What an in-order fold keeps (JSON, part of a monitor's state). */
export interface KeyLedgerState {
  marker: KeysMarker | null;
  members: Record<string, MemberKeyLedger>;
}

export const EMPTY_KEY_LEDGER: Readonly<KeyLedgerState> = Object.freeze({
  marker: null,
  members: Object.freeze({}),
});

const failure = (code: KeyReasonCode, message: string, index: number): KeyFailure => ({
  ok: false,
  code,
  message,
  index,
});

const sameKeys = (a: MemberKeyState, b: MemberKeyState): boolean =>
  a.activeKey === b.activeKey && a.pendingKey === b.pendingKey;

/** Why `entry` cannot follow `previous` (null: the member had no event yet); null when it can. */
function transitionProblem(previous: MemberKeyState | null, entry: KeyLogEntry): string | null {
  const next = keyStateOf(entry);
  if (entry.event === 'applied' || entry.event === 'imported') {
    if (previous !== null) return `${entry.event} must be the member's first key event`;
    if (entry.event === 'imported') {
      const held = entry.heldKeys ?? [];
      if ([next.activeKey, next.pendingKey].some((key) => key !== null && !held.includes(key))) {
        return 'imported heldKeys must include the active and pending keys';
      }
      return null;
    }
    return next.pendingKey !== null &&
      next.activeKey === null &&
      next.status === 'applied' &&
      next.role === 'member'
      ? null
      : 'applied must leave only a pending key, status applied, role member';
  }
  if (previous === null) return `${entry.event} cannot be the member's first key event`;
  switch (entry.event) {
    case 'activated':
      // The pending key becomes active; a member given an active key by rotation before it was
      // ever activated is activated with that key.
      return next.activeKey !== null &&
        next.activeKey === (previous.pendingKey ?? previous.activeKey) &&
        next.pendingKey === null &&
        next.status === 'active' &&
        next.role === previous.role
        ? null
        : 'activated must make the pending key active and the member active';
    case 'rotated':
      return next.activeKey !== null &&
        next.activeKey !== previous.activeKey &&
        next.pendingKey === null &&
        next.status === previous.status &&
        next.role === previous.role
        ? null
        : 'rotated must put a new active key in place of the active and pending ones';
    case 'deactivated':
      return previous.status !== 'inactive' &&
        next.status === 'inactive' &&
        sameKeys(previous, next) &&
        next.role === previous.role
        ? null
        : 'deactivated must change only the status, to inactive';
    case 'reactivated':
      return previous.status === 'inactive' &&
        next.status === 'active' &&
        next.activeKey !== null &&
        sameKeys(previous, next) &&
        next.role === previous.role
        ? null
        : 'reactivated must change only the status, from inactive to active, with an active key';
    case 'role':
      return next.role !== previous.role &&
        sameKeys(previous, next) &&
        next.status === previous.status
        ? null
        : 'role must change only the role';
  }
}

/**
 * Applies one key entry or marker (already parsed) at `index` to the ledger, in log order. Returns
 * the failure, or null. `ledger` is changed in place only when the entry is accepted.
 */
export function applyKeyEntry(
  ledger: KeyLedgerState,
  index: number,
  entry: KeyLogEntry | KeysBeginLogEntry,
): KeyFailure | null {
  if (entry.kind === KEYS_BEGIN_KIND) {
    if (ledger.marker !== null) {
      return failure(KEY_REASONS.invalid, `a second keys-begin marker`, index);
    }
    ledger.marker = { index, members: entry.members };
    return null;
  }
  const marker = ledger.marker;
  if (marker === null || index <= marker.index) {
    return failure(KEY_REASONS.invalid, 'a key event before the keys-begin marker', index);
  }
  const inImports = index <= marker.index + marker.members;
  if ((entry.event === 'imported') !== inImports) {
    return failure(
      KEY_REASONS.invalid,
      inImports
        ? 'only imported events may follow the keys-begin marker'
        : 'an imported event outside the marker',
      index,
    );
  }
  const known = ledger.members[entry.memberId];
  const expectedSeq = known === undefined ? 0 : known.seq + 1;
  const expectedPrevious = known === undefined ? null : known.index;
  if (entry.seq !== expectedSeq || entry.previousIndex !== expectedPrevious) {
    return failure(
      KEY_REASONS.gap,
      `member ${entry.memberId}: expected seq ${expectedSeq} after index ${expectedPrevious ?? 'none'}, ` +
        `the entry says seq ${entry.seq} after ${entry.previousIndex ?? 'none'}`,
      index,
    );
  }
  const problem = transitionProblem(known?.state ?? null, entry);
  if (problem !== null) {
    return failure(KEY_REASONS.invalid, `member ${entry.memberId}: ${problem}`, index);
  }
  const state = keyStateOf(entry);
  const held = [...(known?.held ?? [])];
  for (const key of [...(entry.heldKeys ?? []), state.pendingKey, state.activeKey]) {
    if (key !== null && !held.includes(key)) held.push(key);
  }
  ledger.members[entry.memberId] = {
    seq: entry.seq,
    index,
    state,
    held,
    imported: entry.event === 'imported' ? [...(entry.heldKeys ?? [])] : (known?.imported ?? null),
  };
  return null;
}

/** Why a member's current state does not let it file with `publicKey`; null when it does. */
function activeProblem(
  member: MemberKeyLedger | undefined,
  memberId: string,
  publicKey: string,
  index: number,
): KeyFailure | null {
  if (member === undefined || !member.held.includes(publicKey)) {
    return failure(
      KEY_REASONS.notLogged,
      `the key ${publicKey} is not in member ${memberId}'s logged key history`,
      index,
    );
  }
  const { state } = member;
  if (state.activeKey === publicKey && state.status === 'active' && state.role === 'member') {
    return null;
  }
  const why =
    state.activeKey !== publicKey
      ? 'it was not the active key'
      : state.status !== 'active'
        ? `the member was ${state.status}`
        : 'the member was a judge';
  return failure(
    KEY_REASONS.notActive,
    `the key ${publicKey} of member ${memberId} could not file at index ${index}: ${why}`,
    index,
  );
}

/** A take logged before the key history opened: its key must be one its member held then. */
function legacyProblem(
  member: MemberKeyLedger | undefined,
  memberId: string,
  publicKey: string,
  index: number,
): KeyFailure | null {
  return member?.imported?.includes(publicKey) === true
    ? null
    : failure(
        KEY_REASONS.notLogged,
        `the key ${publicKey} is not among the keys member ${memberId} held before the key log`,
        index,
      );
}

/** A parsed key entry or marker; null for any other entry (a take, a receipt) or unparsable text. */
export function keyEntryOf(text: string): KeyLogEntry | KeysBeginLogEntry | null {
  const parsed = parseLogEntry(text);
  if (!parsed.ok) return null;
  const { entry } = parsed;
  return entry.kind === KEY_ENTRY_KIND || entry.kind === KEYS_BEGIN_KIND ? entry : null;
}

/**
 * Key histories folded from key entries (and the marker) with their indices: what a reader holds
 * after fetching members' key histories (`GET /api/log/members/{id}/keys`), or the server from
 * its log. Answers what a member's state was just before any index.
 */
export class KeyHistories {
  private readonly timelines = new Map<string, Array<{ index: number; state: MemberKeyLedger }>>();

  private constructor(private readonly ledger: KeyLedgerState) {}

  get marker(): KeysMarker | null {
    return this.ledger.marker;
  }

  /**
   * Folds `entries` (any order; sorted by index here). Fails on a malformed key entry, a hole in a
   * member's chain (`key_history_gap`) or an event its state does not allow. Entries of other
   * kinds are skipped.
   */
  static fold(
    entries: readonly IndexedEntry[],
  ): { ok: true; histories: KeyHistories } | KeyFailure {
    const histories = new KeyHistories({ marker: null, members: {} });
    const sorted = [...entries].sort((a, b) => a.index - b.index);
    for (const [i, { index, entry: text }] of sorted.entries()) {
      if (i > 0 && sorted[i - 1]!.index === index) {
        return failure(KEY_REASONS.invalid, `two entries at index ${index}`, index);
      }
      const parsed = parseLogEntry(text);
      if (!parsed.ok) return failure(KEY_REASONS.invalid, parsed.error, index);
      const entry = parsed.entry;
      if (entry.kind !== KEY_ENTRY_KIND && entry.kind !== KEYS_BEGIN_KIND) continue;
      const failed = applyKeyEntry(histories.ledger, index, entry);
      if (failed !== null) return failed;
      if (entry.kind === KEY_ENTRY_KIND) {
        const timeline = histories.timelines.get(entry.memberId) ?? [];
        timeline.push({ index, state: histories.ledger.members[entry.memberId]! });
        histories.timelines.set(entry.memberId, timeline);
      }
    }
    return { ok: true, histories };
  }

  /** The member as the log held it just before `index` (undefined: no key event yet). */
  memberBefore(memberId: string, index: number): MemberKeyLedger | undefined {
    let found: MemberKeyLedger | undefined;
    for (const event of this.timelines.get(memberId) ?? []) {
      if (event.index >= index) break;
      found = event.state;
    }
    return found;
  }

  /** The member's state after its latest key event (undefined: none). */
  latest(memberId: string): MemberKeyLedger | undefined {
    return this.timelines.get(memberId)?.at(-1)?.state;
  }

  /**
   * Could `memberId` file with `publicKey` at log index `index`? Null when it could; otherwise
   * `key_not_logged` (the key is in no logged history of the member, or no history is logged) or
   * `key_not_active`. A take before the marker only needs a key its member held before the log.
   */
  checkTake(take: { memberId: string; publicKey: string }, index: number): KeyFailure | null {
    const marker = this.ledger.marker;
    if (marker === null) {
      return failure(KEY_REASONS.notLogged, 'the log holds no key history', index);
    }
    if (index < marker.index) {
      return legacyProblem(this.latest(take.memberId), take.memberId, take.publicKey, index);
    }
    return activeProblem(
      this.memberBefore(take.memberId, index),
      take.memberId,
      take.publicKey,
      index,
    );
  }

  /** Could the member file with `publicKey` now, after every folded event (the recovery pass)? */
  checkLatest(take: { memberId: string; publicKey: string }, index: number): KeyFailure | null {
    if (this.ledger.marker === null) {
      return failure(KEY_REASONS.notLogged, 'the log holds no key history', index);
    }
    return activeProblem(this.latest(take.memberId), take.memberId, take.publicKey, index);
  }
}

/**
 * A monitor's key checks, in log order, over state it keeps as JSON: folds key entries, checks each
 * take against its member's state at that point, and defers takes logged before the marker until
 * the imported events after it are in (then each key must be one its member held).
 */
export interface KeyMonitorState {
  ledger: KeyLedgerState;
  /** Takes seen before the marker, one per member and key: the first index it appeared at. */
  deferred: Array<{ memberId: string; publicKey: string; index: number }>;
}

export const EMPTY_KEY_MONITOR_STATE: Readonly<KeyMonitorState> = Object.freeze({
  ledger: EMPTY_KEY_LEDGER,
  deferred: Object.freeze([]) as unknown as KeyMonitorState['deferred'],
});

/** A deep copy a monitor step may change (the caller's state is left as it was). */
export function copyKeyMonitorState(state: Readonly<KeyMonitorState>): KeyMonitorState {
  return JSON.parse(JSON.stringify(state)) as KeyMonitorState;
}

/** One entry of the walk; `state` is changed in place. Returns the failure, or null. */
export function monitorKeyStep(
  state: KeyMonitorState,
  index: number,
  entry:
    | KeyLogEntry
    | KeysBeginLogEntry
    | { kind: 'convene.log.take.v1'; memberId: string; publicKey: string }
    | { kind: 'convene.log.receipt.v1' }
    | { kind: 'convene.log.outcome.v1' },
): KeyFailure | null {
  const { ledger } = state;
  if (entry.kind === 'convene.log.receipt.v1' || entry.kind === 'convene.log.outcome.v1')
    return null;
  if (entry.kind === 'convene.log.take.v1') {
    if (ledger.marker === null) {
      const seen = state.deferred.some(
        (d) => d.memberId === entry.memberId && d.publicKey === entry.publicKey,
      );
      if (!seen)
        state.deferred.push({ memberId: entry.memberId, publicKey: entry.publicKey, index });
      return null;
    }
    if (index <= ledger.marker.index + ledger.marker.members) {
      return failure(KEY_REASONS.invalid, 'a take among the imported key events', index);
    }
    return activeProblem(ledger.members[entry.memberId], entry.memberId, entry.publicKey, index);
  }
  const failed = applyKeyEntry(ledger, index, entry);
  if (failed !== null) return failed;
  const marker = ledger.marker!;
  if (index === marker.index + marker.members) {
    for (const take of state.deferred.splice(0)) {
      const problem = legacyProblem(
        ledger.members[take.memberId],
        take.memberId,
        take.publicKey,
        take.index,
      );
      if (problem !== null) return problem;
    }
  }
  return null;
}
