import { parseAbiItem, type Address, type Hex } from 'viem';
import { blockTime, units } from './chain-reads.js';
import type { ChainClient } from './rpc.js';

export const BURN_ADDRESS: Address = '0x000000000000000000000000000000000000dEaD';
const transferEvent = parseAbiItem(
  'event Transfer(address indexed from, address indexed to, uint256 value)',
);

export interface BuybackTarget {
  readonly token: { address: Address; decimals: number };
  readonly weth: { address: Address; decimals: number };
  /** The wallet that runs buybacks: tokens in, WETH out. */
  readonly primaryWallet: Address;
  /** Every protocol wallet: their transfers of the token to the burn address are burns. */
  readonly wallets: readonly Address[];
}

export interface FoundBuyback {
  txHash: Hex;
  blockNumber: number;
  blockTime: Date;
  wethSpent: number;
  tokensAcquired: number;
}

export interface FoundBurn {
  txHash: Hex;
  logIndex: number;
  blockNumber: number;
  blockTime: Date;
  from: string;
  amount: number;
}

/**
 * Reads the Transfer logs of blocks `from..to` and pairs them: in one transaction, service tokens
 * into the primary wallet together with WETH out of it is a buyback (amounts summed per
 * transaction); tokens sent from any protocol wallet to 0x…dEaD are burns. A token inflow without a
 * WETH leg (a plain transfer) is not a buyback.
 */
export async function scanBuybackLogs(
  client: ChainClient,
  target: BuybackTarget,
  from: bigint,
  to: bigint,
): Promise<{ buybacks: FoundBuyback[]; burns: FoundBurn[] }> {
  const range = { event: transferEvent, fromBlock: from, toBlock: to, strict: true } as const;
  const [tokenIn, wethOut, burns] = await Promise.all([
    client.getLogs({ ...range, address: target.token.address, args: { to: target.primaryWallet } }),
    client.getLogs({
      ...range,
      address: target.weth.address,
      args: { from: target.primaryWallet },
    }),
    client.getLogs({
      ...range,
      address: target.token.address,
      args: { from: [...target.wallets], to: BURN_ADDRESS },
    }),
  ]);

  const perTx = new Map<Hex, { block: bigint; tokens: bigint; weth: bigint }>();
  const leg = (txHash: Hex, block: bigint) => {
    const existing = perTx.get(txHash) ?? { block, tokens: 0n, weth: 0n };
    perTx.set(txHash, existing);
    return existing;
  };
  for (const log of tokenIn) leg(log.transactionHash, log.blockNumber).tokens += log.args.value;
  for (const log of wethOut) leg(log.transactionHash, log.blockNumber).weth += log.args.value;
  const paired = [...perTx.entries()].filter(([, legs]) => legs.tokens > 0n && legs.weth > 0n);

  const blockNumbers = new Set([
    ...paired.map(([, legs]) => legs.block),
    ...burns.map((log) => log.blockNumber),
  ]);
  const times = new Map<bigint, Date>();
  for (const number of blockNumbers) {
    const block = await client.getBlock({ blockNumber: number });
    times.set(number, blockTime(block.timestamp));
  }
  const timeOf = (number: bigint) => {
    const time = times.get(number);
    if (time === undefined) throw new Error(`block ${number} was not read`);
    return time;
  };

  return {
    buybacks: paired.map(([txHash, legs]) => ({
      txHash,
      blockNumber: Number(legs.block),
      blockTime: timeOf(legs.block),
      wethSpent: units(legs.weth, target.weth.decimals),
      tokensAcquired: units(legs.tokens, target.token.decimals),
    })),
    burns: burns.map((log) => ({
      txHash: log.transactionHash,
      logIndex: log.logIndex,
      blockNumber: Number(log.blockNumber),
      blockTime: timeOf(log.blockNumber),
      from: log.args.from.toLowerCase(),
      amount: units(log.args.value, target.token.decimals),
    })),
  };
}
