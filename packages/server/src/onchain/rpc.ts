import {
  BaseError,
  HttpRequestError,
  RpcRequestError,
  TimeoutError,
  createPublicClient,
  createTransport,
  http,
  type PublicClient,
  type Transport,
} from 'viem';

export interface RpcPolicy {
  /** Per-request timeout. */
  readonly timeoutMs: number;
  /** Retries after the first attempt, for timeouts, rate limits and transient server errors. */
  readonly retryCount: number;
  /** First backoff delay; it doubles on each retry. */
  readonly backoffMs: number;
  /** Ceiling on any single wait, including one a server asks for with Retry-After. */
  readonly maxDelayMs?: number;
  /** Told about each retry (logging, tests). */
  readonly onRetry?: (retry: { attempt: number; delayMs: number; reason: string }) => void;
}

const RETRYABLE_STATUS = new Set([408, 425, 429, 500, 502, 503, 504]);
// JSON-RPC codes providers use for "slow down": 429 in a 200 body, -32005 limit exceeded, -32007 QuickNode.
const RETRYABLE_CODES = new Set([429, -32005, -32007]);
const DEFAULT_MAX_DELAY_MS = 30_000;

/** Why a failed request is worth retrying, or undefined when retrying cannot help. */
export function retryReason(error: unknown): string | undefined {
  if (!(error instanceof BaseError)) return undefined;
  if (error.walk((e) => e instanceof TimeoutError) instanceof TimeoutError) return 'timeout';
  const rpc = error.walk((e) => e instanceof RpcRequestError);
  if (rpc instanceof RpcRequestError && RETRYABLE_CODES.has(rpc.code)) return `rpc ${rpc.code}`;
  const httpError = error.walk((e) => e instanceof HttpRequestError);
  if (httpError instanceof HttpRequestError) {
    if (httpError.status === undefined) return 'network';
    if (RETRYABLE_STATUS.has(httpError.status)) return `http ${httpError.status}`;
  }
  return undefined;
}

function retryAfterMs(error: unknown): number | undefined {
  if (!(error instanceof BaseError)) return undefined;
  const httpError = error.walk((e) => e instanceof HttpRequestError);
  const header =
    httpError instanceof HttpRequestError ? httpError.headers?.get('retry-after') : undefined;
  if (header === undefined || header === null) return undefined;
  const seconds = Number(header);
  return Number.isFinite(seconds) && seconds >= 0 ? seconds * 1000 : undefined;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs `attempt`, retrying retryable failures with exponential backoff (or the server's Retry-After). */
export async function withBackoff<T>(policy: RpcPolicy, attempt: () => Promise<T>): Promise<T> {
  for (let retry = 0; ; retry++) {
    try {
      return await attempt();
    } catch (error) {
      const reason = retryReason(error);
      if (reason === undefined || retry >= policy.retryCount) throw error;
      const delayMs = Math.min(
        retryAfterMs(error) ?? policy.backoffMs * 2 ** retry,
        policy.maxDelayMs ?? DEFAULT_MAX_DELAY_MS,
      );
      policy.onRetry?.({ attempt: retry + 1, delayMs, reason });
      await sleep(delayMs);
    }
  }
}

/**
 * viem's HTTP transport with its own retries off and ours around it: viem would wait out any
 * Retry-After a server sends, however long, while a scheduled job must stay bounded.
 */
export function backoffHttp(url: string, policy: RpcPolicy): Transport {
  const inner = http(url, { timeout: policy.timeoutMs, retryCount: 0 });
  return (options) => {
    const transport = inner({ ...options, retryCount: 0 });
    return createTransport({
      key: 'backoff-http',
      name: 'HTTP JSON-RPC with backoff',
      type: 'http',
      retryCount: 0,
      timeout: policy.timeoutMs,
      request: ((args) =>
        withBackoff(policy, () => transport.request(args))) as typeof transport.request,
    });
  };
}

export type ChainClient = PublicClient;

/** The public client every onchain reader takes as its first argument. */
export function createChainClient(url: string, policy: RpcPolicy): ChainClient {
  // No cached block number: the indexer compares heads and hashes and must see the node's latest.
  return createPublicClient({
    transport: backoffHttp(url, policy),
    batch: { multicall: false },
    cacheTime: 0,
  });
}
