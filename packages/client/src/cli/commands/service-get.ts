import type { CliContext } from '../context.js';
import { AgentError, EXIT } from '../../agent/exit-codes.js';

/** GET `route` from the service; an unreachable service ends the command (exit 4). */
function get(ctx: CliContext, route: string): Promise<Response> {
  return ctx.fetch(route);
}

/** The body of `GET route`; a 5xx ends the command with exit 4, another 4xx with exit 3. */
export async function fetchText(ctx: CliContext, route: string): Promise<string> {
  const response = await get(ctx, route);
  if (!response.ok) {
    throw new AgentError(
      `GET ${route} answered HTTP ${response.status}`,
      response.status >= 500 ? EXIT.unavailable : EXIT.refused,
    );
  }
  return response.text();
}

export async function fetchJson<T>(ctx: CliContext, route: string): Promise<T> {
  return JSON.parse(await fetchText(ctx, route)) as T;
}

/** The JSON body, or null when the service answers 4xx (it does not serve it); a 5xx exits 4. */
export async function fetchJsonIfServed<T>(ctx: CliContext, route: string): Promise<T | null> {
  const response = await get(ctx, route);
  if (response.status >= 400 && response.status < 500) return null;
  if (!response.ok) {
    throw new AgentError(`GET ${route} answered HTTP ${response.status}`, EXIT.unavailable);
  }
  return (await response.json()) as T;
}
