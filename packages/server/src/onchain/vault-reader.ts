import { erc20Abi, erc4626Abi, maxUint256, zeroAddress, type Address } from 'viem';
import type { VaultReadingInput } from '../treasury/writes.js';
import { balanceOf, latestBlock, tokenInfo, units } from './chain-reads.js';
import type { PriceBook } from './prices.js';
import type { ChainClient } from './rpc.js';
import type { OnchainSettings } from './settings.js';

export const ONCHAIN_SOURCE = 'onchain';

/** What the readers expect of a lending adapter: the vault's assets it holds, in asset units. */
export const adapterAbi = [
  {
    type: 'function',
    name: 'totalAssets',
    stateMutability: 'view',
    inputs: [],
    outputs: [{ name: '', type: 'uint256' }],
  },
] as const;

/**
 * One consistent read of the ERC-4626 vault at the latest block: total assets valued at the asset's
 * USD price, the share price (`convertToAssets` of one whole share, in asset units), supply, the
 * TVL cap (`totalAssets + maxDeposit(0)`, null when deposits are unlimited), the idle balance and
 * each adapter's `totalAssets()`. Throws when any part cannot be read: no partial readings.
 */
export async function readVault(
  client: ChainClient,
  settings: Pick<OnchainSettings, 'vaultAdapters'> & { vaultAddress: Address },
  prices: PriceBook,
): Promise<VaultReadingInput> {
  const block = await latestBlock(client);
  const vault = settings.vaultAddress;
  const at = { address: vault, abi: erc4626Abi, blockNumber: block.number } as const;
  const [assetAddress, shareDecimals] = await Promise.all([
    client.readContract({ ...at, functionName: 'asset' }),
    client.readContract({ ...at, abi: erc20Abi, functionName: 'decimals' }),
  ]);
  const [asset, totalAssets, totalSupply, oneShareInAssets, maxDeposit, idle, adapterBalances] =
    await Promise.all([
      tokenInfo(client, assetAddress, block),
      client.readContract({ ...at, functionName: 'totalAssets' }),
      client.readContract({ ...at, functionName: 'totalSupply' }),
      client.readContract({
        ...at,
        functionName: 'convertToAssets',
        args: [10n ** BigInt(shareDecimals)],
      }),
      client.readContract({ ...at, functionName: 'maxDeposit', args: [zeroAddress] }),
      balanceOf(client, assetAddress, vault, block),
      Promise.all(
        settings.vaultAdapters.map((adapter) =>
          client.readContract({
            address: adapter.address,
            abi: adapterAbi,
            functionName: 'totalAssets',
            blockNumber: block.number,
          }),
        ),
      ),
    ]);
  const price = await prices.spot(asset.symbol, block.time);
  if (price === null) throw new Error(`no USD price for the vault asset ${asset.symbol}`);
  const usd = (amount: bigint) => units(amount, asset.decimals) * price;
  return {
    readAt: block.time,
    source: ONCHAIN_SOURCE,
    provenance: 'live',
    vaultAddress: vault.toLowerCase(),
    tvlUsd: usd(totalAssets),
    sharePrice: units(oneShareInAssets, asset.decimals),
    totalShares: units(totalSupply, shareDecimals),
    depositCapUsd: maxDeposit === maxUint256 ? null : usd(totalAssets + maxDeposit),
    idleUsd: usd(idle),
    adapters: settings.vaultAdapters.map((adapter, i) => ({
      name: adapter.name,
      protocol: adapter.protocol,
      address: adapter.address.toLowerCase(),
      balanceUsd: usd(adapterBalances[i] ?? 0n),
      provenance: 'live',
    })),
  };
}
