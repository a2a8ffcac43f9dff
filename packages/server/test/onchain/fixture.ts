import type { Address, Hex } from 'viem';
import { parseUnits } from 'viem';
import { compileContracts, startLocalChain } from '../support/evm.js';

export const BURN = '0x000000000000000000000000000000000000dEaD';
const usdc = (amount: string) => parseUnits(amount, 6);
const e18 = (amount: string) => parseUnits(amount, 18);

/**
 * The treasury's contracts deployed on a fresh local chain: USDC-like asset, WETH, the service token
 * (CVN), an ERC-4626 vault with three lending adapters and a TVL cap, and a swap router. Accounts:
 * 0 deploys and owns the vault, 1 is the primary wallet, 2 a strategy wallet, 3 a depositor.
 */
export async function deployTreasury(startTime: Date) {
  const contracts = await compileContracts();
  const chain = await startLocalChain({ startTime });
  const [owner, primary, strategy, depositor] = chain.accounts as [
    (typeof chain.accounts)[number],
    (typeof chain.accounts)[number],
    (typeof chain.accounts)[number],
    (typeof chain.accounts)[number],
  ];
  const c = (name: string) => {
    const contract = contracts[name];
    if (contract === undefined) throw new Error(`no compiled contract ${name}`);
    return contract;
  };
  const Token = c('TestToken');
  const Vault = c('TreasuryVault');
  const Adapter = c('LendingAdapter');
  const Router = c('BuybackRouter');

  const asset = await chain.deploy(owner, Token, ['USD Coin', 'USDC', 6]);
  const weth = await chain.deploy(owner, Token, ['Wrapped Ether', 'WETH', 18]);
  const token = await chain.deploy(owner, Token, ['Convene', 'CVN', 18]);
  const vault = await chain.deploy(owner, Vault, [asset, usdc('100000')]);
  const adapters: Address[] = [];
  for (const protocol of ['morpho', 'aave', 'compound']) {
    const adapter = await chain.deploy(owner, Adapter, [asset, vault, protocol]);
    await chain.write(owner, vault, Vault, 'addAdapter', [adapter]);
    adapters.push(adapter);
  }
  const router = await chain.deploy(owner, Router, [weth, token]);

  const actions = {
    async deposit(amount: string) {
      await chain.write(owner, asset, Token, 'mint', [depositor.address, usdc(amount)]);
      await chain.write(depositor, asset, Token, 'approve', [vault, usdc(amount)]);
      await chain.write(depositor, vault, Vault, 'deposit', [usdc(amount), depositor.address]);
    },
    allocate: (index: number, amount: string) =>
      chain.write(owner, vault, Vault, 'allocate', [index, usdc(amount)]),
    /** Interest accrues in an adapter: it simply holds more of the asset. */
    accrue: (index: number, amount: string) =>
      chain.write(owner, asset, Token, 'mint', [adapters[index], usdc(amount)]),
    mint: (what: 'asset' | 'weth' | 'token', to: Address, amount: bigint) =>
      chain.write(owner, { asset, weth, token }[what], Token, 'mint', [to, amount]),
    /** The primary wallet swaps WETH for CVN through the router: both legs in one transaction. */
    async buyback(wethIn: string, tokensOut: string): Promise<Hex> {
      await chain.write(primary, weth, Token, 'approve', [router, e18(wethIn)]);
      return chain.write(primary, router, Router, 'swapWethForToken', [
        e18(wethIn),
        e18(tokensOut),
      ]);
    },
    burn: (amount: string) => chain.write(primary, token, Token, 'transfer', [BURN, e18(amount)]),
    /** Tokens arriving without a WETH leg: not a buyback. */
    sendTokens: (amount: string) =>
      chain.write(owner, token, Token, 'mint', [primary.address, e18(amount)]),
  };

  return {
    chain,
    contracts: { Token, Vault, Adapter, Router },
    accounts: { owner, primary, strategy, depositor },
    addresses: { asset, weth, token, vault, adapters, router },
    actions,
  };
}

export type TreasuryFixture = Awaited<ReturnType<typeof deployTreasury>>;

/** The app's environment for a live-data deployment reading this fixture through `rpcUrl`. */
export function liveEnv(
  fixture: TreasuryFixture,
  rpcUrl: string,
  priceBaseUrl: string,
): Record<string, string> {
  const { addresses: a, accounts } = fixture;
  const [morpho, aave, compound] = a.adapters;
  return {
    APP_ENV: 'prod',
    RECEIPT_SIGNING_KEY: Buffer.alloc(32, 7).toString('base64'),
    LOG_SIGNING_KEY: Buffer.alloc(32, 42).toString('base64'),
    RPC_URL: rpcUrl,
    PRICE_BASE_URL: priceBaseUrl,
    VAULT_ADDRESS: a.vault,
    VAULT_ADAPTERS: `morpho:${morpho}:MorphoAdapter,aave:${aave}:AaveV3Adapter,compound:${compound}:CompoundV3Adapter`,
    TOKEN_ADDRESS: a.token,
    WETH_ADDRESS: a.weth,
    TREASURY_WALLETS: `Primary:${accounts.primary.address}:primary,Strategy:${accounts.strategy.address}:strategy`,
    PRICE_SERIES: 'ETH:WETH-USD,WETH:WETH-USD,CVN:CVN-USD',
    TOKEN_KEY: 'CVN',
    CHAIN_CONFIRMATIONS: '0',
    TREASURY_REFRESH_SECONDS: '3600',
    // Generous: on a loaded 2-core machine the local chain stand-in can take over 400 ms to answer.
    RPC_TIMEOUT_MS: '2000',
    RPC_RETRY_COUNT: '2',
    RPC_BACKOFF_MS: '10',
  };
}
