import type { FastifyInstance } from 'fastify';
import { TEST_ADMIN_TOKEN } from '../support/app.js';

/** Small, explicit analytics records for tests (import format, see docs/analytics-import.md). */
export const IDS = {
  agentA: '11111111-1111-4111-8111-111111111111',
  agentB: '22222222-2222-4222-8222-222222222222',
  agentC: '33333333-3333-4333-8333-333333333333',
  coin: '44444444-4444-4444-8444-444444444444',
  vault: '55555555-5555-4555-8555-555555555555',
  ownVault: '66666666-6666-4666-8666-666666666666',
  wallet: '77777777-7777-4777-8777-777777777777',
  unknown: '99999999-9999-4999-8999-999999999999',
};

export const NOW = '2026-06-01T12:00:00.000Z';
export const hoursAgo = (hours: number, now = NOW): string =>
  new Date(Date.parse(now) - hours * 3_600_000).toISOString();

export function agentRecord(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id: IDS.agentA,
    name: 'Amber Scout',
    protocol: 'x402',
    projectSlug: 'amber-scout',
    description: 'sells research over x402',
    site: 'https://amber.example',
    twitter: '@amber',
    walletAddress: '0xabc',
    coinId: IDS.coin,
    sourceConfidence: 'high',
    x402Score: 70,
    x402VolumeUsd: 5000,
    x402Transactions: 800,
    x402Resources: 12,
    revenue30dUsd: 1200,
    revenue182dUsd: 5000,
    revenueCumulativeUsd: 9000,
    tokenTax30dUsd: 50,
    inflow30dUsd: 1500,
    walletBalanceUsd: 3000,
    productivityFrequency: 90,
    productivitySuccessRate: 95,
    trust: { operatorVerified: true, codePublic: true, audited: false, incidents: 0 },
    whyIncluded: ['curated: paid research agent'],
    listedAt: hoursAgo(24 * 100),
    lastSeenAt: hoursAgo(2),
    refreshedAt: hoursAgo(1),
    ...overrides,
  };
}

