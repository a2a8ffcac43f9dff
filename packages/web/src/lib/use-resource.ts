import { useEffect, useRef, useState } from 'preact/hooks';
import { getJson } from '../api/client.js';

export type Resource<T> =
  | { status: 'loading' }
  | { status: 'error'; error: Error }
  /** `updating`: these are the answers for the previous address, kept while the next one loads. */
  | { status: 'ready'; data: T; updating?: boolean };

export interface ResourceOptions {
  /**
   * What the answer shows (e.g. a member's id). When the address changes but the view stays the same
   * (another range or filter of it), the previous answer stays on screen, marked `updating`, until
   * the next arrives: the page keeps its height and the reader's place instead of collapsing to a
   * spinner. Another view (another member) starts from a spinner, never from a stranger's data.
   */
  view?: string;
}

/** Remembers the view of the last answer shown, to tell whether it may be kept while loading. */
export function useLoadingState<T>(
  options: ResourceOptions,
): (current: Resource<T>) => Resource<T> {
  const shown = useRef<string | undefined>(undefined);
  const view = options.view;
  const sameView = view !== undefined && shown.current === view;
  shown.current = view;
  return (current) =>
    sameView && current.status === 'ready' ? { ...current, updating: true } : { status: 'loading' };
}

const CACHE_MS = 60_000;
const cache = new Map<string, { at: number; data: unknown }>();

/**
 * Fetches `path` (null: nothing yet) and re-fetches when it changes. Answers are reused for a
 * minute so going back to a page is instant; `reload` bypasses that. `refresh` re-fetches while
 * the page keeps showing what it has (a live update), changing it only when the answer arrives.
 */
export function useResource<T>(
  path: string | null,
  options: ResourceOptions = {},
): Resource<T> & { reload: () => void; refresh: () => void } {
  const [state, setState] = useState<Resource<T>>(() => fromCache<T>(path));
  const [generation, setGeneration] = useState(0);
  const quiet = useRef(false);
  const whileLoading = useLoadingState<T>(options);

  useEffect(() => {
    if (path === null) return;
    const cached = fromCache<T>(path);
    if (cached.status === 'ready' && generation === 0) {
      setState(cached);
      return;
    }
    const keep = quiet.current;
    quiet.current = false;
    if (!keep) setState(whileLoading);
    const controller = new AbortController();
    getJson<T>(path, controller.signal)
      .then((data) => {
        cache.set(path, { at: Date.now(), data });
        setState({ status: 'ready', data });
      })
      .catch((error: unknown) => {
        if (!controller.signal.aborted && !keep) setState(failed(error));
      });
    return () => controller.abort();
  }, [path, generation]);

  const reload = (): void => {
    if (path !== null) cache.delete(path);
    setGeneration((n) => n + 1);
  };
  const refresh = (): void => {
    quiet.current = true;
    reload();
  };
  return { ...state, reload, refresh };
}

/** The error state for whatever a fetch threw. */
export function failed(error: unknown): { status: 'error'; error: Error } {
  return { status: 'error', error: error instanceof Error ? error : new Error(String(error)) };
}

function fromCache<T>(path: string | null): Resource<T> {
  if (path === null) return { status: 'loading' };
  const hit = cache.get(path);
  if (hit === undefined || Date.now() - hit.at > CACHE_MS) return { status: 'loading' };
  return { status: 'ready', data: hit.data as T };
}
