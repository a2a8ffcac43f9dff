import createClient from 'openapi-fetch';
import { isErrorCode, isPlainObject, type ErrorCode } from '@convene/protocol';
import type { paths } from './openapi.js';

export type ConveneApi = ReturnType<typeof createClient<paths>>;

export interface ClientOptions {
  /** The service origin, e.g. https://convene.example (never hard-coded: take it from config). */
  baseUrl: string;
  /** Member bearer token (`tok_<memberId>_<uuid>`) for member writes. */
  token?: string | undefined;
  /** Operator token sent as X-Admin-Token on admin routes. */
  adminToken?: string | undefined;
  fetch?: typeof fetch;
}

/**
 * A typed client for the whole API: paths, parameters and bodies are checked against the types
 * generated from the server's OpenAPI document.
 *
 * @example
 * const api = createConveneClient({ baseUrl: process.env.CONVENE_URL! });
 * const { data } = await api.GET('/api/swarm/open-session');
 */
export function createConveneClient(options: ClientOptions): ConveneApi {
  const headers: Record<string, string> = {};
  if (options.token !== undefined) headers.authorization = `Bearer ${options.token}`;
  if (options.adminToken !== undefined) headers['x-admin-token'] = options.adminToken;
  return createClient<paths>({
    baseUrl: options.baseUrl.replace(/\/+$/, ''),
    headers,
    ...(options.fetch === undefined ? {} : { fetch: options.fetch }),
  });
}

/** A non-2xx answer, with the server's error message and HTTP status. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  /** The body's `code` when it is one of the catalogue's (`window_closed`); what advice keys on. */
  readonly code: ErrorCode | undefined;

  constructor(
    readonly status: number,
    message: string,
    readonly body: unknown,
  ) {
    super(message);
    const code = isPlainObject(body) ? body.code : undefined;
    this.code = isErrorCode(code) ? code : undefined;
  }
}

/** Unwraps an openapi-fetch result: the data on success, an ApiError carrying the server's message otherwise. */
export function unwrap<R extends { data?: unknown; error?: unknown; response: Response }>(
  result: R,
): Exclude<R['data'], undefined> {
  if (result.response.ok) return result.data as Exclude<R['data'], undefined>;
  const body = result.error;
  const message =
    typeof body === 'object' &&
    body !== null &&
    typeof (body as { error?: unknown }).error === 'string'
      ? (body as { error: string }).error
      : `HTTP ${result.response.status}`;
  throw new ApiError(result.response.status, message, body);
}