/** A coherent little dataset: three agents, a coin, two vaults (one the service's own), a wallet, projects. */
export function smallDataset(): Record<string, Array<Record<string, unknown>>> {
  return {
    coins: [
      {
        id: IDS.coin,
        symbol: 'AMB',
        name: 'Amber Token',
        chain: 'base',
        agentId: IDS.agentA,
        projectSlug: 'amber-scout',
        priceUsd: 0.01,
        marketCapUsd: 1_000_000,
        fdvUsd: 2_000_000,
        volume24hUsd: 40_000,
        change24hPct: -3.5,
        holders: 1200,
        refreshedAt: hoursAgo(1),
      },
    ],
    agents: [
      agentRecord(),
      agentRecord({
        id: IDS.agentB,
        name: 'Birch Clerk',
        protocol: 'virtuals',
        projectSlug: null,
        coinId: null,
        walletAddress: null,
        x402Score: null,
        x402VolumeUsd: 0,
        x402Transactions: 0,
        revenue30dUsd: 0,
        revenue182dUsd: 10,
        walletBalanceUsd: 0,
        sourceConfidence: null,
        lastSeenAt: hoursAgo(24 * 20),
        refreshedAt: hoursAgo(48),
      }),
      agentRecord({
        id: IDS.agentC,
        name: 'Cinder Relay',
        protocol: null,
        site: null,
        twitter: null,
        projectSlug: null,
        coinId: null,
        walletAddress: null,
        x402VolumeUsd: 0,
        x402Transactions: 0,
        revenue30dUsd: 0,
        revenue182dUsd: 0,
        walletBalanceUsd: 0,
        lastSeenAt: null,
      }),
    ],
    vaults: [
      {
        id: IDS.vault,
        name: 'Keel USDC Yield',
        status: 'live',
        chain: 'base',
        platform: 'Morpho',
        assetSymbol: 'USDC',
        managerAgentId: IDS.agentA,
        tvlUsd: 250_000,
        apyPct: 7.5,
        sharePrice: 1.04,
        refreshedAt: hoursAgo(1),
      },
      {
        id: IDS.ownVault,
        name: 'Convene Treasury Vault',
        isOwn: true,
        status: 'live',
        chain: 'base',
        assetSymbol: 'USDC',
        tvlUsd: 140,
        refreshedAt: hoursAgo(1),
      },
    ],
    wallets: [
      {
        id: IDS.wallet,
        address: '0xabc',
        chain: 'base',
        label: 'Amber Scout wallet',
        agentId: IDS.agentA,
        balanceUsd: 3000,
        change24hPct: 1.5,
        holdings: [{ symbol: 'USDC', amount: 3000, valueUsd: 3000 }],
        txCount30d: 820,
        inflow30dUsd: 1500,
        outflow30dUsd: 200,
        lastActiveAt: hoursAgo(3),
        refreshedAt: hoursAgo(1),
      },
    ],
    projects: [
      {
        slug: 'amber-scout',
        name: 'Amber Scout Protocol',
        category: 'research',
        chain: 'base',
        tagline: 'Research for agents',
        tags: ['research'],
        coinId: IDS.coin,
        listedAt: hoursAgo(24 * 200),
        refreshedAt: hoursAgo(1),
      },
      {
        slug: 'quiet-co',
        name: 'Quiet Co',
        category: 'data',
        listedAt: hoursAgo(24 * 10),
        refreshedAt: hoursAgo(100),
      },
    ],
    'agent-history': Array.from({ length: 40 }, (_, i) => ({
      agentId: IDS.agentA,
      date: new Date(Date.parse(NOW) - (39 - i) * 86_400_000).toISOString().slice(0, 10),
      revenueUsd: 40,
      x402VolumeUsd: 100,
      x402Transactions: 20,
      walletBalanceUsd: 2000 + i * 25,
    })),
    'vault-history': Array.from({ length: 40 }, (_, i) => ({
      vaultId: IDS.vault,
      date: new Date(Date.parse(NOW) - (39 - i) * 86_400_000).toISOString().slice(0, 10),
      tvlUsd: 200_000 + i * 1000,
      apyPct: 7,
      sharePrice: 1 + i * 0.001,
    })),
    'project-history': Array.from({ length: 90 }, (_, i) => ({
      projectSlug: 'amber-scout',
      date: new Date(Date.parse(NOW) - (89 - i) * 86_400_000).toISOString().slice(0, 10),
      revenueUsd: i < 60 ? 10 : 20,
      volumeUsd: 100,
      transactions: 5,
      activeUsers: 30,
      tvlUsd: 1000,
    })),
  };
}

export const toNdjson = (records: ReadonlyArray<Record<string, unknown>>): string =>
  records.map((record) => JSON.stringify(record)).join('\n') + '\n';

/** Imports records through the admin route, as the CLI does remotely. */
export async function importViaHttp(
  app: FastifyInstance,
  kind: string,
  records: ReadonlyArray<Record<string, unknown>>,
) {
  return app.inject({
    method: 'POST',
    url: `/api/admin/analytics/import?kind=${kind}`,
    headers: { 'content-type': 'application/x-ndjson', 'x-admin-token': TEST_ADMIN_TOKEN },
    payload: toNdjson(records),
  });
}

export async function importSmallDataset(app: FastifyInstance): Promise<void> {
  const dataset = smallDataset();
  for (const kind of [
    'coins',
    'agents',
    'vaults',
    'wallets',
    'projects',
    'agent-history',
    'vault-history',
    'project-history',
  ]) {
    const response = await importViaHttp(app, kind, dataset[kind] ?? []);
    if (response.statusCode !== 200 || response.json().rejected !== 0) {
      throw new Error(`import ${kind} failed: ${response.body}`);
    }
  }
}
