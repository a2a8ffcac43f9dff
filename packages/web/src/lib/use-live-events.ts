import type { SwarmEvent, SwarmEventType } from '@convene/protocol';
import { useEffect, useRef, useState } from 'preact/hooks';

/** `live` while the event stream is open; `off` when there is none (the page still works, unrefreshed). */
export type LiveState = 'connecting' | 'live' | 'off';

/**
 * Subscribes to `GET /api/swarm/events` for `types` while `enabled`, calling `onEvent` for each
 * event (the browser's EventSource reconnects and resumes by itself). Without EventSource, or when
 * the stream is refused for good, the page falls back silently to no live updates.
 */
export function useLiveEvents(
  types: readonly SwarmEventType[],
  onEvent: (event: SwarmEvent) => void,
  enabled = true,
): LiveState {
  const [state, setState] = useState<LiveState>('connecting');
  const handler = useRef(onEvent);
  handler.current = onEvent;
  const key = types.join(',');
  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') {
      setState('off');
      return;
    }
    let source: EventSource;
    try {
      source = new EventSource(`/api/swarm/events?types=${encodeURIComponent(key)}`);
    } catch {
      setState('off');
      return;
    }
    setState('connecting');
    source.onopen = () => setState('live');
    source.onerror = () =>
      setState(source.readyState === EventSource.CLOSED ? 'off' : 'connecting');
    const listener = (message: MessageEvent<string>) => {
      try {
        handler.current({
          id: message.lastEventId,
          type: message.type,
          data: JSON.parse(message.data) as unknown,
        } as SwarmEvent);
      } catch {
        // A malformed event is skipped; the next refetch shows the truth anyway.
      }
    };
    for (const type of key.split(',')) source.addEventListener(type, listener);
    return () => source.close();
  }, [key, enabled]);
  return state;
}
