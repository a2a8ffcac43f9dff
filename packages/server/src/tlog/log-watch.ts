import type { LogWitness } from '../config.js';
import type { RejectedCheckpoint } from './checkpoint-guard.js';
import type { IntegrityStatus, WitnessStatus } from './schemas.js';

/** Something an operator must look at: each is logged as an error and counted in the metrics. */
export type LogAlarm =
  | { kind: 'checkpoint_rejected'; message: string }
  | { kind: 'signer_halted'; message: string }
  | { kind: 'witness_failed'; witness: string; message: string }
  | { kind: 'integrity_failed'; message: string };

/**
 * What the log's loops have seen that a reader of /health, /api/admin/status and /metrics must
 * know: a signer that refused to sign, checkpoint rows that were not served, and each witness's
 * last cosignature and last error. In memory, per replica (the replica running the loops sees it).
 */
export class LogWatch {
  private halt: { reason: string; since: Date } | null = null;
  private rejectedCount = 0;
  private lastRejected: { size: number; reason: string; at: Date } | null = null;
  private readonly witnessStates = new Map<string, WitnessStatus>();
  private readonly listeners: Array<(alarm: LogAlarm) => void> = [];
  private integrityOutcome: IntegrityStatus = {
    state: 'unchecked',
    checkedAt: null,
    entries: null,
    problems: [],
  };

  constructor(witnesses: readonly LogWitness[]) {
    for (const w of witnesses) {
      this.witnessStates.set(w.vkey, {
        name: w.name,
        vkey: w.vkey,
        url: w.url ?? null,
        lastCosignature: null,
        lastError: null,
      });
    }
  }

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

  cosigned(vkey: string, size: number, timestamp: number, now: Date): void {
    const state = this.witnessStates.get(vkey);
    if (state === undefined) return;
    if (state.lastCosignature === null || state.lastCosignature.size <= size) {
      state.lastCosignature = { size, timestamp, at: now.toISOString() };
      // The witness answers again: an earlier failure no longer describes it.
      state.lastError = null;
    }
  }

  witnessFailed(vkey: string, message: string, now: Date): void {
    const state = this.witnessStates.get(vkey);
    if (state === undefined) return;
    state.lastError = { at: now.toISOString(), message };
    this.raise({ kind: 'witness_failed', witness: state.name, message });
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

  get witnesses(): WitnessStatus[] {
    return [...this.witnessStates.values()].map((w) => ({ ...w }));
  }
}
