import type { Address } from 'viem';
import type { HoldingInput } from '../treasury/writes.js';
import { balanceOf, latestBlock, tokenInfo, units, type PinnedBlock } from './chain-reads.js';
import type { PriceBook } from './prices.js';
import type { ChainClient } from './rpc.js';

/** The chain's native coin (ether on the layer-2s this reads). */
export const NATIVE_SYMBOL = 'ETH';
export const SERVICE_TOKEN_BUCKET = 'service_token';

export interface WalletRead {
  readonly block: PinnedBlock;
  /** Non-zero holdings per wallet (lower-case address). */
  readonly holdings: ReadonlyMap<string, HoldingInput[]>;
  /** Wallets whose every holding has a USD price, so a day's total can be persisted for them. */
  readonly fullyPriced: ReadonlySet<string>;
}

/**
 * Native and ERC-20 balances of every wallet at one block, each valued at its symbol's price
 * (null when there is none: the amount is still live, only its value is unknown).
 */
export async function readWallets(
  client: ChainClient,
  target: {
    wallets: readonly Address[];
    tokens: readonly Address[];
    serviceToken: Address | undefined;
  },
  prices: PriceBook,
): Promise<WalletRead> {
  const block = await latestBlock(client);
  const tokens = [...new Set(target.tokens.map((t) => t.toLowerCase() as Address))];
  const infos = await Promise.all(tokens.map((token) => tokenInfo(client, token, block)));
  const symbols = new Set([NATIVE_SYMBOL, ...infos.map((i) => i.symbol)]);
  const priceOf = new Map<string, number | null>();
  for (const symbol of symbols) priceOf.set(symbol, await prices.spot(symbol, block.time));

  const holdings = new Map<string, HoldingInput[]>();
  const fullyPriced = new Set<string>();
  for (const wallet of target.wallets) {
    const [native, ...balances] = await Promise.all([
      client.getBalance({ address: wallet, blockNumber: block.number }),
      ...infos.map((info) => balanceOf(client, info.address, wallet, block)),
    ]);
    const rows: HoldingInput[] = [];
    const add = (symbol: string, assetAddress: string | null, amount: number) => {
      if (amount === 0) return;
      const price = priceOf.get(symbol) ?? null;
      const isServiceToken =
        assetAddress !== null && assetAddress === target.serviceToken?.toLowerCase();
      rows.push({
        walletAddress: wallet.toLowerCase(),
        asset: symbol,
        assetAddress,
        bucket: isServiceToken ? SERVICE_TOKEN_BUCKET : null,
        amount,
        priceUsd: price,
        valueUsd: price === null ? null : amount * price,
        provenance: 'live',
        asOf: block.time,
      });
    };
    add(NATIVE_SYMBOL, null, units(native ?? 0n, 18));
    infos.forEach((info, i) =>
      add(info.symbol, info.address.toLowerCase(), units(balances[i] ?? 0n, info.decimals)),
    );
    holdings.set(wallet.toLowerCase(), rows);
    if (rows.every((row) => row.valueUsd !== null)) fullyPriced.add(wallet.toLowerCase());
  }
  return { block, holdings, fullyPriced };
}
