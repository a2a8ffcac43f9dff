import type { Answer, LogApi } from '@convene/protocol';
import type { ConveneApi } from './client.js';

/** The status and, for a 2xx answer, the body of an openapi-fetch result. */
function answer<T>(result: { data?: T; response: Response }): Answer<T> {
  const { status, ok } = result.response;
  return { status, body: ok ? (result.data ?? null) : null };
}

/**
 * The protocol's `LogApi` (what its log audit workflow reads) over the typed client: every route
 * and its parameters checked against the service's OpenAPI document.
 *
 * @example
 * const lines = (await checkEntryInLog(sdkLogApi(api), entry, { pinnedLogKey })).lines;
 */
export function sdkLogApi(api: ConveneApi): LogApi {
  return {
    key: async () => answer(await api.GET('/api/log/key')),
    checkpoint: async () => answer(await api.GET('/api/log/checkpoint', { parseAs: 'text' })),
    latestCheckpoint: async () => answer(await api.GET('/api/log/checkpoint.json')),
    checkpointOfSize: async (size) =>
      answer(await api.GET('/api/log/checkpoints/{size}', { params: { path: { size } } })),
    inclusionAt: async (index, treeSize) =>
      answer(await api.GET('/api/log/proof/inclusion', { params: { query: { index, treeSize } } })),
    inclusionOf: async (leafHash, treeSize) =>
      answer(
        await api.GET('/api/log/proof/inclusion', { params: { query: { leafHash, treeSize } } }),
      ),
    consistency: async (from, to) =>
      answer(await api.GET('/api/log/proof/consistency', { params: { query: { from, to } } })),
    take: async (id) => answer(await api.GET('/api/log/takes/{id}', { params: { path: { id } } })),
    receiptIndex: async (sessionId) =>
      answer(await api.GET('/api/log/receipts/{sessionId}', { params: { path: { sessionId } } })),
    memberKeys: async (memberId, treeSize) =>
      answer(
        await api.GET('/api/log/members/{memberId}/keys', {
          params: { path: { memberId }, query: { treeSize } },
        }),
      ),
    // A halted log answers 503 and says why in the same body.
    health: async () => {
      const { data, error } = await api.GET('/health');
      return data ?? error ?? null;
    },
  };
}
