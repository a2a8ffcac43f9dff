import { SourceError } from './source.js';

export const DEFAULT_TIMEOUT_MS = 15_000;

/** GETs `url` and parses JSON; any network error, non-2xx status or bad JSON becomes a SourceError. */
export async function getJson(
  source: string,
  url: URL,
  timeoutMs = DEFAULT_TIMEOUT_MS,
): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(url, {
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    throw new SourceError(source, `request failed: ${(error as Error).message}`, { cause: error });
  }
  if (!response.ok) {
    await response.body?.cancel().catch(() => undefined);
    throw new SourceError(source, `HTTP ${response.status} for ${url.pathname}`);
  }
  try {
    return await response.json();
  } catch (error) {
    throw new SourceError(source, 'response is not JSON', { cause: error });
  }
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
