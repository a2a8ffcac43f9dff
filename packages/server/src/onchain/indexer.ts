import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock.js';
import type { DataVersions } from '../db/data-versions.js';
import type { Transactor } from '../db/transactor.js';
import { BUYBACK_INDEXER, TREASURY_DATASETS } from '../treasury/catalog.js';
import type { BuybackInput, TreasuryWrites } from '../treasury/writes.js';
import { scanBuybackLogs, type BuybackTarget } from './buyback-logs.js';
import { blockTime } from './chain-reads.js';
import type { PriceBook } from './prices.js';
import type { OnchainRepository } from './repository.js';
import type { ChainClient } from './rpc.js';
import { ONCHAIN_SOURCE } from './vault-reader.js';

const CHECKPOINTS_KEPT = 128;
import { utcDate as isoDate } from '@convene/protocol';

export interface IndexerDeps {
  readonly client: ChainClient;
  readonly onchain: OnchainRepository;
  readonly transactor: Transactor;
  readonly versions: DataVersions;
  readonly clock: Clock;
  readonly log: FastifyBaseLogger;
  readonly treasury: { writes: TreasuryWrites };
}

export interface IndexerOptions {
  readonly target: BuybackTarget;
  /** Symbol whose daily close values WETH spent (null value when that day has no close). */
  readonly wethPriceSymbol: string;
  readonly startBlock: number;
  readonly confirmations: number;
  readonly logRangeBlocks: number;
  readonly maxBlocksPerPass: number;
}

export interface IndexerPass {
  readonly outcome: 'success' | 'failed';
  readonly from: number | null;
  readonly through: number | null;
  readonly safeHead: number | null;
  readonly reorg: { forkBlock: number | null; buybacks: number; burns: number } | null;
  readonly error?: string;
}

/**
 * One pass of the buyback indexer: check that the last indexed block is still canonical (else
 * rewind to the newest checkpoint that is and re-read from there), then read bounded ranges up to
 * `head - confirmations`, committing each range with the cursor so a restart resumes after it.
 * Failures are recorded, never turned into rows; the cursor stays at the last committed range.
 */
export async function runIndexerPass(
  deps: IndexerDeps,
  options: IndexerOptions,
  prices: PriceBook,
): Promise<IndexerPass> {
  const { client } = deps;
  const attemptAt = deps.clock.now();
  let from: number | null = null;
  let through: number | null = null;
  let safeHead: number | null = null;
  let reorg: IndexerPass['reorg'] = null;
  try {
    safeHead = Number(await client.getBlockNumber()) - options.confirmations;
    reorg = await rewindIfReorged(deps, options.startBlock);
    const saved = await deps.onchain.cursor(BUYBACK_INDEXER);
    through = saved?.block_number ?? null;
    from = (through ?? options.startBlock - 1) + 1;
    const lastBlock = Math.min(safeHead, from + options.maxBlocksPerPass - 1);
    for (let start = from; start <= lastBlock; start += options.logRangeBlocks) {
      const end = Math.min(start + options.logRangeBlocks - 1, lastBlock);
      await indexRange(deps, options, prices, start, end, attemptAt);
      through = end;
    }
    if (saved !== undefined && through === saved.block_number) {
      // Nothing new to read: still a successful look, through the same block as before.
      await deps.transactor.transaction(async (trx) => {
        await deps.treasury.writes.recordBuybackScanIn(trx, {
          source: ONCHAIN_SOURCE,
          attemptAt,
          indexedThrough: saved.block_time,
          rows: [],
        });
      });
    }
    return { outcome: 'success', from, through, safeHead, reorg };
  } catch (error) {
    const message = (error as Error).message.split('\n')[0] ?? 'unknown error';
    await deps.treasury.writes.recordBuybackScanFailure({
      source: ONCHAIN_SOURCE,
      attemptAt,
      error: message,
    });
    return { outcome: 'failed', from, through, safeHead, reorg, error: message };
  }
}

