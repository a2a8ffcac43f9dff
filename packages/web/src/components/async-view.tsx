import type { ComponentChildren } from 'preact';
import { ApiError } from '../api/client.js';
import type { Resource } from '../lib/use-resource.js';

export function Loading(props: { what: string }) {
  return (
    <div class="loading" role="status" aria-live="polite">
      <span class="spinner" aria-hidden="true" /> Loading {props.what}…
    </div>
  );
}

export function ErrorView(props: { error: Error; what: string; onRetry?: () => void }) {
  const notFound = props.error instanceof ApiError && props.error.status === 404;
  return (
    <div class="error-box" role="alert">
      <strong>{notFound ? `No ${props.what} here` : `Could not load ${props.what}`}</strong>
      <p>
        {props.error instanceof ApiError ? `HTTP ${props.error.status}: ` : ''}
        {props.error.message}
      </p>
      {props.onRetry !== undefined && !notFound ? (
        <button type="button" onClick={props.onRetry}>
          Try again
        </button>
      ) : null}
    </div>
  );
}

/** Renders loading and error states for a resource, and `children(data)` once it is ready. */
export function Async<T>(props: {
  resource: Resource<T> & { reload?: () => void };
  what: string;
  children: (data: T) => ComponentChildren;
}) {
  const { resource } = props;
  if (resource.status === 'loading') return <Loading what={props.what} />;
  if (resource.status === 'error') {
    return resource.reload !== undefined ? (
      <ErrorView error={resource.error} what={props.what} onRetry={resource.reload} />
    ) : (
      <ErrorView error={resource.error} what={props.what} />
    );
  }
  if (resource.updating === true)
    return (
      <div class="updating" aria-busy="true" data-testid="updating">
        {props.children(resource.data)}
      </div>
    );
  return <>{props.children(resource.data)}</>;
}
