import {
  bytesToBase64,
  logEntryLeafHash,
  MerkleFrontier,
  treeRootPlan,
  type StoredNode,
} from '@convene/protocol';
import type { FastifyBaseLogger } from 'fastify';
import { admitReceipt, admitTake, type SignatureVoucher } from './admission.js';
import { nodeKey, type NewEntry, type TlogRepository } from './repository.js';

/** Where a take landed in the log. */
export interface LogPosition {
  logIndex: number;
  leafHash: string;
}

export interface SequenceOutcome {
  /** Entries appended by this run, by take id or receipt session id. */
  appended: Map<string, LogPosition>;
  refused: Array<{ kind: 'take' | 'receipt'; subject: string; reason: string }>;
  size: number;
}

const BATCH = 2000;

/**
 * Assigns log indices. One transaction holds the head row (`for update`), re-reads what is still
 * unsequenced, checks each row is what the service would have accepted, appends entries and the
 * nodes they complete and moves the head: indices are consecutive whatever races, replicas or
 * crashes happen (a crash before commit uses no index). Submits share runs: a caller arriving while
 * one is in flight joins the next, which begins after the caller's take committed.
 */
export class TlogSequencer {
  private inFlight: Promise<unknown> | undefined;
  private next: { promise: Promise<SequenceOutcome>; takeIds: Set<string> } | undefined;
  /** Signatures the submit path verified for takes waiting in `next` (see admitTake). */
  private readonly vouchers = new Map<string, SignatureVoucher>();

  constructor(
    private readonly repository: TlogRepository,
    private readonly log?: FastifyBaseLogger,
  ) {}

  /** Sequences `takeId` (with whatever else is waiting); resolves with its position. */
  async sequenceTake(takeId: string, vouched?: SignatureVoucher): Promise<LogPosition | null> {
    if (vouched !== undefined) this.vouchers.set(takeId, vouched);
    let outcome: SequenceOutcome;
    try {
      outcome = await this.soon(takeId);
    } finally {
      this.vouchers.delete(takeId);
    }
    const position = outcome.appended.get(takeId);
    if (position !== undefined) return position;
    // Another replica's run (or the recovery pass) may have logged it first.
    const row = await this.repository.entryByTake(takeId);
    return row === undefined ? null : { logIndex: row.idx, leafHash: bytesToBase64(row.leafHash) };
  }

  private soon(takeId: string): Promise<SequenceOutcome> {
    if (this.next !== undefined) {
      this.next.takeIds.add(takeId);
      return this.next.promise;
    }
    const takeIds = new Set([takeId]);
    const previous = this.inFlight ?? Promise.resolve();
    const promise = previous
      .catch(() => undefined)
      .then(() => {
        this.next = undefined;
        const run = this.run({ takes: [...takeIds], receipts: false });
        this.inFlight = run;
        return run;
      });
    this.next = { promise, takeIds };
    return promise;
  }

  /** Published receipts not yet in the log (cheap: runs before every checkpoint). */
  async sequenceReceipts(): Promise<SequenceOutcome> {
    const previous = this.inFlight ?? Promise.resolve();
    const run = previous.catch(() => undefined).then(() => this.run({ takes: [], receipts: true }));
    this.inFlight = run;
    return run;
  }

  /** The recovery pass: every accepted take and published receipt not yet in the log. */
  async sequencePending(): Promise<SequenceOutcome> {
    const previous = this.inFlight ?? Promise.resolve();
    const run = previous
      .catch(() => undefined)
      .then(() => this.run({ takes: 'all', receipts: true }));
    this.inFlight = run;
    let outcome = await run;
    const total = new Map(outcome.appended);
    const refused = [...outcome.refused];
    while (outcome.appended.size + outcome.refused.length >= BATCH) {
      outcome = await this.run({ takes: 'all', receipts: true });
      for (const [k, v] of outcome.appended) total.set(k, v);
      refused.push(...outcome.refused);
    }
    return { appended: total, refused, size: outcome.size };
  }

  private async run(what: {
    takes: readonly string[] | 'all';
    receipts: boolean;
  }): Promise<SequenceOutcome> {
    const outcome = await this.repository.withLockedHead(async (repo, size) => {
      const takes = await repo.pendingTakes(what.takes, BATCH);
      const receipts = what.receipts ? await repo.pendingReceipts(BATCH) : [];
      const accepted: Array<{ kind: 'take' | 'receipt'; subject: string; entry: string }> = [];
      const refused: SequenceOutcome['refused'] = [];
      for (const take of takes) {
        const admission = await admitTake(take, this.vouchers.get(take.id));
        if (admission.ok) accepted.push({ kind: 'take', subject: take.id, entry: admission.entry });
        else refused.push({ kind: 'take', subject: take.id, reason: admission.reason });
      }
      for (const receipt of receipts) {
        const admission = await admitReceipt(receipt);
        if (admission.ok) {
          accepted.push({ kind: 'receipt', subject: receipt.sessionId, entry: admission.entry });
        } else
          refused.push({ kind: 'receipt', subject: receipt.sessionId, reason: admission.reason });
      }
      for (const r of refused) await repo.recordRefused(r.kind, r.subject, r.reason);
      const appended = new Map<string, LogPosition>();
      if (accepted.length === 0) return { appended, refused, size };

      const plan = treeRootPlan(size);
      const stored = await repo.readNodes(plan);
      const frontier = new MerkleFrontier(
        size,
        plan.map((node) => {
          const hash = stored.get(nodeKey(node.level, node.index));
          if (hash === undefined) throw new Error(`tlog node ${node.level}/${node.index} missing`);
          return { ...node, hash };
        }),
      );
      const entries: NewEntry[] = [];
      const nodes: StoredNode[] = [];
      for (const item of accepted) {
        const leafHash = logEntryLeafHash(item.entry);
        const idx = frontier.size;
        nodes.push(...frontier.appendLeafHash(leafHash));
        entries.push({ idx, leafHash, ...item });
        appended.set(item.subject, { logIndex: idx, leafHash: bytesToBase64(leafHash) });
      }
      await repo.append(entries, nodes, frontier.size);
      return { appended, refused, size: frontier.size };
    });
    for (const r of outcome.refused) {
      this.log?.warn(
        { tlog: 'refused', kind: r.kind, subject: r.subject, reason: r.reason },
        'a row the service would not have accepted was not logged',
      );
    }
    return outcome;
  }
}
