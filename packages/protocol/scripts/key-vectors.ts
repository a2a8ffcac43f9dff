// tlog-keys.json: a small log with member key events (docs/protocol.md §14.1, key entries), the
// answer of the key fold for takes at chosen indices, and tampered histories with their reason.
import {
  bytesToBase64,
  canonicalApplication,
  canonicalTake,
  keyLogEntry,
  KEY_REASONS,
  keysBeginLogEntry,
  logEntryLeafHash,
  sha256Hex,
  signApplication,
  signTake,
  takeLogEntry,
  type KeyLogEntry,
  type KeyReasonCode,
  type MemberKeyState,
} from '../src/index.js';
import { identity, seedOf } from './fixtures.js';

const M1 = 'a1b2c3d4-0000-4000-8000-00000000000a';
const M2 = 'a1b2c3d4-0000-4000-8000-00000000000b';
const M3 = 'a1b2c3d4-0000-4000-8000-00000000000c';
const SESSION = 'b0b0b0b0-0000-4000-8000-000000000001';
const at = (minute: number) => `2026-07-20T10:${String(minute).padStart(2, '0')}:00.000Z`;

export interface KeyLogVector {
  name: string;
  index: number;
  entry: string;
  leafHash: string;
}

export interface KeyCheckVector {
  name: string;
  memberId: string;
  publicKey: string;
  index: number;
  /** The fold's reason, null when the member could file with that key at that index. */
  expected: KeyReasonCode | null;
}

export interface KeyTamperedVector {
  name: string;
  /** The log's entries with some removed, replaced or added. */
  entries: Array<{ index: number; entry: string }>;
  expected: { code: KeyReasonCode; index: number };
}

async function takeEntry(
  memberId: string,
  seed: string,
  publicKey: string,
  takeId: string,
  minute: number,
): Promise<string> {
  const draft = {
    memberId,
    date: '2026-07-20',
    subjectId: 'robotmoney-allocation',
    nonce: `${takeId}-nonce`,
    stance: 'neutral' as const,
    confidence: 0.5,
  };
  return takeLogEntry({
    takeId,
    sessionId: SESSION,
    memberId,
    revision: 1,
    receivedAt: at(minute),
    publicKey,
    canonical_submission: canonicalTake(draft),
    signature: await signTake(draft, seed),
  });
}

