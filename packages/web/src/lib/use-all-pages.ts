import { useEffect, useState } from 'preact/hooks';
import { getJson } from '../api/client.js';
import { failed, useLoadingState, type Resource, type ResourceOptions } from './use-resource.js';

/** A cursor-paged answer: its list under some key and the cursor of the next page. */
type Paged = { nextCursor: string | null };
type ListKey<Page> = { [K in keyof Page]: Page[K] extends unknown[] ? K : never }[keyof Page] &
  string;

/**
 * Every item of a cursor-paged list: asks `path` for `limit` items at a time and follows
 * `nextCursor` until it is null, then answers the items in the server's order with the last page
 * (for the fields every page carries, such as a member's `subjects`).
 */
export function useAllPages<Page extends Paged, K extends ListKey<Page>>(
  path: string,
  key: K,
  limit: number,
  options: ResourceOptions = {},
): Resource<{ items: Page[K]; last: Page }> {
  const [state, setState] = useState<Resource<{ items: Page[K]; last: Page }>>({
    status: 'loading',
  });
  const whileLoading = useLoadingState<{ items: Page[K]; last: Page }>(options);
  useEffect(() => {
    setState(whileLoading);
    const controller = new AbortController();
    const separator = path.includes('?') ? '&' : '?';
    const load = async () => {
      const items: unknown[] = [];
      let cursor: string | null = '';
      let last: Page;
      do {
        const query: string = `limit=${limit}${cursor === '' ? '' : `&cursor=${encodeURIComponent(cursor)}`}`;
        last = await getJson<Page>(`${path}${separator}${query}`, controller.signal);
        items.push(...(last[key] as unknown[]));
        cursor = last.nextCursor;
      } while (cursor !== null);
      return { items: items as Page[K], last };
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
