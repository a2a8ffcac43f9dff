import type { LiveState } from '../lib/use-live-events.js';

/** A small "live" mark while the page updates itself from the event stream; nothing otherwise. */
export function LiveBadge({ state, what }: { state: LiveState; what: string }) {
  if (state !== 'live') return null;
  return (
    <span
      class="live-badge"
      role="status"
      aria-label={`Live: ${what} updates as events arrive`}
      title={`${what} updates as events arrive`}
      data-testid="live-badge"
    >
      <span aria-hidden="true">●</span> live
    </span>
  );
}
