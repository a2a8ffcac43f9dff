import { useEffect, useState } from 'preact/hooks';
import { getJson } from '../api/client.js';
import { failed, type Resource } from './use-resource.js';

/**
 * Every item of a cursor-paged list: asks `path` for `limit` items at a time and follows
 * `nextCursor` until it is null, then answers the items in the server's order. For a list the page
 * filters by a field the API cannot filter on (a member's takes by subject).
 */
export function useAllPages<T, K extends string>(
  path: string,
  key: K,
  limit: number,
): Resource<T[]> {
  const [state, setState] = useState<Resource<T[]>>({ status: 'loading' });
  useEffect(() => {
    setState({ status: 'loading' });
    const controller = new AbortController();
    const separator = path.includes('?') ? '&' : '?';
    const load = async () => {
      const items: T[] = [];
      let cursor: string | null = '';
      while (cursor !== null) {
        const query: string = `limit=${limit}${cursor === '' ? '' : `&cursor=${encodeURIComponent(cursor)}`}`;
        const page = await getJson<Record<K, T[]> & { nextCursor: string | null }>(
          `${path}${separator}${query}`,
          controller.signal,
        );
        items.push(...page[key]);
        cursor = page.nextCursor;
      }
      return items;
    };
    load()
      .then((data) => setState({ status: 'ready', data }))
      .catch((error: unknown) => {
        if (!controller.signal.aborted) setState(failed(error));
      });
    return () => controller.abort();
  }, [path, key, limit]);
  return state;
}
