import { afterAll, beforeAll, expect, test } from 'vitest';
import { erc20Abi, erc4626Abi, formatUnits, parseUnits, type Address, type Hex } from 'viem';
import { buildApp } from '../../src/app.js';
import { ONCHAIN_JOBS } from '../../src/onchain/jobs.js';
import { createTestApp, type TestContext } from '../support/app.js';
import { describeEachDatabase } from '../support/databases.js';
import { deployTreasury, liveEnv, type TreasuryFixture } from './fixture.js';
import { startPriceServer, startRpcProxy, type RpcProxy } from './stand-ins.js';

const START = new Date('2026-06-01T12:00:00Z');
const DAY_S = 86_400;
/** WETH closes at 3000 + day of month, so each buyback's valuation shows which day's close it used. */
const wethClose = (date: string) => 3000 + Number(date.slice(8, 10));
const dates = Array.from({ length: 40 }, (_, i) =>
  new Date(Date.UTC(2026, 4, 25 + i)).toISOString().slice(0, 10),
);
const PRICES = {
  'WETH-USD': dates.map((date) => ({ date, value: wethClose(date) })),
  'CVN-USD': dates.map((date) => ({ date, value: 0.05 })),
};

describeEachDatabase('live treasury from a local chain', (kind) => {
  let fx: TreasuryFixture;
  let proxy: RpcProxy;
  let prices: Awaited<ReturnType<typeof startPriceServer>>;
  let ctx: TestContext;
  const tx: Record<string, Hex> = {};

  beforeAll(async () => {
    fx = await deployTreasury(START);
    proxy = await startRpcProxy(fx.chain.url);
    prices = await startPriceServer(PRICES);
    await fx.actions.deposit('10000');
    await fx.actions.allocate(0, '3000');
    await fx.actions.allocate(1, '3000');
    await fx.actions.allocate(2, '2500');
    await fx.actions.mint('weth', fx.accounts.primary.address, parseUnits('10', 18));
    await fx.actions.mint('asset', fx.accounts.strategy.address, parseUnits('500', 6));
    await fx.actions.mint('token', fx.addresses.router, parseUnits('100000', 18));
    ctx = await createTestApp(kind, { env: liveEnv(fx, proxy.url, prices.url) });
    ctx.clock.set(await headTime());
  });
  afterAll(async () => {
    await ctx?.close();
    await proxy?.close();
    await prices?.close();
    await fx?.chain.close();
  });

  const get = async (url: string) => (await ctx.app.inject({ url })).json();
  const run = (job: string) => ctx.app.convene.scheduler.runNow(job);
  const client = () => fx.chain.publicClient;
  async function headTime(): Promise<Date> {
    return new Date(Number((await client().getBlock()).timestamp) * 1000);
  }
  const erc20 = async (token: Address, holder: Address, decimals: number) =>
    Number(
      formatUnits(
        await client().readContract({
          address: token,
          abi: erc20Abi,
          functionName: 'balanceOf',
          args: [holder],
        }),
        decimals,
      ),
    );
  const native = async (holder: Address) =>
    Number(formatUnits(await client().getBalance({ address: holder }), 18));

  let firstRead: { asOf: string; sharePrice: number };

  test('only the configured readers run, and only outside demo', () => {
    const names = ctx.app.convene.scheduler.list().map((job) => job.name);
    expect(names).toEqual(expect.arrayContaining(Object.values(ONCHAIN_JOBS)));
  });

  test('vault economics: TVL, share price, supply, cap, idle and three adapters, as on chain', async () => {
    expect(await run(ONCHAIN_JOBS.vault)).toBe('success');
    const body = await get('/api/dashboards/vault-economics');
    const onchainAssets = await client().readContract({
      address: fx.addresses.vault,
      abi: erc4626Abi,
      functionName: 'totalAssets',
    });
    expect(body).toMatchObject({
      asOf: (await headTime()).toISOString(),
      stale: false,
      source: 'onchain',
      provenance: 'live',
      vaultAddress: fx.addresses.vault.toLowerCase(),
      tvlUsd: Number(formatUnits(onchainAssets, 6)),
      sharePrice: 1,
      totalShares: 10_000,
      depositCapUsd: 100_000,
      idleUsd: 1500,
    });
    expect(body.tvlUsd).toBe(10_000);
    expect(body.adapters).toEqual([
      expect.objectContaining({ name: 'MorphoAdapter', protocol: 'morpho', balanceUsd: 3000 }),
      expect.objectContaining({ name: 'AaveV3Adapter', protocol: 'aave', balanceUsd: 3000 }),
      expect.objectContaining({
        name: 'CompoundV3Adapter',
        protocol: 'compound',
        balanceUsd: 2500,
      }),
    ]);
    expect(body.adapters[0].address).toBe(fx.addresses.adapters[0]?.toLowerCase());
    expect(body.apy.apy7d).toBeNull();
    firstRead = body;
    // The same block read again adds no row to the share-price history.
    expect(await run(ONCHAIN_JOBS.vault)).toBe('skipped');
  });

  test('APY comes from the persisted share-price history as interest accrues', async () => {
    await fx.actions.accrue(0, '100');
    await fx.chain.advance(8 * DAY_S);
    ctx.clock.set(await headTime());
    expect(await run(ONCHAIN_JOBS.vault)).toBe('success');
    const body = await get('/api/dashboards/vault-economics');
    const oneShare = await client().readContract({
      address: fx.addresses.vault,
      abi: erc4626Abi,
      functionName: 'convertToAssets',
      args: [10n ** 6n],
    });
    expect(body.sharePrice).toBe(Number(formatUnits(oneShare, 6)));
    expect(body.sharePrice).toBeCloseTo(1.01, 5);
    expect(body.tvlUsd).toBe(10_100);
    expect(body.adapters[0].balanceUsd).toBe(3100);
    const elapsedDays = (Date.parse(body.asOf) - Date.parse(firstRead.asOf)) / (DAY_S * 1000);
    const growth = body.sharePrice / firstRead.sharePrice;
    expect(body.apy.apy7d).toBeCloseTo(growth ** (365 / elapsedDays) - 1, 5);
    expect(body.stale).toBe(false);
  });

  test('wallets: native and ERC-20 balances, live, priced, with one daily total per day', async () => {
    expect(await run(ONCHAIN_JOBS.wallets)).toBe('success');
    const body = await get('/api/dashboards/wallet-balances');
    const date = (await headTime()).toISOString().slice(0, 10);
    const primary = body.wallets.find((w: { name: string }) => w.name === 'Primary');
    const strategy = body.wallets.find((w: { name: string }) => w.name === 'Strategy');
    expect(primary.address).toBe(fx.accounts.primary.address.toLowerCase());
    const holding = (wallet: { holdings: Array<{ asset: string }> }, asset: string) =>
      wallet.holdings.find((h) => h.asset === asset);
    expect(holding(primary, 'WETH')).toMatchObject({
      amount: 10,
      priceUsd: wethClose(date),
      valueUsd: 10 * wethClose(date),
      provenance: 'live',
    });
    expect(holding(primary, 'ETH')).toMatchObject({
      amount: await native(fx.accounts.primary.address),
      priceUsd: wethClose(date),
      provenance: 'live',
    });
    expect(holding(strategy, 'USDC')).toMatchObject({
      amount: await erc20(fx.addresses.asset, fx.accounts.strategy.address, 6),
      priceUsd: 1,
      valueUsd: 500,
      provenance: 'live',
    });
    expect(body.history).toEqual([
      {
        date,
        totalUsd: expect.closeTo(primary.totalUsd + strategy.totalUsd, 1),
        provenance: 'live',
      },
    ]);
    expect(await run(ONCHAIN_JOBS.wallets)).toBe('success');
    expect((await get('/api/dashboards/wallet-balances')).history).toHaveLength(1);
  });

  test('token metrics: total supply from the token contract, price and market cap', async () => {
    expect(await run(ONCHAIN_JOBS.token)).toBe('success');
    const body = await get('/api/dashboards/token-metrics');
    const supply = Number(
      formatUnits(
        await client().readContract({
          address: fx.addresses.token,
          abi: erc20Abi,
          functionName: 'totalSupply',
        }),
        18,
      ),
    );
    expect(body.CVN).toMatchObject({
      priceUsd: 0.05,
      totalSupply: supply,
      marketCapUsd: 0.05 * supply,
      stale: false,
      provenance: 'live',
    });
    expect(body.feeSplit.swapFeePercent).toBe(1);
  });

  test('buybacks: WETH-out and token-in legs of one transaction; plain transfers are not buybacks; burns are recorded', async () => {
    tx.first = await fx.actions.buyback('1', '1000');
    await fx.actions.sendTokens('50');
    tx.second = await fx.actions.buyback('0.5', '400');
    await fx.actions.burn('1400');
    expect(await run(ONCHAIN_JOBS.buybacks)).toBe('success');
    const body = await get('/api/dashboards/buybacks');
    const date = (await headTime()).toISOString().slice(0, 10);
    expect(body).toMatchObject({ source: 'onchain', stale: false, lastError: null });
    expect(body.asOf).toBe((await headTime()).toISOString());
    const byTx = Object.fromEntries(body.rows.map((r: { tx: string }) => [r.tx, r]));
    expect(Object.keys(byTx).sort()).toEqual([tx.first, tx.second].sort());
    expect(byTx[tx.first as string]).toMatchObject({
      date,
      wethSpent: 1,
      spentAsset: 'WETH',
      cvnReceived: 1000,
      valueUsd: wethClose(date),
      provenance: 'live',
    });
    expect(byTx[tx.second as string]).toMatchObject({ wethSpent: 0.5, cvnReceived: 400 });
    const burns = await ctx.testDb.database.db
      .selectFrom('onchain_token_burn')
      .selectAll()
      .execute();
    expect(burns).toEqual([
      expect.objectContaining({
        from_address: fx.accounts.primary.address.toLowerCase(),
        amount: 1400,
      }),
    ]);
    expect(await run(ONCHAIN_JOBS.wallets)).toBe('success');
    const sleeves = await get('/api/dashboards/wallet-sleeves');
    const primary = sleeves.wallets.find((w: { name: string }) => w.name === 'Primary');
    const agentSleeve = primary.sleeves.find((s: { key: string }) => s.key === 'agent_tokens');
    expect(agentSleeve.holdings).toEqual([
      expect.objectContaining({ asset: 'CVN', bucket: 'service_token', amount: 50 }),
    ]);
  });

  test('a restarted app resumes from the persisted cursor: no re-read, no duplicate rows', async () => {
    const cursor = await ctx.testDb.database.db
      .selectFrom('onchain_cursor')
      .selectAll()
      .executeTakeFirstOrThrow();
    tx.third = await fx.actions.buyback('0.25', '200');
    const restarted = await buildApp({
      config: ctx.config,
      database: ctx.testDb.database,
      clock: ctx.clock,
      logger: false,
    });
    await restarted.ready();
    try {
      const seen = proxy.requests.length;
      expect(await restarted.convene.scheduler.runNow(ONCHAIN_JOBS.buybacks)).toBe('success');
      const logQueries = proxy.requests.slice(seen).filter((r) => r.method === 'eth_getLogs');
      const fromBlocks = logQueries.map((r) => (r.params[0] as { fromBlock: string }).fromBlock);
      expect(new Set(fromBlocks)).toEqual(new Set([`0x${(cursor.block_number + 1).toString(16)}`]));
    } finally {
      await restarted.close();
    }
    const rows = (await get('/api/dashboards/buybacks')).rows as Array<{ tx: string }>;
    expect(rows.map((r) => r.tx).sort()).toEqual([tx.first, tx.second, tx.third].sort());
  });

  test('a reorg below the indexed head is detected and the forked range re-read', async () => {
    const snapshot = await fx.chain.snapshot();
    const orphaned = await fx.actions.buyback('0.1', '100');
    expect(await run(ONCHAIN_JOBS.buybacks)).toBe('success');
    expect((await get('/api/dashboards/buybacks')).rows).toHaveLength(4);

    await fx.chain.revert(snapshot);
    await fx.chain.mine(1);
    tx.fourth = await fx.actions.buyback('0.2', '150');
    expect(await run(ONCHAIN_JOBS.buybacks)).toBe('success');
    const rows = (await get('/api/dashboards/buybacks')).rows as Array<{ tx: string }>;
    expect(rows.map((r) => r.tx)).not.toContain(orphaned);
    expect(rows.map((r) => r.tx).sort()).toEqual([tx.first, tx.second, tx.third, tx.fourth].sort());
    const cursor = await ctx.testDb.database.db
      .selectFrom('onchain_cursor')
      .selectAll()
      .executeTakeFirstOrThrow();
    const head = await client().getBlock();
    expect(cursor).toMatchObject({ block_number: Number(head.number), block_hash: head.hash });
  });

  test('a killed RPC: every read fails, last good values stay, wallets read stale, all go stale with time', async () => {
    const before = {
      vault: await get('/api/dashboards/vault-economics'),
      wallets: await get('/api/dashboards/wallet-balances'),
      buybacks: await get('/api/dashboards/buybacks'),
    };
    await proxy.kill();
    try {
      for (const job of Object.values(ONCHAIN_JOBS)) expect(await run(job)).toBe('failed');
      const vault = await get('/api/dashboards/vault-economics');
      expect(vault).toEqual(before.vault);
      const wallets = await get('/api/dashboards/wallet-balances');
      const holdings = wallets.wallets.flatMap((w: { holdings: unknown[] }) => w.holdings);
      expect(holdings.length).toBeGreaterThan(0);
      for (const h of holdings) expect(h).toMatchObject({ provenance: 'stale' });
      expect(wallets.totalUsd).toBe(before.wallets.totalUsd);
      expect(wallets.history).toEqual(before.wallets.history);
      const buybacks = await get('/api/dashboards/buybacks');
      expect(buybacks.rows).toEqual(before.buybacks.rows);
      expect(buybacks.lastError).toEqual(expect.any(String));

      ctx.clock.advance(2 * 3600 * 1000);
      expect((await get('/api/dashboards/vault-economics')).stale).toBe(true);
      expect((await get('/api/dashboards/token-metrics')).CVN.stale).toBe(true);
      expect((await get('/api/dashboards/buybacks')).stale).toBe(true);
    } finally {
      await proxy.revive();
    }
    await fx.chain.advance(2 * 3600);
    ctx.clock.set(await headTime());
    for (const job of Object.values(ONCHAIN_JOBS)) expect(await run(job)).toBe('success');
    expect((await get('/api/dashboards/vault-economics')).stale).toBe(false);
    const wallets = await get('/api/dashboards/wallet-balances');
    for (const w of wallets.wallets)
      for (const h of w.holdings) expect(h).toMatchObject({ provenance: 'live' });
    expect(await get('/api/dashboards/buybacks')).toMatchObject({ stale: false, lastError: null });
  });

  test('rate limits (429) and hung requests are retried with backoff; exhausted retries record nothing', async () => {
    await fx.chain.advance(5);
    proxy.rateLimit(2);
    expect(await run(ONCHAIN_JOBS.token)).toBe('success');
    expect(proxy.answered.rateLimited).toBe(2);

    await fx.chain.advance(5);
    proxy.hang(1);
    expect(await run(ONCHAIN_JOBS.token)).toBe('success');
    expect(proxy.answered.hung).toBe(1);

    const readings = async () =>
      (await ctx.testDb.database.db.selectFrom('token_reading').select('id').execute()).length;
    const count = await readings();
    await fx.chain.advance(5);
    proxy.rateLimit(3);
    expect(await run(ONCHAIN_JOBS.token)).toBe('failed');
    expect(await readings()).toBe(count);
  });

  test('a fresh indexer reads bounded ranges, is stale while it lags the head, and catches up over passes', async () => {
    const lagging = await createTestApp(kind, {
      clock: ctx.clock,
      env: {
        ...liveEnv(fx, proxy.url, prices.url),
        ONCHAIN_LOG_RANGE: '2',
        ONCHAIN_MAX_BLOCKS_PER_PASS: '6',
      },
    });
    try {
      const seen = proxy.requests.length;
      const buybacks = async () =>
        (await lagging.app.inject({ url: '/api/dashboards/buybacks' })).json();
      const pass = () => lagging.app.convene.scheduler.runNow(ONCHAIN_JOBS.buybacks);
      expect(await pass()).toBe('success');
      expect(await buybacks()).toMatchObject({ stale: true, lastError: null });
      const head = Number(await client().getBlockNumber());
      const cursor = async () =>
        (
          await lagging.testDb.database.db
            .selectFrom('onchain_cursor')
            .select('block_number')
            .executeTakeFirstOrThrow()
        ).block_number;
      let passes = 1;
      while ((await cursor()) < head && passes < 100) {
        expect(await pass()).toBe('success');
        passes++;
      }
      expect(passes).toBe(Math.ceil((head + 1) / 6));
      expect(await buybacks()).toMatchObject({ stale: false });
      const rows = (await buybacks()).rows as Array<{ tx: string }>;
      expect(rows.map((r) => r.tx).sort()).toEqual(
        [tx.first, tx.second, tx.third, tx.fourth].sort(),
      );
      const spans = proxy.requests
        .slice(seen)
        .filter((r) => r.method === 'eth_getLogs')
        .map((r) => {
          const { fromBlock, toBlock } = r.params[0] as { fromBlock: string; toBlock: string };
          return Number(toBlock) - Number(fromBlock) + 1;
        });
      expect(Math.max(...spans)).toBe(2);
    } finally {
      await lagging.close();
    }
  });
});
