import type { ReceiptLogAnchor } from '@convene/protocol';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/database.js';
import type { Tx } from '../db/transactor.js';
import type { LogEntryRepository } from './entry-repository.js';
import type { TlogSequencer } from './sequencer.js';
import type { TlogService } from './service.js';
import { foldMember, type KeyEventLog } from './key-log.js';
import type { OutcomeEntryLog } from './outcome-log.js';
import type { LogIntegrity } from './integrity.js';
import type { LogAlarm } from './log-watch.js';
import type { WitnessPush } from './witness-push.js';

export const TLOG_LOCKS = {
  sequence: 'convene:tlog:sequence',
  checkpoint: 'convene:tlog:checkpoint',
} as const;

/** How often the checkpoint signer and the recovery pass run. */
export const TLOG_INTERVALS = { checkpointMs: 1000, recoveryMs: 5000 } as const;

/** What the log is made of (tlog/compose.ts builds them). */
export interface TlogParts {
  entries: LogEntryRepository;
  service: TlogService;
  sequencer: TlogSequencer;
  witnessPush: WitnessPush;
  keyEvents: KeyEventLog;
  outcomeEntries: OutcomeEntryLog;
  /** The check, at start, that the stored log and its rows agree. */
  integrity: LogIntegrity;
  /** The advisory locks the loops run under. */
  database: Database;
  log: FastifyBaseLogger;
  /** Off (LOG_ENABLED=false): nothing is integrated or signed, and the loops do not run. */
  enabled: boolean;
}

/**
 * The transparency log's parts, built once in the composition root, and its two loops: the
 * checkpoint signer (signs a new checkpoint whenever the tree grew, at most once a second) and the
 * recovery pass (accepted takes without an entry, published receipts not yet logged, entries not
 * yet integrated after a SIGKILL). Each loop runs under an advisory lock so one replica at a time
 * does it; they keep no job_run rows (they fire every second).
 */
export class Tlog {
  private timers: NodeJS.Timeout[] = [];
  /** When each take accepted since the last integration was acknowledged (performance.now()). */
  private readonly acceptedAt: number[] = [];
  private readonly integratedListeners: Array<(seconds: number) => void> = [];
  private running = new Set<Promise<unknown>>();

  readonly sequencer: TlogSequencer;
  /** Sends each new checkpoint to the witnesses configured with a URL. */
  readonly witnessPush: WitnessPush;
  /** Member key events, appended in the member change's transaction (swarm/members). */
  readonly keyEvents: KeyEventLog;
  /** Session outcomes, appended in the transaction that stores them (swarm/track-record). */
  readonly outcomeEntries: OutcomeEntryLog;

  private readonly entries: LogEntryRepository;
  private readonly integrity: LogIntegrity;
  readonly service: TlogService;
  private readonly database: Database;
  private readonly log: FastifyBaseLogger;
  private readonly enabled: boolean;

  constructor(parts: TlogParts) {
    this.entries = parts.entries;
    this.integrity = parts.integrity;
    this.service = parts.service;
    this.database = parts.database;
    this.log = parts.log;
    this.enabled = parts.enabled;
    this.sequencer = parts.sequencer;
    this.witnessPush = parts.witnessPush;
    this.keyEvents = parts.keyEvents;
    this.outcomeEntries = parts.outcomeEntries;
    this.sequencer.onIntegrated((startedAt) => this.integrated(startedAt));
    this.service.watch.onAlarm((alarm) => this.alarmed(alarm));
  }

  /** Every alarm is an error line (witness failures a warning: the log goes on without them). */
  private alarmed(alarm: LogAlarm): void {
    if (alarm.kind === 'witness_failed') {
      this.log.warn({ witness: alarm.witness }, `tlog: witness ${alarm.witness}: ${alarm.message}`);
    } else {
      this.log.error({ alarm: alarm.kind }, `tlog: ${alarm.message}`);
    }
  }

  /** Calls `listener` with each alarm (metrics count them). */
  onAlarm(listener: (alarm: LogAlarm) => void): void {
    this.service.watch.onAlarm(listener);
  }

  /** Signs a checkpoint if the tree grew, and sends a new one to the witnesses. */
  private async sign(): Promise<void> {
    const { signed } = await this.service.checkpointNow();
    if (signed !== null) this.witnessPush.checkpointSigned(signed);
  }

  /** After a take (filed with its entry) commits: fold it into the tree soon, in the background. */
  takeAccepted(): void {
    if (!this.enabled) return;
    // Bounded while integration keeps failing (the recovery pass integrates later regardless).
    if (this.acceptedAt.length >= 100_000) this.acceptedAt.shift();
    this.acceptedAt.push(performance.now());
    this.sequencer.integrateSoon();
  }

  /** Calls `listener` with each accepted take's wait (seconds) until its entry was integrated. */
  onIntegrated(listener: (seconds: number) => void): void {
    this.integratedListeners.push(listener);
  }

  /** An integration that started at `startedAt` covered every take accepted before then. */
  private integrated(startedAt: number): void {
    const now = performance.now();
    let covered = 0;
    while (covered < this.acceptedAt.length && this.acceptedAt[covered]! <= startedAt) covered++;
    for (const acceptedAt of this.acceptedAt.splice(0, covered)) {
      for (const listener of this.integratedListeners) listener((now - acceptedAt) / 1000);
    }
  }