export async function buildKeyVectors() {
  const old1 = await identity(M1, 0x31);
  const key1 = await identity(M1, 0x01);
  const next1 = await identity(M1, 0x32);
  const key2 = await identity(M2, 0x02);
  const planted = await identity(M1, 0x66);
  const application = {
    name: 'Woon',
    contact: 'woon@example.org',
    publicKey: key2.publicKey,
  };
  const event = (
    memberId: string,
    kind: KeyLogEntry['event'],
    seq: number,
    previousIndex: number | null,
    state: MemberKeyState,
    minute: number,
    extra: Partial<KeyLogEntry> = {},
  ) =>
    keyLogEntry({ memberId, event: kind, seq, previousIndex, at: at(minute), ...state, ...extra });
  const m1 = (activeKey: string, status: MemberKeyState['status'] = 'active'): MemberKeyState => ({
    activeKey,
    pendingKey: null,
    status,
    role: 'member',
  });
  const m2 = (
    status: MemberKeyState['status'],
    role: MemberKeyState['role'] = 'member',
  ): MemberKeyState =>
    status === 'applied'
      ? { activeKey: null, pendingKey: key2.publicKey, status, role }
      : { activeKey: key2.publicKey, pendingKey: null, status, role };
  const texts: Array<[string, string]> = [
    [
      'take of M1 with its old key, before the key log',
      await takeEntry(M1, old1.seed, old1.publicKey, 'c0000000-0000-4000-8000-000000000000', 0),
    ],
    ['keys-begin: one member imported', keysBeginLogEntry({ at: at(1), members: 1 })],
    [
      'M1 imported: key1 active, old key held before',
      event(M1, 'imported', 0, null, m1(key1.publicKey), 1, {
        heldKeys: [old1.publicKey, key1.publicKey],
      }),
    ],
    [
      'M2 applied with key2',
      event(M2, 'applied', 0, null, m2('applied'), 2, {
        applicationSha256: sha256Hex(canonicalApplication(application)),
        applicationSignature: await signApplication(application, key2.seed),
      }),
    ],
    [
      'take of M1 with key1',
      await takeEntry(M1, key1.seed, key1.publicKey, 'c0000000-0000-4000-8000-000000000004', 3),
    ],
    ['M2 activated', event(M2, 'activated', 1, 3, m2('active'), 4)],
    [
      'take of M2 with key2',
      await takeEntry(M2, key2.seed, key2.publicKey, 'c0000000-0000-4000-8000-000000000006', 5),
    ],
    ['M2 made a judge', event(M2, 'role', 2, 5, m2('active', 'judge'), 6)],
    ['M2 made a member again', event(M2, 'role', 3, 7, m2('active'), 7)],
    ['M1 rotated to next1', event(M1, 'rotated', 1, 2, m1(next1.publicKey), 8)],
    ['M1 deactivated', event(M1, 'deactivated', 2, 9, m1(next1.publicKey, 'inactive'), 9)],
    ['M1 reactivated', event(M1, 'reactivated', 3, 10, m1(next1.publicKey), 10)],
  ];
  const log: KeyLogVector[] = texts.map(([name, entry], index) => ({
    name,
    index,
    entry,
    leafHash: bytesToBase64(logEntryLeafHash(entry)),
  }));
  const { notLogged, notActive, gap, invalid } = KEY_REASONS;
  const check = (
    name: string,
    who: { memberId: string; publicKey: string },
    index: number,
    expected: KeyReasonCode | null,
  ): KeyCheckVector => ({
    name,
    memberId: who.memberId,
    publicKey: who.publicKey,
    index,
    expected,
  });
  const checks: KeyCheckVector[] = [
    check('legacy take with a key held before the log', old1, 0, null),
    check('legacy take with a key never held', planted, 0, notLogged),
    check('M1 key1 after the import', key1, 4, null),
    check('M1 old key after the import (held, not active)', old1, 4, notActive),
    check('M2 key2 while pending', key2, 4, notActive),
    check('M2 key2 once active', key2, 6, null),
    check('M2 key2 while a judge', key2, 8, notActive),
    check('M2 key2 a member again', key2, 9, null),
    check('M1 key1 after the rotation', key1, 10, notActive),
    check('M1 next1 after the rotation', next1, 10, null),
    check('M1 next1 while inactive', next1, 11, notActive),
    check('M1 next1 reactivated', next1, 12, null),
    check('a planted key for M1', planted, 12, notLogged),
    check(
      'a member with no key history',
      { memberId: M3, publicKey: key2.publicKey },
      12,
      notLogged,
    ),
  ];
  const indexed = log.map(({ index, entry }) => ({ index, entry }));
  const without = (index: number) => indexed.filter((e) => e.index !== index);
  const replaced = (index: number, entry: string) =>
    indexed.map((e) => (e.index === index ? { index, entry } : e));
  const tampered: KeyTamperedVector[] = [
    {
      name: "M2's activation withheld: a hole in its chain",
      entries: without(5),
      expected: { code: gap, index: 7 },
    },
    {
      name: 'an event pointing at the wrong previous index',
      entries: replaced(7, event(M2, 'role', 2, 3, m2('active', 'judge'), 6)),
      expected: { code: gap, index: 7 },
    },
    {
      name: 'a rotation to the key already active',
      entries: replaced(9, event(M1, 'rotated', 1, 2, m1(key1.publicKey), 8)),
      expected: { code: invalid, index: 9 },
    },
    {
      name: 'an activation that activates a key never pending',
      entries: replaced(
        5,
        event(M2, 'activated', 1, 3, { ...m2('active'), activeKey: planted.publicKey }, 4),
      ),
      expected: { code: invalid, index: 5 },
    },
    {
      name: 'a second keys-begin marker',
      entries: [...indexed, { index: 12, entry: keysBeginLogEntry({ at: at(12), members: 0 }) }],
      expected: { code: invalid, index: 12 },
    },
    {
      name: 'an imported event after the marker’s imports',
      entries: [
        ...indexed,
        {
          index: 12,
          entry: event(M3, 'imported', 0, null, m1(planted.publicKey), 12, {
            heldKeys: [planted.publicKey],
          }),
        },
      ],
      expected: { code: invalid, index: 12 },
    },
  ];
  return {
    description:
      'key entries: `log` in log order (entry text, leaf hash); `checks`: KeyHistories.fold(log).checkTake({memberId, publicKey}, index) gives `expected` (null: may file); `tampered`: KeyHistories.fold(entries) fails with expected.code at expected.index',
    seeds: { old1: seedOf(0x31), key1: seedOf(0x01), next1: seedOf(0x32), key2: seedOf(0x02) },
    log,
    checks,
    tampered,
  };
}
