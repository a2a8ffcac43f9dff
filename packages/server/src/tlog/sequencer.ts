import {
  bytesToBase64,
  logEntryLeafHash,
  MerkleFrontier,
  treeRootPlan,
  type StoredNode,
} from '@convene/protocol';
import type { FastifyBaseLogger } from 'fastify';
import { admitReceipt, admitTake, admitTakeKey } from './admission.js';
import { foldMember } from './key-log.js';
import type { LogEntryRepository, LogPosition, NewEntry } from './entry-repository.js';
import { nodeKey, type LogTreeRepository } from './tree-repository.js';

export interface AppendOutcome {
  /** Entries appended by this run, by take id or receipt session id. */
  appended: Map<string, LogPosition>;
  refused: Array<{ kind: 'take' | 'receipt'; subject: string; reason: string }>;
}

const BATCH = 2000;
/**
 * How long a background integration waits for more takes to join it. Entries are integrated (and
 * provable once the next checkpoint is signed) within this plus one run of their 201, under
 * the 1 s bound with room for a busy connection; fewer, larger runs cost each take less
 * (docs/benchmarks.md, "Transparency log").
 */
export const INTEGRATE_DELAY_MS = 600;

/**
 * Puts entries in the log in two steps. Takes arrive with their position already taken (the submit
 * statement takes the next index under the log's index lock, see migration 0015); `append*` does the same
 * for published receipts and for accepted takes that have no entry (rows from before the log, or a
 * row inserted behind the service, which is checked and refused when the service would not have
 * accepted it). `integrate` then folds entries `[size, next)` into the Merkle tree: the nodes they
 * complete and the head's move are written in one statement that moves the head only from the size
 * it read. The index lock keeps indices consecutive and that condition builds the tree once,
 * whatever races, replicas or crashes happen.
 */
export class TlogSequencer {
  private appending: Promise<unknown> = Promise.resolve();
  private integrating: Promise<number> | undefined;
  private queued: Promise<number> | undefined;
  private soon: NodeJS.Timeout | undefined;
  /** Takes up to this sequence number were read by a recovery pass of this process. */
  private takesCheckedThrough = 0;

  private readonly entries: LogEntryRepository;
  private readonly tree: LogTreeRepository;
  private readonly log: FastifyBaseLogger | undefined;
  private readonly integratedListeners: Array<(startedAt: number) => void> = [];

  constructor(uses: {
    entries: LogEntryRepository;
    tree: LogTreeRepository;
    log?: FastifyBaseLogger;
  }) {
    this.entries = uses.entries;
    this.tree = uses.tree;
    this.log = uses.log;
  }

  /** Tells `listener`, after each integration run, when (performance.now()) that run started. */
  onIntegrated(listener: (startedAt: number) => void): void {
    this.integratedListeners.push(listener);
  }

  /** Published receipts not yet in the log (cheap: runs before every checkpoint). */
  appendReceipts(): Promise<AppendOutcome> {
    return this.serially(() => this.append({ takes: false }));
  }

  /**
   * The recovery pass: accepted takes without an entry and published receipts not yet in the log.
   * Takes are filed with their entry, so only rows from before the log or written behind the
   * service lack one: the first pass in a process reads every take, later ones only takes filed
   * since the previous pass (each start re-reads them all).
   */
  appendPending(): Promise<AppendOutcome> {
    return this.serially(async () => {
      const total: AppendOutcome = { appended: new Map(), refused: [] };
      const through = await this.entries.lastTakeSeq();
      for (;;) {
        const outcome = await this.append({ takes: true });
        for (const [k, v] of outcome.appended) total.appended.set(k, v);
        total.refused.push(...outcome.refused);
        if (outcome.appended.size + outcome.refused.length < BATCH) break;
      }
      this.takesCheckedThrough = Math.max(this.takesCheckedThrough, through);
      return total;
    });
  }

  /**
   * Integrates every committed entry not yet in the tree; resolves with the tree size. Calls made
   * while a run is in flight share one next run, which starts after it (and so sees what committed
   * meanwhile).
   */
  integrate(): Promise<number> {
    if (this.integrating === undefined) return this.startIntegrating();
    this.queued ??= this.integrating
      .catch(() => undefined)
      .then(() => {
        this.queued = undefined;
        return this.startIntegrating();
      });
    return this.queued;
  }

  /**
   * Integrates in the background, INTEGRATE_DELAY_MS from the first call (after a submit): every
   * take accepted meanwhile joins that one run, so a busy log integrates in a few runs a
   * second instead of one per take. A failure is logged; the next call or pass retries.
   */
  integrateSoon(): void {
    if (this.soon !== undefined) return;
    this.soon = setTimeout(() => {
      this.soon = undefined;
      this.integrate().catch((error: unknown) =>
        this.log?.error({ err: error }, 'tlog: integration failed (the next pass retries)'),
      );
    }, INTEGRATE_DELAY_MS);
  }

  /** Cancels a pending background run and waits for the one in flight. */
  async stop(): Promise<void> {
    clearTimeout(this.soon);
    this.soon = undefined;
    await this.integrating?.catch(() => undefined);
  }

