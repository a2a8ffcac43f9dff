import { useEffect } from 'preact/hooks';
import type { ApplicationStatus } from '../../api/types/swarm.js';
import { useLiveEvents, type LiveState } from '../../lib/use-live-events.js';
import { useResource } from '../../lib/use-resource.js';

/** While an application waits, it is asked for again after 5 s, then twice as long each time up to 2 min. */
const FIRST_CHECK_MS = 5_000;
const LAST_CHECK_MS = 120_000;

/**
 * An application's status, kept current while it waits for a decision: a member's key event on the
 * swarm's live stream (an admin's approval is one) re-reads it at once, and it is read again on a
 * backoff in case the stream is down. Both stop once the application is decided.
 */
export function useApplicationStatus(memberId: string) {
  const status = useResource<ApplicationStatus>(
    memberId === '' ? null : `/api/swarm/apply/${encodeURIComponent(memberId)}`,
  );
  const waiting = status.status === 'ready' && status.data.state === 'applied';
  const { refresh } = status;
  const live: LiveState = useLiveEvents(
    ['member-key'],
    (event) => {
      if (event.type === 'member-key' && event.data.memberId === memberId) refresh();
    },
    waiting,
  );
  useEffect(() => {
    if (!waiting) return;
    let delay = FIRST_CHECK_MS;
    let timer: ReturnType<typeof setTimeout>;
    const check = () => {
      refresh();
      delay = Math.min(delay * 2, LAST_CHECK_MS);
      timer = setTimeout(check, delay);
    };
    timer = setTimeout(check, delay);
    return () => clearTimeout(timer);
    // `refresh` re-reads the same address whichever render made it.
  }, [waiting, memberId]);
  return { status, waiting, live };
}