/** Reads one range and commits its rows, the cursor and a checkpoint together. */
async function indexRange(
  deps: IndexerDeps,
  options: IndexerOptions,
  prices: PriceBook,
  start: number,
  end: number,
  attemptAt: Date,
): Promise<void> {
  const endBlock = await deps.client.getBlock({ blockNumber: BigInt(end) });
  const found = await scanBuybackLogs(deps.client, options.target, BigInt(start), BigInt(end));
  const recheck = await deps.client.getBlock({ blockNumber: BigInt(end) });
  if (recheck.hash !== endBlock.hash) throw new Error(`block ${end} changed while it was read`);
  if (endBlock.hash === null) throw new Error(`block ${end} has no hash`);
  const rows: BuybackInput[] = [];
  for (const buyback of found.buybacks) {
    const date = isoDate(buyback.blockTime);
    const close = await prices.dailyClose(options.wethPriceSymbol, date);
    rows.push({
      txHash: buyback.txHash,
      date,
      blockNumber: buyback.blockNumber,
      spentAsset: 'WETH',
      amountSpent: buyback.wethSpent,
      tokensAcquired: buyback.tokensAcquired,
      valueUsd: close === null ? null : buyback.wethSpent * close,
      provenance: 'live',
    });
  }
  const endTime = blockTime(endBlock.timestamp);
  await deps.transactor.transaction(async (trx) => {
    await deps.onchain.insertBurns(
      found.burns.map((burn) => ({
        txHash: burn.txHash,
        logIndex: burn.logIndex,
        blockNumber: burn.blockNumber,
        date: isoDate(burn.blockTime),
        fromAddress: burn.from,
        amount: burn.amount,
      })),
      trx,
    );
    const position = { name: BUYBACK_INDEXER, blockNumber: end, blockHash: endBlock.hash ?? '' };
    await deps.onchain.saveCursor({ ...position, blockTime: endTime, at: attemptAt }, trx);
    await deps.onchain.addCheckpoint(position, CHECKPOINTS_KEPT, trx);
    await deps.treasury.writes.recordBuybackScanIn(trx, {
      source: ONCHAIN_SOURCE,
      attemptAt,
      indexedThrough: endTime,
      rows,
    });
  });
}

/** The hash of block `number` on the node's current chain, or null when it has no such block. */
async function canonicalHash(client: ChainClient, number: number): Promise<string | null> {
  const head = await client.getBlockNumber();
  if (BigInt(number) > head) return null;
  return (await client.getBlock({ blockNumber: BigInt(number) })).hash;
}

async function rewindIfReorged(
  deps: IndexerDeps,
  startBlock: number,
): Promise<IndexerPass['reorg']> {
  const saved = await deps.onchain.cursor(BUYBACK_INDEXER);
  if (saved === undefined) return null;
  if ((await canonicalHash(deps.client, saved.block_number)) === saved.block_hash) return null;

  let fork: { block_number: number; block_hash: string } | undefined;
  for (const checkpoint of await deps.onchain.checkpoints(BUYBACK_INDEXER)) {
    if ((await canonicalHash(deps.client, checkpoint.block_number)) === checkpoint.block_hash) {
      fork = checkpoint;
      break;
    }
  }
  const forkTime =
    fork === undefined
      ? undefined
      : blockTime(
          (await deps.client.getBlock({ blockNumber: BigInt(fork.block_number) })).timestamp,
        );
  const forgotten = await deps.transactor.transaction(async (trx) => {
    const removed = await deps.onchain.forgetAbove(
      BUYBACK_INDEXER,
      fork?.block_number ?? null,
      trx,
    );
    if (fork === undefined || forkTime === undefined)
      await deps.onchain.deleteCursor(BUYBACK_INDEXER, trx);
    else
      await deps.onchain.saveCursor(
        {
          name: BUYBACK_INDEXER,
          blockNumber: fork.block_number,
          blockHash: fork.block_hash,
          blockTime: forkTime,
          at: deps.clock.now(),
        },
        trx,
      );
    await deps.versions.bump(TREASURY_DATASETS.buybacks, trx);
    return removed;
  });
  const forkBlock = fork?.block_number ?? null;
  deps.log.warn(
    { forkBlock, startBlock, indexedBlock: saved.block_number, ...forgotten },
    'chain reorganised below the indexed head; re-reading from the fork point',
  );
  return { forkBlock, ...forgotten };
}
