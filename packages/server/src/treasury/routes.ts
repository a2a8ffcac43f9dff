import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { RequestErrorSchema } from '../error-schemas.js';
import { ADMIN_SECURITY, adminGuard } from '../http/admin-auth.js';
import { NOT_MODIFIED } from '../http/edge-cache.js';
import {
  AllocationFrameworkSchema,
  AllocationInputSchema,
  buybacksSchema,
  VaultEconomicsSchema,
  WalletBalancesSchema,
  WalletSleevesSchema,
  tokenMetricsSchema,
} from './schemas.js';
import type { TreasuryService } from './service.js';

const tags = ['treasury'];

export const treasuryRoutes: FastifyPluginAsyncTypebox<{
  treasury: TreasuryService;
  tokenKey: string;
  adminToken: string | undefined;
}> = async (app, { treasury, tokenKey, adminToken }) => {
  app.get(
    '/api/dashboards/vault-economics',
    {
      schema: {
        tags,
        summary: "The service's own ERC-4626 vault",
        response: { 200: VaultEconomicsSchema, 404: RequestErrorSchema },
      },
    },
    async () => treasury.vaultEconomics(),
  );
  app.get(
    '/api/dashboards/allocation',
    {
      schema: {
        tags,
        summary: 'Target allocation: two sleeves and the bucket targets beneath them',
        response: { 200: AllocationFrameworkSchema, 304: NOT_MODIFIED },
      },
    },
    async (request, reply) =>
      app.edge.answer(request, reply, 'treasury', {
        key: null,
        version: treasury.allocationVersion,
        build: () => treasury.allocation(),
      }),
  );
  app.get(
    '/api/dashboards/wallet-sleeves',
    {
      schema: {
        tags,
        summary: "Protocol wallets' holdings grouped into the allocation sleeves (realised side)",
        response: { 200: WalletSleevesSchema, 304: NOT_MODIFIED },
      },
    },
    async (request, reply) =>
      app.edge.answer(request, reply, 'treasury', {
        key: null,
        version: treasury.walletsVersion,
        build: () => treasury.walletSleeves(),
      }),
  );
  app.get(
    '/api/dashboards/wallet-balances',
    {
      schema: {
        tags,
        summary:
          'Every protocol wallet, every holding with provenance, and the daily total since inception',
        response: { 200: WalletBalancesSchema, 304: NOT_MODIFIED },
      },
    },
    async (request, reply) =>
      app.edge.answer(request, reply, 'treasury', {
        key: null,
        version: treasury.walletsVersion,
        build: () => treasury.walletBalances(),
      }),
  );
  app.get(
    '/api/dashboards/token-metrics',
    {
      schema: {
        tags,
        summary: 'Token price, supply, market cap and the swap-fee split',
        response: { 200: tokenMetricsSchema(tokenKey), 404: RequestErrorSchema },
      },
    },
    async () => treasury.tokenMetrics(),
  );
  app.get(
    '/api/dashboards/buybacks',
    {
      schema: {
        tags,
        summary: 'Token buybacks and whether the indexer has caught up',
        response: { 200: buybacksSchema(tokenKey) },
      },
    },
    async () => treasury.buybacks(),
  );
  app.put(
    '/api/treasury/admin/allocation',
    {
      onRequest: adminGuard(adminToken),
      schema: {
        tags,
        summary: 'Set new allocation targets (admin); weights are normalised to sum to 1',
        security: ADMIN_SECURITY,
        body: AllocationInputSchema,
        response: { 200: AllocationFrameworkSchema, 400: RequestErrorSchema },
      },
    },
    async (request) =>
      treasury.setAllocation({ weights: request.body.weights, note: request.body.note }),
  );
};
