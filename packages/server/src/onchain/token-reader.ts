import { erc20Abi, type Address } from 'viem';
import { latestBlock, tokenInfo, units } from './chain-reads.js';
import type { PriceBook } from './prices.js';
import type { ChainClient } from './rpc.js';
import { ONCHAIN_SOURCE } from './vault-reader.js';

export interface TokenRead {
  readAt: Date;
  source: string;
  provenance: 'live';
  priceUsd: number | null;
  totalSupply: number;
  marketCapUsd: number | null;
}

/** The service token's total supply at the latest block, its price and market cap (price × supply). */
export async function readToken(
  client: ChainClient,
  token: Address,
  prices: PriceBook,
): Promise<TokenRead> {
  const block = await latestBlock(client);
  const [info, supply] = await Promise.all([
    tokenInfo(client, token, block),
    client.readContract({
      address: token,
      abi: erc20Abi,
      functionName: 'totalSupply',
      blockNumber: block.number,
    }),
  ]);
  const totalSupply = units(supply, info.decimals);
  const priceUsd = await prices.spot(info.symbol, block.time);
  return {
    readAt: block.time,
    source: ONCHAIN_SOURCE,
    provenance: 'live',
    priceUsd,
    totalSupply,
    marketCapUsd: priceUsd === null ? null : priceUsd * totalSupply,
  };
}
