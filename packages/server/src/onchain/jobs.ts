import type { FastifyBaseLogger } from 'fastify';
import { erc4626Abi, type Address } from 'viem';
import type { Clock } from '../clock.js';
import type { Config } from '../config.js';
import type { DataVersions } from '../db/data-versions.js';
import type { Transactor } from '../db/transactor.js';
import { PriceSeriesSource } from '../ingestion/price-series.js';
import type { Job, JobOutcome } from '../jobs/scheduler.js';
import type { TreasuryParts } from '../treasury/compose.js';
import { latestBlock, tokenInfo, type TokenInfo } from './chain-reads.js';
import { runIndexerPass } from './indexer.js';
import type { OnchainRepository } from './repository.js';
import { PriceBook } from './prices.js';
import type { ChainClient } from './rpc.js';
import { enabledReaders } from './settings.js';
import { readToken } from './token-reader.js';
import { ONCHAIN_SOURCE, readVault } from './vault-reader.js';
import { readWallets } from './wallet-reader.js';
import { markWalletsStale, recordLiveWallets } from './wallet-writes.js';

export const ONCHAIN_JOBS = {
  vault: 'onchain.vault',
  wallets: 'onchain.wallets',
  token: 'onchain.token',
  buybacks: 'onchain.buybacks',
} as const;

export interface OnchainJobDeps {
  readonly client: ChainClient;
  readonly config: Config;
  /** The indexer's cursor and checkpoints, written in the transactor's transactions. */
  readonly onchain: OnchainRepository;
  readonly transactor: Transactor;
  readonly versions: DataVersions;
  readonly clock: Clock;
  readonly log: FastifyBaseLogger;
  /** The treasury's reads and writes: the readers record through them. */
  readonly treasury: TreasuryParts;
}

/**
 * The live treasury readers as scheduled jobs, one per dataset, each every ONCHAIN_POLL_SECONDS and
 * only for the readers whose addresses are configured. All are idempotent: a reading of a block
 * already recorded is skipped, and the indexer resumes from its cursor.
 */
export function onchainJobs(deps: OnchainJobDeps): Job[] {
  const settings = deps.config.onchain;
  const enabled = enabledReaders(settings);
  const { vaultAddress, tokenAddress, wethAddress } = settings;
  const wallets = settings.treasuryWallets.map((w) => w.address);
  const source =
    deps.config.priceBaseUrl === undefined
      ? undefined
      : new PriceSeriesSource(deps.config.priceBaseUrl);

  let vaultAssetMemo: Promise<TokenInfo> | undefined;
  /** The vault's asset, read once: it is priced at 1 USD unless PRICE_SERIES names it. */
  const vaultAsset = (vault: Address) => {
    vaultAssetMemo ??= (async () => {
      const address = await deps.client.readContract({
        address: vault,
        abi: erc4626Abi,
        functionName: 'asset',
      });
      return tokenInfo(deps.client, address, await latestBlock(deps.client));
    })().catch((error: unknown) => {
      vaultAssetMemo = undefined;
      throw error;
    });
    return vaultAssetMemo;
  };
  const vaultAssets = async () =>
    vaultAddress === undefined ? [] : [await vaultAsset(vaultAddress)];
  const prices = async () =>
    new PriceBook(
      settings.prices,
      source,
      new Set((await vaultAssets()).map((a) => a.symbol.toUpperCase())),
    );

  const job = (name: string, run: () => Promise<JobOutcome>): Job => ({
    name,
    schedule: { everyMs: settings.pollSeconds * 1000 },
    idempotent: true,
    async run() {
      try {
        return await run();
      } catch (error) {
        deps.log.warn(
          { job: name, error: firstLine(error) },
          'onchain read failed; kept last values',
        );
        return 'failed';
      }
    },
  });

  const jobs: Job[] = [];
  if (enabled.vault && vaultAddress !== undefined)
    jobs.push(
      job(ONCHAIN_JOBS.vault, async () => {
        const reading = await readVault(deps.client, { ...settings, vaultAddress }, await prices());
        const latest = await deps.treasury.reads.latestVaultReadAt();
        if (latest !== undefined && latest >= reading.readAt) return 'skipped';
        await deps.treasury.writes.recordVaultReadings([reading]);
        return 'success';
      }),
    );

  if (enabled.token && tokenAddress !== undefined)
    jobs.push(
      job(ONCHAIN_JOBS.token, async () => {
        const reading = await readToken(deps.client, tokenAddress, await prices());
        const latest = await deps.treasury.reads.latestTokenReadAt();
        if (latest !== undefined && latest >= reading.readAt) return 'skipped';
        await deps.treasury.writes.recordTokenReading(reading);
        return 'success';
      }),
    );

  if (enabled.wallets)
    jobs.push(
      job(ONCHAIN_JOBS.wallets, async () => {
        try {
          const tokens = [tokenAddress, wethAddress, ...settings.walletTokens].filter(
            (t): t is Address => t !== undefined,
          );
          const read = await readWallets(
            deps.client,
            {
              wallets,
              tokens: [...tokens, ...(await vaultAssets()).map((a) => a.address)],
              serviceToken: tokenAddress,
            },
            await prices(),
          );
          await recordLiveWallets(deps.treasury, settings.treasuryWallets, read);
          return 'success';
        } catch (error) {
          await markWalletsStale(deps.treasury, wallets);
          throw error;
        }
      }),
    );

  const primaryWallet = wallets[0];
  if (enabled.buybacks && tokenAddress && wethAddress && primaryWallet)
    jobs.push(
      job(ONCHAIN_JOBS.buybacks, async () => {
        const assets = await Promise.all([
          latestBlock(deps.client).then((block) =>
            Promise.all([
              tokenInfo(deps.client, tokenAddress, block),
              tokenInfo(deps.client, wethAddress, block),
            ]),
          ),
          prices(),
        ]).catch(async (error: unknown) => {
          const message = firstLine(error);
          await deps.treasury.writes.recordBuybackScanFailure({
            source: ONCHAIN_SOURCE,
            attemptAt: deps.clock.now(),
            error: message,
          });
          throw error;
        });
        const [[token, weth], priceBook] = assets;
        const pass = await runIndexerPass(
          deps,
          {
            target: { token, weth, primaryWallet, wallets },
            wethPriceSymbol: weth.symbol,
            startBlock: settings.startBlock,
            confirmations: settings.confirmations,
            logRangeBlocks: settings.logRangeBlocks,
            maxBlocksPerPass: settings.maxBlocksPerPass,
          },
          priceBook,
        );
        if (pass.outcome === 'failed') deps.log.warn(pass, 'buyback indexer pass failed');
        return pass.outcome;
      }),
    );
  return jobs;
}

const firstLine = (error: unknown) =>
  (error instanceof Error ? error.message : String(error)).split('\n')[0] ?? 'unknown error';
