import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { getAddress } from 'viem';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { ConfigError } from '../../src/config.js';
import { parseConfig } from '../../src/config.js';
import { createChainClient } from '../../src/onchain/rpc.js';

/** A JSON-RPC endpoint answering eth_blockNumber, after `failures` 429s with the given Retry-After. */
function rateLimitedNode(failures: number, retryAfter: string) {
  let remaining = failures;
  const seen: number[] = [];
  const server = http.createServer((request, response) => {
    seen.push(Date.now());
    request.resume();
    request.on('end', () => {
      if (remaining-- > 0) {
        response.writeHead(429, { 'retry-after': retryAfter }).end();
        return;
      }
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ jsonrpc: '2.0', id: 1, result: '0x2a' }));
    });
  });
  return { server, seen };
}

describe('RPC backoff', () => {
  const node = rateLimitedNode(2, '3600');
  let url: string;
  beforeAll(async () => {
    await new Promise<void>((resolve) => node.server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(node.server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => node.server.close(() => resolve())));

  test("a server's Retry-After is honoured only up to the ceiling, so a job stays bounded", async () => {
    const retries: Array<{ delayMs: number; reason: string }> = [];
    const client = createChainClient(url, {
      timeoutMs: 1000,
      retryCount: 3,
      backoffMs: 5,
      maxDelayMs: 40,
      onRetry: (retry) => retries.push(retry),
    });
    expect(await client.getBlockNumber()).toBe(42n);
    expect(retries).toEqual([
      { attempt: 1, delayMs: 40, reason: 'http 429' },
      { attempt: 2, delayMs: 40, reason: 'http 429' },
    ]);
  });

  test('a closed port fails after the configured retries, with exponential delays', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const delays: number[] = [];
    const client = createChainClient(`http://127.0.0.1:${port}`, {
      timeoutMs: 500,
      retryCount: 3,
      backoffMs: 5,
      onRetry: (retry) => delays.push(retry.delayMs),
    });
    await expect(client.getBlockNumber()).rejects.toThrow();
    expect(delays).toEqual([5, 10, 20]);
  });
});

describe('onchain settings', () => {
  const base = { APP_ENV: 'staging', ADMIN_TOKEN: 'x'.repeat(16) };
  const key = Buffer.alloc(32, 1).toString('base64');
  const problems = (env: Record<string, string>) => {
    try {
      parseConfig({ ...base, RECEIPT_SIGNING_KEY: key, LOG_SIGNING_KEY: key, ...env });
      return [];
    } catch (error) {
      return (error as ConfigError).problems;
    }
  };

  test('addresses (checksummed), lists and prices parse', () => {
    const config = parseConfig({
      ...base,
      RECEIPT_SIGNING_KEY: key,
      LOG_SIGNING_KEY: key,
      RPC_URL: 'http://127.0.0.1:8545',
      VAULT_ADDRESS: '0x4f835c9f54bcf17daf9040f60cb72951ccbb49dd',
      VAULT_ADAPTERS: 'morpho:0xa6ed7b03d2b2a3f0b9b6c6e1a3a4c1e5f0b217e9:MorphoAdapter',
      TREASURY_WALLETS: 'Primary:0xfbc2cc30f0674ed0244ee1f0ba7864423230c9d6:primary',
      PRICE_SERIES: 'eth:WETH-USD,USDC:1',
      ONCHAIN_POLL_SECONDS: '60',
    });
    expect(config.onchain).toMatchObject({
      vaultAddress: getAddress('0x4f835c9f54bcf17daf9040f60cb72951ccbb49dd'),
      vaultAdapters: [{ protocol: 'morpho', name: 'MorphoAdapter' }],
      treasuryWallets: [{ name: 'Primary', kind: 'primary' }],
      pollSeconds: 60,
      confirmations: 3,
    });
    expect(config.onchain.prices.get('ETH')).toEqual({ kind: 'series', seriesId: 'WETH-USD' });
    expect(config.onchain.prices.get('USDC')).toEqual({ kind: 'fixed', usd: 1 });
  });

  test('bad values are named, and addresses without RPC_URL are refused', () => {
    expect(
      problems({ VAULT_ADDRESS: '0x1234', VAULT_ADAPTERS: 'morpho', CHAIN_CONFIRMATIONS: '-1' }),
    ).toEqual([
      'VAULT_ADAPTERS entries must look like protocol:address[:name] (got "morpho")',
      'VAULT_ADDRESS must be a 0x-prefixed 20-byte address (got "0x1234")',
      'CHAIN_CONFIRMATIONS must be an integer from 0 to 10000 (got "-1")',
    ]);
    expect(problems({ TOKEN_ADDRESS: '0x65021a79AeEF22b17cdc1B768f5e79a8618bEbA3' })).toEqual([
      'RPC_URL is required when onchain addresses (VAULT_ADDRESS, …) are set',
    ]);
  });
});
