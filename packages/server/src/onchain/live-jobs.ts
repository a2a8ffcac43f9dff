import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock.js';
import type { Config } from '../config.js';
import type { DataVersions } from '../db/data-versions.js';
import type { Job } from '../jobs/scheduler.js';
import type { Transactor } from '../db/transactor.js';
import type { TreasuryParts } from '../treasury/compose.js';
import { onchainJobs } from './jobs.js';
import type { OnchainRepository } from './repository.js';
import { createChainClient } from './rpc.js';
import { wantsChain } from './settings.js';

/**
 * Live treasury ingestion: the onchain readers as scheduled jobs when RPC_URL is set, outside demo
 * (whose treasury is the seeded dataset, not a chain); none otherwise. The treasury routes serve
 * whatever these jobs record.
 */
export function liveTreasuryJobs(
  context: { config: Config; versions: DataVersions; clock: Clock },
  log: FastifyBaseLogger,
  parts: { treasury: TreasuryParts; onchain: OnchainRepository; transactor: Transactor },
): Job[] {
  const { config } = context;
  if (config.appEnv === 'demo') return [];
  if (config.rpcUrl === undefined || !wantsChain(config.onchain)) {
    if (config.appEnv === 'prod')
      log.warn('RPC_URL or the onchain addresses are unset: treasury data will not be live');
    return [];
  }
  const { onchain } = config;
  const client = createChainClient(config.rpcUrl, {
    timeoutMs: onchain.rpcTimeoutMs,
    retryCount: onchain.rpcRetryCount,
    backoffMs: onchain.rpcBackoffMs,
    onRetry: (retry) => log.debug(retry, 'retrying an RPC request'),
  });
  return onchainJobs({
    config,
    versions: context.versions,
    clock: context.clock,
    ...parts,
    client,
    log,
  });
}