  /** Recovery pass now (at start, from the timer, from tests), then integration. */
  async recover(): Promise<void> {
    await this.locked(TLOG_LOCKS.sequence, async () => {
      await this.sequencer.appendPending();
      await this.sequencer.integrate();
    });
  }

  /**
   * Integrates, then signs a checkpoint if the tree grew (tests, and once at start). It does not look
   * for unlogged receipts: a publish logs its own receipt at once (`logReceipts`), and the recovery
   * pass finds any other every few seconds. Looking every second took the log's index lock, which
   * every take submit waits for, once a second for nothing (docs/benchmarks.md).
   */
  async checkpoint(): Promise<void> {
    await this.locked(TLOG_LOCKS.checkpoint, async () => {
      await this.sequencer.integrate();
      await this.sign();
    });
  }

  /**
   * The once-a-second loop: signs a checkpoint if the tree grew. Integration is not its job: each
   * accepted take schedules its own (`takeAccepted`), a publish integrates its receipt, and the
   * recovery pass integrates anything left behind (a failed run, a killed replica's takes).
   */
  private async signGrownTree(): Promise<void> {
    await this.locked(TLOG_LOCKS.checkpoint, () => this.sign());
  }

  /**
   * For a consensus receipt (ReceiptLogAnchoring): logs any of `takeIds` not in the log yet,
   * integrates and signs a checkpoint covering every one of them, and answers that checkpoint. It
   * runs the steps itself rather than under the loops' advisory locks: each step is safe beside
   * another replica's (the index lock, the head moved only from the size read, one checkpoint row
   * per size), so publishing never waits for, or gives up on, a loop that holds a lock.
   */
  async anchor(takeIds: readonly string[]): Promise<ReceiptLogAnchor> {
    let indices = await this.entries.takeIndices(takeIds);
    if (indices.size < new Set(takeIds).size) {
      await this.sequencer.appendPending();
      indices = await this.entries.takeIndices(takeIds);
    }
    const needed = Math.max(0, ...[...indices.values()].map((index) => index + 1));
    await this.sequencer.integrate();
    await this.sign();
    const latest = await this.service.latestAnchor();
    if (latest.treeSize < needed) {
      throw new Error(
        `tlog: the latest checkpoint (${latest.treeSize}) does not cover index ${needed - 1}`,
      );
    }
    return latest;
  }

  /** The log indices of these takes, read in the caller's transaction. */
  readonly indicesOf = (trx: Tx, takeIds: readonly string[]): Promise<Map<string, number>> =>
    this.entries.takeIndices(takeIds, trx);

  /** Of these takes, those in the log whose key was their member's active logged key there. */
  readonly countable = async (
    trx: Tx,
    takes: ReadonlyArray<{ id: string; memberId: string; publicKey: string }>,
  ): Promise<Set<string>> => {
    const [indices, keyRows] = await Promise.all([
      this.entries.takeIndices(
        takes.map((t) => t.id),
        trx,
      ),
      this.entries.keyEntries(
        takes.map((t) => t.memberId),
        trx,
      ),
    ]);
    const counted = new Set<string>();
    for (const take of takes) {
      const index = indices.get(take.id);
      if (index === undefined) continue;
      const histories = foldMember(keyRows, take.memberId);
      if ('ok' in histories || histories.checkTake(take, index) !== null) continue;
      counted.add(take.id);
    }
    return counted;
  };

  /**
   * After a publish: logs the receipts published since, integrates and signs a checkpoint. Like
   * `anchor`, outside the loops' lock (each step is safe beside another's), so a loop holding it
   * never leaves the receipt waiting for the next recovery pass.
   */
  async logReceipts(): Promise<void> {
    await this.sequencer.appendReceipts();
    await this.sequencer.integrate();
    await this.sign();
  }

  /**
   * Runs a recovery pass, signs a checkpoint and checks that the stored log and its rows agree (a
   * gap degrades /health: never "ok" over a loss); with `loops`, keeps recovering and signing on
   * timers.
   */
  async start(loops: boolean): Promise<void> {
    if (!this.enabled) return;
    await this.recover();
    await this.checkpoint();
    await this.checkIntegrity();
    if (!loops) return;
    this.every(TLOG_INTERVALS.recoveryMs, () => this.recover());
    this.every(TLOG_INTERVALS.checkpointMs, () => this.signGrownTree());
  }

  /**
   * Every entry against its row and tree leaf, every row the log should hold against its entry
   * (tlog/integrity.ts); answers the problems found, also kept for /health and the admin status.
   */
  async checkIntegrity(): Promise<string[]> {
    const started = performance.now();
    const problems = await this.integrity.check();
    this.log.info(
      { ms: Math.round(performance.now() - started), problems: problems.length },
      'tlog: integrity checked',
    );
    return problems;
  }

  async stop(): Promise<void> {
    for (const timer of this.timers.splice(0)) clearInterval(timer);
    await this.witnessPush.stop();
    await this.sequencer.stop();
    await Promise.allSettled([...this.running]);
  }

  private every(ms: number, work: () => Promise<void>): void {
    let busy = false;
    const timer = setInterval(() => {
      if (busy) return;
      busy = true;
      const run = work()
        .catch((error: unknown) => this.log.error({ err: error }, 'tlog loop failed'))
        .finally(() => {
          busy = false;
          this.running.delete(run);
        });
      this.running.add(run);
    }, ms);
    timer.unref();
    this.timers.push(timer);
  }

  private async locked(name: string, work: () => Promise<unknown>): Promise<void> {
    await this.database.withAdvisoryLock(name, work);
  }
}
