import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppContext } from '../app.js';
import { onchainJobs } from './jobs.js';
import { createChainClient } from './rpc.js';
import { wantsChain } from './settings.js';

/**
 * Live treasury ingestion: registers the onchain readers as scheduled jobs when RPC_URL is set,
 * outside demo (whose treasury is the seeded dataset, not a chain). The treasury routes serve
 * whatever these jobs record.
 */
export const onchainPlugin: FastifyPluginAsyncTypebox<{ context: AppContext }> = async (
  app,
  { context },
) => {
  const { config } = context;
  if (config.appEnv === 'demo') return;
  if (config.rpcUrl === undefined || !wantsChain(config.onchain)) {
    if (config.appEnv === 'prod')
      app.log.warn('RPC_URL or the onchain addresses are unset: treasury data will not be live');
    return;
  }
  const { onchain } = config;
  const client = createChainClient(config.rpcUrl, {
    timeoutMs: onchain.rpcTimeoutMs,
    retryCount: onchain.rpcRetryCount,
    backoffMs: onchain.rpcBackoffMs,
    onRetry: (retry) => app.log.debug(retry, 'retrying an RPC request'),
  });
  for (const job of onchainJobs({ ...context, client, log: app.log })) context.scheduler.add(job);
};
