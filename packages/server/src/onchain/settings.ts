import { getAddress, isAddress, type Address } from 'viem';

/** What the onchain readers read, parsed from the environment with the rest of the config. */
export interface OnchainSettings {
  /** ERC-4626 vault; its asset is read from the vault. */
  readonly vaultAddress: Address | undefined;
  /** The vault's lending adapters, in display order (`VAULT_ADAPTERS=protocol:address[:name],…`). */
  readonly vaultAdapters: ReadonlyArray<{ protocol: string; name: string; address: Address }>;
  /** The service token (supply, price, buybacks). */
  readonly tokenAddress: Address | undefined;
  /** Wrapped ether: the asset spent on buybacks. */
  readonly wethAddress: Address | undefined;
  /** Protocol wallets (`TREASURY_WALLETS=name:address[:kind],…`); the first is the primary wallet. */
  readonly treasuryWallets: ReadonlyArray<{ name: string; address: Address; kind: string }>;
  /** Further ERC-20s held by the wallets, beyond the service token, WETH and the vault's asset. */
  readonly walletTokens: readonly Address[];
  /** USD price per symbol: a series id at PRICE_BASE_URL, or a fixed number. */
  readonly prices: ReadonlyMap<string, PriceRule>;
  readonly pollSeconds: number;
  readonly confirmations: number;
  readonly startBlock: number;
  readonly logRangeBlocks: number;
  readonly maxBlocksPerPass: number;
  readonly rpcTimeoutMs: number;
  readonly rpcRetryCount: number;
  readonly rpcBackoffMs: number;
}

export type PriceRule = { kind: 'series'; seriesId: string } | { kind: 'fixed'; usd: number };

type Env = Readonly<Record<string, string | undefined>>;

const NAME = /^[A-Za-z0-9][A-Za-z0-9 ._-]{0,63}$/;
const SYMBOL = /^[A-Za-z0-9.]{1,16}$/;
const SERIES = /^[A-Za-z0-9._-]{1,64}$/;

/** Parses the onchain variables, pushing one message per bad variable onto `problems`. */
export function parseOnchainSettings(env: Env, problems: string[]): OnchainSettings {
  const raw = (name: string) => {
    const value = env[name]?.trim();
    return value === undefined || value === '' ? undefined : value;
  };
  const list = (name: string) =>
    (raw(name) ?? '')
      .split(',')
      .map((item) => item.trim())
      .filter((item) => item !== '');
  const address = (name: string, value: string | undefined): Address | undefined => {
    if (value === undefined) return undefined;
    if (isAddress(value, { strict: false })) return getAddress(value);
    problems.push(`${name} must be a 0x-prefixed 20-byte address (got "${value}")`);
    return undefined;
  };
  const integer = (name: string, fallback: number, min: number, max: number) => {
    const value = raw(name);
    if (value === undefined) return fallback;
    const parsed = /^\d+$/.test(value) ? Number(value) : Number.NaN;
    if (Number.isSafeInteger(parsed) && parsed >= min && parsed <= max) return parsed;
    problems.push(`${name} must be an integer from ${min} to ${max} (got "${value}")`);
    return fallback;
  };
  const entries = <T>(name: string, shape: string, parse: (parts: string[]) => T | undefined) =>
    list(name).flatMap((item) => {
      const parsed = parse(item.split(':').map((part) => part.trim()));
      if (parsed !== undefined) return [parsed];
      problems.push(`${name} entries must look like ${shape} (got "${item}")`);
      return [];
    });
  const checkedAddress = (value: string | undefined) =>
    value !== undefined && isAddress(value, { strict: false }) ? getAddress(value) : undefined;

  const vaultAdapters = entries('VAULT_ADAPTERS', 'protocol:address[:name]', (parts) => {
    const [protocol, at, name, ...rest] = parts;
    const parsedAddress = checkedAddress(at);
    if (protocol === undefined || !NAME.test(protocol) || parsedAddress === undefined) return;
    if (rest.length > 0 || (name !== undefined && !NAME.test(name))) return;
    return { protocol: protocol.toLowerCase(), name: name ?? protocol, address: parsedAddress };
  });
  const treasuryWallets = entries('TREASURY_WALLETS', 'name:address[:kind]', (parts) => {
    const [name, at, kind, ...rest] = parts;
    const parsedAddress = checkedAddress(at);
    if (name === undefined || !NAME.test(name) || parsedAddress === undefined) return;
    if (rest.length > 0 || (kind !== undefined && !NAME.test(kind))) return;
    return { name, address: parsedAddress, kind: kind ?? 'protocol' };
  });
  const walletTokens = list('WALLET_TOKENS').flatMap((item) => {
    const parsed = address('WALLET_TOKENS', item);
    return parsed === undefined ? [] : [parsed];
  });
  const prices = new Map<string, PriceRule>(
    entries('PRICE_SERIES', 'SYMBOL:series-id or SYMBOL:usd-price', (parts) => {
      const [symbol, source, ...rest] = parts;
      if (symbol === undefined || !SYMBOL.test(symbol) || source === undefined) return;
      if (rest.length > 0) return;
      const fixed = /^\d+(\.\d+)?$/.test(source) ? Number(source) : undefined;
      if (fixed !== undefined)
        return [symbol.toUpperCase(), { kind: 'fixed', usd: fixed }] as const;
      if (!SERIES.test(source)) return;
      return [symbol.toUpperCase(), { kind: 'series', seriesId: source }] as const;
    }),
  );

  return {
    vaultAddress: address('VAULT_ADDRESS', raw('VAULT_ADDRESS')),
    vaultAdapters,
    tokenAddress: address('TOKEN_ADDRESS', raw('TOKEN_ADDRESS')),
    wethAddress: address('WETH_ADDRESS', raw('WETH_ADDRESS')),
    treasuryWallets,
    walletTokens,
    prices,
    pollSeconds: integer('ONCHAIN_POLL_SECONDS', 300, 1, 86_400),
    confirmations: integer('CHAIN_CONFIRMATIONS', 3, 0, 10_000),
    startBlock: integer('ONCHAIN_START_BLOCK', 0, 0, Number.MAX_SAFE_INTEGER),
    logRangeBlocks: integer('ONCHAIN_LOG_RANGE', 2000, 1, 1_000_000),
    maxBlocksPerPass: integer('ONCHAIN_MAX_BLOCKS_PER_PASS', 200_000, 1, Number.MAX_SAFE_INTEGER),
    rpcTimeoutMs: integer('RPC_TIMEOUT_MS', 10_000, 100, 600_000),
    rpcRetryCount: integer('RPC_RETRY_COUNT', 4, 0, 20),
    rpcBackoffMs: integer('RPC_BACKOFF_MS', 250, 1, 60_000),
  };
}

/** Which readers have what they need; each runs only with `RPC_URL` set and outside demo. */
export function enabledReaders(settings: OnchainSettings) {
  const wallets = settings.treasuryWallets.length > 0;
  return {
    vault: settings.vaultAddress !== undefined,
    wallets,
    token: settings.tokenAddress !== undefined,
    buybacks: wallets && settings.tokenAddress !== undefined && settings.wethAddress !== undefined,
  };
}

/** Any onchain address configured, so a missing RPC_URL is a mistake worth refusing to start on. */
export function wantsChain(settings: OnchainSettings): boolean {
  return Object.values(enabledReaders(settings)).some(Boolean);
}
