// The log's read routes as the checks in this folder need them: one typed fetcher per route, so
// the site (over `fetch`), the CLI (over its typed SDK) and the tests (over an in-memory log) run
// one workflow. Pure: no fetch here, only the shapes and the paths.
import type { ServedMemberKeys } from '../key-history-proof.js';
import type { InclusionProofJson } from '../verify.js';

/** What the log answered: the HTTP status and, for a 2xx answer, the body read. */
export interface Answer<T> {
  status: number;
  body: T | null;
}

/** An inclusion proof served with the entry it proves (`GET /api/log/proof/inclusion?index=`). */
export type ProvenEntryJson = InclusionProofJson & { entry: string };

/**
 * The log routes the checks read. A fetcher may throw when the log cannot be reached at all; the
 * checks turn that into "not checked" lines, never into a pass.
 */
export interface LogApi {
  /** GET /api/log/key */
  key(): Promise<Answer<{ vkey: string }>>;
  /** GET /api/log/checkpoint: the signed note text. */
  checkpoint(): Promise<Answer<string>>;
  /** GET /api/log/checkpoint.json */
  latestCheckpoint(): Promise<Answer<{ note: string; size: number }>>;
  /** GET /api/log/checkpoints/{size} */
  checkpointOfSize(size: number): Promise<Answer<{ note: string }>>;
  /** GET /api/log/proof/inclusion?index=&treeSize= */
  inclusionAt(index: number, treeSize: number): Promise<Answer<ProvenEntryJson>>;
  /** GET /api/log/proof/inclusion?leafHash=&treeSize= (400: the entry is newer than treeSize). */
  inclusionOf(leafHash: string, treeSize: number): Promise<Answer<InclusionProofJson>>;
  /** GET /api/log/proof/consistency?from=&to= */
  consistency(from: number, to: number): Promise<Answer<{ hashes: string[] }>>;
  /** GET /api/log/takes/{id} */
  take(takeId: string): Promise<Answer<{ entry: string; leafHash: string }>>;
  /** GET /api/log/receipts/{sessionId} */
  receiptIndex(sessionId: string): Promise<Answer<{ index: number }>>;
  /** GET /api/log/members/{memberId}/keys?treeSize= */
  memberKeys(memberId: string, treeSize: number): Promise<Answer<ServedMemberKeys>>;
  /** GET /health, its body read whatever the status (a halted log answers 503 and says why). */
  health(): Promise<{ transparency_log?: unknown } | null>;
}

/** The path of each route, as the messages name them and `logApiOverHttp` requests them. */
export const LOG_PATHS = {
  key: () => '/api/log/key',
  checkpoint: () => '/api/log/checkpoint',
  latestCheckpoint: () => '/api/log/checkpoint.json',
  checkpointOfSize: (size: number) => `/api/log/checkpoints/${size}`,
  inclusionAt: (index: number, treeSize: number) =>
    `/api/log/proof/inclusion?index=${index}&treeSize=${treeSize}`,
  inclusionOf: (leafHash: string, treeSize: number) =>
    `/api/log/proof/inclusion?leafHash=${encodeURIComponent(leafHash)}&treeSize=${treeSize}`,
  consistency: (from: number, to: number) => `/api/log/proof/consistency?from=${from}&to=${to}`,
  take: (takeId: string) => `/api/log/takes/${encodeURIComponent(takeId)}`,
  receiptIndex: (sessionId: string) => `/api/log/receipts/${encodeURIComponent(sessionId)}`,
  memberKeys: (memberId: string, treeSize: number) =>
    `/api/log/members/${encodeURIComponent(memberId)}/keys?treeSize=${treeSize}`,
  health: () => '/health',
} as const;

/** One GET of a path on the service: the status and the body as text. */
export type GetText = (path: string) => Promise<{ status: number; text: string }>;

const ok = (status: number): boolean => status >= 200 && status < 300;

/** A `LogApi` over any `GET path → {status, text}` (the site's `fetch`, a test's in-memory log). */
export function logApiOverHttp(get: GetText): LogApi {
  const json = async <T>(path: string): Promise<Answer<T>> => {
    const { status, text } = await get(path);
    return { status, body: ok(status) ? (JSON.parse(text) as T) : null };
  };
  return {
    key: () => json(LOG_PATHS.key()),
    checkpoint: async () => {
      const { status, text } = await get(LOG_PATHS.checkpoint());
      return { status, body: ok(status) ? text : null };
    },
    latestCheckpoint: () => json(LOG_PATHS.latestCheckpoint()),
    checkpointOfSize: (size) => json(LOG_PATHS.checkpointOfSize(size)),
    inclusionAt: (index, treeSize) => json(LOG_PATHS.inclusionAt(index, treeSize)),
    inclusionOf: (leafHash, treeSize) => json(LOG_PATHS.inclusionOf(leafHash, treeSize)),
    consistency: (from, to) => json(LOG_PATHS.consistency(from, to)),
    take: (takeId) => json(LOG_PATHS.take(takeId)),
    receiptIndex: (sessionId) => json(LOG_PATHS.receiptIndex(sessionId)),
    memberKeys: (memberId, treeSize) => json(LOG_PATHS.memberKeys(memberId, treeSize)),
    health: async () => {
      const { text } = await get(LOG_PATHS.health());
      try {
        return JSON.parse(text) as { transparency_log?: unknown };
      } catch {
        return null;
      }
    },
  };
}

/**
 * The body of an answer the checks may find missing: null for 404 (not there) and 400 (not
 * covered by that size); any other failure is thrown, naming the route, for the caller to report.
 */
export function foundOrNull<T>(answer: Answer<T>, path: string): T | null {
  if (answer.status === 404 || answer.status === 400) return null;
  if (answer.body === null) throw new Error(`GET ${path} answered HTTP ${answer.status}`);
  return answer.body;
}
