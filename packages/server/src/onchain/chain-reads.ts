import { erc20Abi, formatUnits, type Address } from 'viem';
import type { ChainClient } from './rpc.js';

/** Small typed reads shared by the readers; every read is pinned to one block. */

export interface PinnedBlock {
  readonly number: bigint;
  readonly hash: `0x${string}`;
  /** The block's own timestamp: data read from the chain, not the server's clock. */
  readonly time: Date;
}

export async function latestBlock(client: ChainClient): Promise<PinnedBlock> {
  const block = await client.getBlock({ blockTag: 'latest' });
  if (block.hash === null) throw new Error('latest block has no hash');
  return { number: block.number, hash: block.hash, time: blockTime(block.timestamp) };
}

export const blockTime = (timestamp: bigint) => new Date(Number(timestamp) * 1000);

/** A token amount as a JS number in whole units (doubles: ample for USD figures and display). */
export const units = (amount: bigint, decimals: number) => Number(formatUnits(amount, decimals));

export interface TokenInfo {
  readonly address: Address;
  readonly symbol: string;
  readonly decimals: number;
}

export async function tokenInfo(
  client: ChainClient,
  address: Address,
  block: PinnedBlock,
): Promise<TokenInfo> {
  const [symbol, decimals] = await Promise.all([
    client.readContract({
      address,
      abi: erc20Abi,
      functionName: 'symbol',
      blockNumber: block.number,
    }),
    client.readContract({
      address,
      abi: erc20Abi,
      functionName: 'decimals',
      blockNumber: block.number,
    }),
  ]);
  return { address, symbol, decimals };
}

export async function balanceOf(
  client: ChainClient,
  token: Address,
  holder: Address,
  block: PinnedBlock,
): Promise<bigint> {
  return client.readContract({
    address: token,
    abi: erc20Abi,
    functionName: 'balanceOf',
    args: [holder],
    blockNumber: block.number,
  });
}
