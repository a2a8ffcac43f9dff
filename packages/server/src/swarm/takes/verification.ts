import {
  checkServedTake,
  checkTakeKey,
  KEY_REASONS,
  type KeyFailure,
  type KeyHistories,
  servedTake,
  type ServedTake,
  type StoredTake,
  type TakeCheck,
} from '@convene/protocol';

/**
 * What the verifier needs of the transparency log (src/tlog): each take's entry text and the leaf
 * hash the log committed to for it.
 */
export interface TakeLog {
  entriesOfTakes(
    takeIds: readonly string[],
  ): Promise<Map<string, { index: number; leafHash: string; entry: string }>>;
  /** The members' logged key histories, folded (docs/protocol.md §14.1, key entries). */
  membersKeyHistories(
    memberIds: readonly string[],
    options?: { fresh?: boolean },
  ): Promise<Map<string, KeyHistories | KeyFailure>>;
  /** Changes whenever the folded key histories do. */
  keysGeneration(): Promise<number>;
}

export interface TakeVerdict extends TakeCheck {
  /** Where the log holds the take; null when it holds none. */
  logIndex: number | null;
  leafHash: string | null;
}

const MEMO_LIMIT = 4096;

/**
 * `verified` of a take wherever it is served (take receipt, session, member history), recomputed on
 * every read from the rows as they are now and the log's entries (protocol `checkServedTake`): the
 * signature, the served fields against the signed text, and the log's entry byte for byte and
 * against the leaf hash the log committed to. The check is a pure function of those bytes, so an
 * unchanged take and entry reuse the last answer instead of repeating the Ed25519 verification;
 * any changed byte is a new key and checked afresh.
 */
export class TakeVerifier {
  private readonly memo = new Map<string, TakeCheck>();

  /** `log` is null only where no log is kept (LOG_ENABLED=false, benchmarks): that check is skipped. */
  private readonly log: TakeLog | null;

  /** `log`: the transparency log's proofs and key histories (null: the log is not kept). */
  constructor(uses: { log: TakeLog | null }) {
    this.log = uses.log;
  }

  async verdicts(takes: readonly StoredTake[]): Promise<Map<string, TakeVerdict>> {
    const memberIds = takes.map((t) => t.memberId);
    const [logged, cachedKeys] =
      this.log === null
        ? [null, null]
        : await Promise.all([
            this.log.entriesOfTakes(takes.map((t) => t.id)),
            this.log.membersKeyHistories(memberIds),
          ]);
    // The key check is a cheap lookup in the folded histories, not memoised, so a key event
    // appended since the last read counts at once. One that fails on the cached histories is asked
    // again on fresh ones before it is reported (a key event committed a moment ago, elsewhere).
    const keyReasonsWith = (keys: Map<string, KeyHistories | KeyFailure>) =>
      new Map(
        takes.map((take) => {
          const entry = logged!.get(take.id);
          const histories = keys.get(take.memberId)!;
          const reason =
            entry === undefined
              ? unloggedKeyReason(take, histories)
              : checkTakeKey(take, histories, entry.index);
          return [take.id, reason] as const;
        }),
      );
    let keyReasons = cachedKeys === null ? null : keyReasonsWith(cachedKeys);
    if (keyReasons !== null && [...keyReasons.values()].some((reason) => reason !== null)) {
      keyReasons = keyReasonsWith(await this.log!.membersKeyHistories(memberIds, { fresh: true }));
    }
    const verdicts = await Promise.all(
      takes.map(async (take): Promise<[string, TakeVerdict]> => {
        const entry = logged === null ? undefined : (logged.get(take.id) ?? null);
        const signed = await this.check(
          servedTake(take),
          entry?.entry ?? (entry === null ? null : undefined),
          entry?.leafHash,
        );
        const keyReason = keyReasons?.get(take.id) ?? null;
        const check =
          keyReason === null
            ? signed
            : { verified: false, reasons: [...signed.reasons, keyReason] };
        return [
          take.id,
          { ...check, logIndex: entry?.index ?? null, leafHash: entry?.leafHash ?? null },
        ];
      }),
    );
    return new Map(verdicts);
  }

  /** Changes whenever a verdict could change with the rows unchanged (a key event was logged). */
  async generation(): Promise<number> {
    return this.log === null ? 0 : this.log.keysGeneration();
  }

  async verdict(take: StoredTake): Promise<TakeVerdict> {
    return (await this.verdicts([take])).get(take.id)!;
  }

  private async check(
    take: ServedTake,
    logged: string | null | undefined,
    committedLeafHash: string | undefined,
  ): Promise<TakeCheck> {
    const key = JSON.stringify([take, logged ?? null, logged === undefined, committedLeafHash]);
    const known = this.memo.get(key);
    if (known !== undefined) return known;
    const check = await checkServedTake(take, logged, committedLeafHash);
    if (this.memo.size >= MEMO_LIMIT) this.memo.delete(this.memo.keys().next().value!);
    this.memo.set(key, check);
    return check;
  }
}

/**
 * A take the log does not hold (already `not_in_log`) is also `key_not_logged` when its key is
 * nowhere in its member's logged history: a key planted behind the service says so by name.
 */
function unloggedKeyReason(
  take: StoredTake,
  histories: KeyHistories | KeyFailure,
): ReturnType<typeof checkTakeKey> {
  const reason = checkTakeKey(take, histories, Number.MAX_SAFE_INTEGER);
  return reason?.code === KEY_REASONS.notLogged ? reason : null;
}

/** The pointer a superseded revision carries to its member's newest one (one shape everywhere). */
export interface SupersededBy {
  id: string;
  revision: number;
  receivedAt: string;
}

export const supersededBy = (
  newest: { id: string; revision: number; receivedAt: Date } | undefined,
  revision: number,
): SupersededBy | null =>
  newest === undefined || newest.revision <= revision
    ? null
    : { id: newest.id, revision: newest.revision, receivedAt: newest.receivedAt.toISOString() };

/** `unverifiedReasons` as served beside `verified: false` (absent when verified). */
export const unverifiedReasons = (verdict: TakeCheck) =>
  verdict.verified ? {} : { unverifiedReasons: verdict.reasons };
