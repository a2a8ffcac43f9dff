import type { RejectedCheckpoint } from './checkpoint-guard.js';
import type { IntegrityStatus } from './schemas.js';

/** Something an operator must look at: each is logged as an error and counted in the metrics. */
export type LogAlarm =
  | { kind: 'checkpoint_rejected'; message: string }
  | { kind: 'signer_halted'; message: string }
  | { kind: 'witness_failed'; witness: string; message: string }
  | { kind: 'integrity_failed'; message: string };

/**
 * What the log's loops have seen that a reader of /health, /api/admin/status and /metrics must
 * know: a signer that refused to sign, checkpoint rows that were not served, the integrity check.
 * In memory, per replica (the replica running the loops sees it). A witness's state is not here: it
 * is stored (TlogService.witnessStatus), so every replica answers the same; only its alarm is.
 */
export class LogWatch {
  private halt: { reason: string; since: Date } | null = null;
  private rejectedCount = 0;
  private lastRejected: { size: number; reason: string; at: Date } | null = null;
  private readonly listeners: Array<(alarm: LogAlarm) => void> = [];
  private integrityOutcome: IntegrityStatus = {
    state: 'unchecked',
    checkedAt: null,
    entries: null,
    problems: [],
  };

  onAlarm(listener: (alarm: LogAlarm) => void): void {
    this.listeners.push(listener);
  }

  private raise(alarm: LogAlarm): void {
    for (const listener of this.listeners) listener(alarm);
  }

  /** The signer refused to sign; raised once per reason. */
  halted(reason: string, now: Date): void {
    if (this.halt?.reason !== reason) {
      this.halt = { reason, since: now };
      this.raise({ kind: 'signer_halted', message: reason });
    }
  }

  /** The signer ran through (signed, or had nothing to sign). */
  running(): void {
    this.halt = null;
  }

  get haltedBy(): { reason: string; since: Date } | null {
    return this.halt;
  }

  rejected(row: RejectedCheckpoint, now: Date): void {
    this.rejectedCount++;
    this.lastRejected = { size: row.size, reason: row.reason, at: now };
    this.raise({ kind: 'checkpoint_rejected', message: row.reason });
  }

  get rejectedCheckpoints() {
    return {
      count: this.rejectedCount,
      last:
        this.lastRejected === null
          ? null
          : { ...this.lastRejected, at: this.lastRejected.at.toISOString() },
    };
  }

  /** A push to the witness named `witness` failed (its state is stored by the service). */
  witnessFailed(witness: string, message: string): void {
    this.raise({ kind: 'witness_failed', witness, message });
  }

  /** The integrity check's outcome (tlog/integrity.ts); an alarm when it found anything. */
  integrityChecked(outcome: { problems: string[]; entries: number }, now: Date): void {
    const { problems, entries } = outcome;
    this.integrityOutcome = {
      state: problems.length === 0 ? 'ok' : 'inconsistent',
      checkedAt: now.toISOString(),
      entries,
      problems,
    };
    if (problems.length > 0) {
      this.raise({
        kind: 'integrity_failed',
        message: `the stored log is inconsistent: ${problems.join('; ')}`,
      });
    }
  }

  get integrity(): IntegrityStatus {
    return { ...this.integrityOutcome, problems: [...this.integrityOutcome.problems] };
  }
}
