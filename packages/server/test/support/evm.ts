import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdir, readFile, readdir, rename, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ganache from 'ganache';
import {
  createPublicClient,
  createWalletClient,
  http,
  type Abi,
  type Address,
  type Hex,
  type PublicClient,
  type WalletClient,
} from 'viem';
import { privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';

/** A local EVM node (ganache) on a loopback port, with compiled contracts, for onchain tests. */

const require = createRequire(import.meta.url);
const CONTRACTS_DIR = path.resolve(import.meta.dirname, '../onchain/contracts');
const CACHE_DIR = path.join(tmpdir(), 'convene-solc-cache');
// The EVM version ganache 7 implements; newer solc defaults emit opcodes it lacks.
const EVM_VERSION = 'shanghai';

export interface CompiledContract {
  abi: Abi;
  bytecode: Hex;
}

/**
 * Compiles every .sol file under test/onchain/contracts with solc-js (OpenZeppelin imports resolved
 * from node_modules). The artifacts are cached in a temp dir keyed by the sources and compiler, so
 * only the first test file of a run pays for compilation.
 */
export async function compileContracts(): Promise<Record<string, CompiledContract>> {
  const files = (await readdir(CONTRACTS_DIR)).filter((f) => f.endsWith('.sol')).sort();
  const sources: Record<string, { content: string }> = {};
  for (const file of files)
    sources[file] = { content: await readFile(path.join(CONTRACTS_DIR, file), 'utf8') };
  const solcVersion = (require('solc/package.json') as { version: string }).version;
  const key = createHash('sha256')
    .update(JSON.stringify({ sources, solcVersion, EVM_VERSION }))
    .digest('hex')
    .slice(0, 24);
  const cached = path.join(CACHE_DIR, `${key}.json`);
  try {
    return JSON.parse(await readFile(cached, 'utf8')) as Record<string, CompiledContract>;
  } catch {
    // not cached yet
  }
  const solc = require('solc') as { compile(input: string, callbacks: object): string };
  const input = {
    language: 'Solidity',
    sources,
    settings: {
      evmVersion: EVM_VERSION,
      optimizer: { enabled: true, runs: 200 },
      outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } },
    },
  };
  const findImports = (importPath: string) => {
    try {
      return { contents: readFileSync(require.resolve(importPath), 'utf8') };
    } catch {
      return { error: `not found: ${importPath}` };
    }
  };
  const output = JSON.parse(solc.compile(JSON.stringify(input), { import: findImports })) as {
    errors?: Array<{ severity: string; formattedMessage: string }>;
    contracts: Record<string, Record<string, { abi: Abi; evm: { bytecode: { object: string } } }>>;
  };
  const errors = (output.errors ?? []).filter((e) => e.severity === 'error');
  if (errors.length > 0) throw new Error(errors.map((e) => e.formattedMessage).join('\n'));
  const compiled: Record<string, CompiledContract> = {};
  for (const file of files) {
    for (const [name, contract] of Object.entries(output.contracts[file] ?? {}))
      compiled[name] = { abi: contract.abi, bytecode: `0x${contract.evm.bytecode.object}` };
  }
  await mkdir(CACHE_DIR, { recursive: true });
  const partial = `${cached}.${process.pid}.tmp`;
  await writeFile(partial, JSON.stringify(compiled));
  await rename(partial, cached);
  return compiled;
}

// Fixed test keys, funded at genesis, so addresses are the same on every run.
const ACCOUNT_KEYS: readonly Hex[] = [0, 1, 2, 3].map(
  (i): Hex => `0x${createHash('sha256').update(`convene-test-account-${i}`).digest('hex')}`,
);
const GENESIS_BALANCE = `0x${(100n * 10n ** 18n).toString(16)}`;

export interface LocalChain {
  readonly url: string;
  readonly port: number;
  readonly publicClient: PublicClient;
  readonly accounts: readonly PrivateKeyAccount[];
  wallet(account: PrivateKeyAccount): WalletClient;
  deploy(
    account: PrivateKeyAccount,
    contract: CompiledContract,
    args?: unknown[],
  ): Promise<Address>;
  /** Sends a contract call and waits for its receipt; returns the transaction hash. */
  write(
    account: PrivateKeyAccount,
    address: Address,
    contract: CompiledContract,
    functionName: string,
    args?: unknown[],
  ): Promise<Hex>;
  rpc<T = unknown>(method: string, params?: unknown[]): Promise<T>;
  /** Moves the node's clock forward by `seconds` and mines a block there. */
  advance(seconds: number): Promise<void>;
  /** Mines `blocks` empty blocks. */
  mine(blocks?: number): Promise<void>;
  snapshot(): Promise<Hex>;
  revert(id: Hex): Promise<void>;
  close(): Promise<void>;
}

/** Starts ganache listening on a free loopback port, its clock starting at `startTime`. */
export async function startLocalChain(
  options: { startTime?: Date; port?: number } = {},
): Promise<LocalChain> {
  const server = ganache.server({
    logging: { quiet: true },
    chain: { chainId: 31337, ...(options.startTime ? { time: options.startTime } : {}) },
    wallet: {
      accounts: ACCOUNT_KEYS.map((secretKey) => ({ secretKey, balance: GENESIS_BALANCE })),
    },
  });
  await server.listen(options.port ?? 0, '127.0.0.1');
  const address = (server as unknown as { address(): { port: number } }).address();
  const url = `http://127.0.0.1:${address.port}`;
  const publicClient = createPublicClient({ transport: http(url, { retryCount: 0 }) });
  const accounts = ACCOUNT_KEYS.map((key) => privateKeyToAccount(key));
  const wallet = (account: PrivateKeyAccount) =>
    createWalletClient({ account, transport: http(url, { retryCount: 0 }) });
  const rpc = async <T>(method: string, params: unknown[] = []) =>
    (await publicClient.request({ method: method as never, params: params as never })) as T;

  return {
    url,
    port: address.port,
    publicClient,
    accounts,
    wallet,
    async deploy(account, contract, args = []) {
      const hash = await wallet(account).deployContract({
        abi: contract.abi,
        bytecode: contract.bytecode,
        args,
        account,
        chain: null,
      });
      const receipt = await publicClient.waitForTransactionReceipt({ hash, pollingInterval: 20 });
      if (receipt.contractAddress === null || receipt.contractAddress === undefined)
        throw new Error('deployment produced no contract');
      return receipt.contractAddress;
    },
    async write(account, address, contract, functionName, args = []) {
      const hash = await wallet(account).writeContract({
        address,
        abi: contract.abi,
        functionName,
        args,
        account,
        chain: null,
      });
      const receipt = await publicClient.waitForTransactionReceipt({ hash, pollingInterval: 20 });
      if (receipt.status !== 'success') throw new Error(`${functionName} reverted`);
      return hash;
    },
    rpc,
    async advance(seconds) {
      await rpc('evm_increaseTime', [seconds]);
      await rpc('evm_mine');
    },
    async mine(blocks = 1) {
      await rpc('evm_mine', [{ blocks }]);
    },
    snapshot: () => rpc<Hex>('evm_snapshot'),
    async revert(id) {
      const reverted = await rpc<boolean>('evm_revert', [id]);
      if (!reverted) throw new Error(`evm_revert ${id} failed`);
    },
    close: () => server.close(),
  };
}