  private startIntegrating(): Promise<number> {
    const run = (async () => {
      const startedAt = performance.now();
      let size: number;
      let added: number;
      do ({ size, added } = await this.integrateBatch());
      while (added === BATCH);
      for (const listener of this.integratedListeners) listener(startedAt);
      return size;
    })().finally(() => {
      if (this.integrating === run) this.integrating = undefined;
    });
    this.integrating = run;
    return run;
  }

  private serially<T>(work: () => Promise<T>): Promise<T> {
    const run = this.appending.catch(() => undefined).then(work);
    this.appending = run;
    return run;
  }

  private async append(what: { takes: boolean }): Promise<AppendOutcome> {
    const outcome = await this.entries.withLockedIndex(async (trx, next) => {
      const takes = what.takes
        ? await this.entries.pendingTakes(BATCH, this.takesCheckedThrough, trx)
        : [];
      const receipts = await this.entries.pendingReceipts(BATCH, trx);
      const accepted: Array<{ kind: 'take' | 'receipt'; subject: string; entry: string }> = [];
      const refused: AppendOutcome['refused'] = [];
      // Each take's key must be its member's active key in the log as it stands (§14.10).
      const keyRows =
        takes.length === 0
          ? []
          : await this.entries.keyEntries(
              takes.map((t) => t.memberId),
              trx,
            );
      for (const take of takes) {
        const admission = await admitTake(take);
        const keyed = admission.ok
          ? admitTakeKey(take, foldMember(keyRows, take.memberId), next + accepted.length)
          : admission;
        if (keyed.ok && admission.ok) {
          accepted.push({ kind: 'take', subject: take.id, entry: admission.entry });
        } else if (!keyed.ok)
          refused.push({ kind: 'take', subject: take.id, reason: keyed.reason });
      }
      for (const receipt of receipts) {
        const admission = await admitReceipt(receipt);
        if (admission.ok) {
          accepted.push({ kind: 'receipt', subject: receipt.sessionId, entry: admission.entry });
        } else
          refused.push({ kind: 'receipt', subject: receipt.sessionId, reason: admission.reason });
      }
      // An entry the tree already holds had its entry row or position removed behind the service:
      // appending it again would log it twice (a duplicate at a new index), so it is refused.
      const hashed = accepted.map((item) => ({ ...item, leafHash: logEntryLeafHash(item.entry) }));
      const committed = await this.tree.committedLeaves(
        hashed.map((item) => item.leafHash),
        trx,
      );
      const fresh = hashed.filter((item) => {
        const at = committed.get(bytesToBase64(item.leafHash));
        if (at === undefined) return true;
        refused.push({
          kind: item.kind,
          subject: item.subject,
          reason: `already committed to the log at index ${at}: its entry or position was removed behind the service, so it is not appended again`,
        });
        return false;
      });
      for (const r of refused) await this.entries.recordRefused(r.kind, r.subject, r.reason, trx);
      const appended = new Map<string, LogPosition>();
      if (fresh.length === 0) return { appended, refused };
      const entries: NewEntry[] = fresh.map((item, i) => ({
        idx: next + i,
        ...item,
      }));
      for (const e of entries) {
        appended.set(e.subject, { logIndex: e.idx, leafHash: bytesToBase64(e.leafHash) });
      }
      await this.entries.appendEntries(entries, trx);
      return { appended, refused };
    });
    for (const r of outcome.refused) {
      this.log?.warn(
        { tlog: 'refused', kind: r.kind, subject: r.subject, reason: r.reason },
        'a row the service would not have accepted was not logged',
      );
    }
    return outcome;
  }

  /**
   * Integrates up to BATCH entries beyond the head. Reads outside any transaction (nodes below the
   * head and entries never change), and the write moves the head only from the size read: of two
   * integrators racing, one stores the nodes and the other writes nothing and reads again (what
   * committed after the winner's read is still its to integrate).
   */
  private async integrateBatch(): Promise<{ size: number; added: number }> {
    for (;;) {
      const outcome = await this.integrateFromHead();
      if (outcome !== 'raced') return outcome;
    }
  }

  private async integrateFromHead(): Promise<{ size: number; added: number } | 'raced'> {
    const size = await this.tree.headSize();
    const plan = treeRootPlan(size);
    const { leaves: pending, nodes: stored } = await this.tree.integrationInputs(size, BATCH, plan);
    // Entries commit in index order (the index lock serialises them); stop at a gap regardless.
    let contiguous = 0;
    while (contiguous < pending.length && pending[contiguous]!.idx === size + contiguous) {
      contiguous++;
    }
    if (contiguous === 0) return { size, added: 0 };
    const frontier = new MerkleFrontier(
      size,
      plan.map((node) => {
        const hash = stored.get(nodeKey(node.level, node.index));
        if (hash === undefined) throw new Error(`tlog node ${node.level}/${node.index} missing`);
        return { ...node, hash };
      }),
    );
    const nodes: StoredNode[] = [];
    for (const { leafHash } of pending.slice(0, contiguous)) {
      nodes.push(...frontier.appendLeafHash(leafHash));
    }
    const moved = await this.tree.integrate(nodes, size, frontier.size);
    return moved ? { size: frontier.size, added: contiguous } : 'raced';
  }
}
