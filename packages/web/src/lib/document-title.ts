import { useEffect } from 'preact/hooks';
import type { Resource } from './use-resource.js';

/** Sets the tab title: every page has its own, so tabs, history and screen readers tell them apart. */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} · Convene`;
  }, [title]);
}

/** A detail page's title: its subject's name once loaded, the page kind until then. */
export function titleOf<T>(resource: Resource<T>, kind: string, name: (data: T) => string): string {
  return resource.status === 'ready' ? `${name(resource.data)} · ${kind}` : kind;
}
