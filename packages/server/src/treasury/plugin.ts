import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppContext } from '../app.js';
import { treasuryRoutes } from './routes.js';
import { TreasuryService } from './service.js';

/** The treasury domain: dashboards for the vault, allocation, wallets, token and buybacks. */
export const treasuryPlugin: FastifyPluginAsyncTypebox<{ context: AppContext }> = async (
  app,
  { context },
) => {
  const treasury = new TreasuryService(context);
  await app.register(treasuryRoutes, { treasury });
};
