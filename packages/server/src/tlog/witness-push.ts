import { setTimeout as sleep } from 'node:timers/promises';
import {
  ADD_CHECKPOINT_PATH,
  formatAddCheckpoint,
  parseSignatureLines,
  parseTreeSize,
  parseVerifierKey,
  TLOG_SIZE_CONTENT_TYPE,
} from '@convene/protocol';
import type { LogWitness } from '../config.js';
import type { CheckpointRow } from './checkpoint-repository.js';
import type { TlogService } from './service.js';

/** Retries per checkpoint and witness, the first wait (doubled each time, capped) and each request's timeout. */
export const WITNESS_PUSH = {
  attempts: 6,
  backoffMs: 1000,
  maxBackoffMs: 60_000,
  timeoutMs: 10_000,
} as const;

/** One push's outcome, as tests and the status see it. */
export type PushEvent =
  | { witness: string; size: number; outcome: 'cosigned' }
  | { witness: string; size: number; outcome: 'failed' | 'gave_up'; message: string };

/** An answer that will not change by asking again (a 4xx other than 409, a refused cosignature). */
class PermanentFailure extends Error {}

interface WitnessQueue {
  witness: LogWitness;
  keyId: number;
  /** The newest checkpoint not yet delivered (a newer one replaces an older one). */
  pending: CheckpointRow | null;
  running: boolean;
  /** The size the witness last cosigned, as far as we know (read from our store at first). */
  knownSize: number | undefined;
}

/**
 * Sends each new checkpoint to every configured witness with a URL, C2SP tlog-witness
 * `add-checkpoint` (docs/protocol.md §14.10, "Witnesses"): `old <size>`, the consistency proof from
 * that size, the note. A 409 names the witness's size and is retried at once from it; the
 * cosignature lines of a 200 are verified and stored like posted ones. In the background, with
 * bounded retries and backoff; never blocks a submit; a failure is reported (log, status, metrics),
 * never fatal.
 */
export class WitnessPush {
  private readonly queues: WitnessQueue[];
  private readonly listeners: Array<(event: PushEvent) => void> = [];
  private readonly running = new Set<Promise<void>>();
  private readonly abort = new AbortController();

  private readonly service: TlogService;

  constructor(uses: { service: TlogService; witnesses: readonly LogWitness[] }) {
    this.service = uses.service;
    this.queues = uses.witnesses
      .filter((w) => w.url !== undefined)
      .map((witness) => ({
        witness,
        keyId: parseVerifierKey(witness.vkey)!.keyId,
        pending: null,
        running: false,
        knownSize: undefined,
      }));
  }

  onPush(listener: (event: PushEvent) => void): void {
    this.listeners.push(listener);
  }

  /** A checkpoint was signed: deliver it to every witness (in the background). */
  checkpointSigned(row: CheckpointRow): void {
    if (row.size === 0 || this.abort.signal.aborted) return;
    for (const queue of this.queues) {
      if (queue.pending === null || queue.pending.size < row.size) queue.pending = row;
      if (!queue.running) {
        queue.running = true;
        const run = this.drain(queue).finally(() => {
          queue.running = false;
          this.running.delete(run);
        });
        this.running.add(run);
      }
    }
  }

  async stop(): Promise<void> {
    this.abort.abort();
    await Promise.allSettled([...this.running]);
  }

  private async emit(event: PushEvent): Promise<void> {
    if (event.outcome !== 'cosigned')
      await this.service.witnessFailed(event.witness, event.message);
    for (const listener of this.listeners) listener(event);
  }

  private async drain(queue: WitnessQueue): Promise<void> {
    while (queue.pending !== null && !this.abort.signal.aborted) {
      const row = queue.pending;
      queue.pending = null;
      await this.deliver(queue, row);
    }
  }

  private async deliver(queue: WitnessQueue, row: CheckpointRow): Promise<void> {
    const witness = queue.witness.vkey;
    let wait: number = WITNESS_PUSH.backoffMs;
    for (let attempt = 1; attempt <= WITNESS_PUSH.attempts; attempt++) {
      try {
        if (await this.attempt(queue, row)) {
          await this.emit({ witness, size: row.size, outcome: 'cosigned' });
          return;
        }
        continue; // 409: retried at once from the size the witness named
      } catch (error) {
        if (this.abort.signal.aborted) return;
        const message = (error as Error).message;
        const last = attempt === WITNESS_PUSH.attempts || error instanceof PermanentFailure;
        await this.emit({ witness, size: row.size, outcome: last ? 'gave_up' : 'failed', message });
        if (last) return;
      }
      // A newer checkpoint supersedes this one: deliver that instead.
      if (queue.pending !== null) return;
      try {
        await sleep(wait, undefined, { signal: this.abort.signal });
      } catch {
        return;
      }
      wait = Math.min(wait * 2, WITNESS_PUSH.maxBackoffMs);
    }
  }

  /** One request; true when cosigned, false after a 409 (knownSize updated); throws otherwise. */
  private async attempt(queue: WitnessQueue, row: CheckpointRow): Promise<boolean> {
    const { witness } = queue;
    queue.knownSize ??= await this.service.latestCosignedSize(witness.vkey);
    const oldSize = queue.knownSize;
    if (oldSize > row.size) {
      queue.knownSize = undefined;
      throw new PermanentFailure(
        `the witness holds size ${oldSize}, beyond this checkpoint (size ${row.size})`,
      );
    }
    const proof =
      oldSize === 0 ? [] : (await this.service.consistencyProof(oldSize, row.size)).hashes;
    const response = await fetch(`${witness.url}${ADD_CHECKPOINT_PATH}`, {
      method: 'POST',
      body: formatAddCheckpoint({ oldSize, proof, checkpoint: row.note }),
      signal: AbortSignal.any([this.abort.signal, AbortSignal.timeout(WITNESS_PUSH.timeoutMs)]),
    });
    const text = await response.text();
    if (response.status === 409) {
      const size = parseTreeSize(text);
      const type = response.headers.get('content-type') ?? '';
      if (size === null || !type.startsWith(TLOG_SIZE_CONTENT_TYPE)) {
        throw new PermanentFailure('409 without a text/x.tlog.size body');
      }
      if (size === oldSize || size > row.size) {
        queue.knownSize = undefined;
        throw new PermanentFailure(
          `409 naming size ${size} (sent old ${oldSize}, checkpoint size ${row.size})`,
        );
      }
      queue.knownSize = size;
      return false;
    }
    if (response.status !== 200) {
      const detail = `HTTP ${response.status}: ${text.trim().slice(0, 200)}`;
      if (response.status >= 400 && response.status < 500) throw new PermanentFailure(detail);
      throw new Error(detail);
    }
    const lines = parseSignatureLines(text);
    const mine = (lines ?? []).filter((s) => s.name === witness.name && s.keyId === queue.keyId);
    if (mine.length === 0) throw new PermanentFailure('the answer holds no cosignature by its key');
    for (const line of mine) {
      try {
        await this.service.acceptCosignature(row, witness, `— ${line.name} ${line.base64}`);
      } catch (error) {
        throw new PermanentFailure(`cosignature refused: ${(error as Error).message}`);
      }
    }
    queue.knownSize = row.size;
    return true;
  }
}
