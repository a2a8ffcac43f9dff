/**
 * The swarm's event stream (`GET /api/swarm/events`, Server-Sent Events): every event type and the
 * shape of its `data`, defined once for the server, the SDK and the site. Clients in other languages
 * follow docs/agents.md, "Events instead of polling".
 */
import type { KeyEvent, MemberRole, MemberStatus } from './tlog/key-entry.js';
import type { Weight } from './take.js';

export const SWARM_EVENT_TYPES = [
  'session-opened',
  'take-accepted',
  'session-aggregated',
  'session-published',
  'checkpoint',
  'member-key',
] as const;
export type SwarmEventType = (typeof SWARM_EVENT_TYPES)[number];

/** Sent first, instead of a replay, when a resume cursor lies outside the replay window. */
export const EVENTS_RESET = 'reset';

export function isSwarmEventType(value: string): value is SwarmEventType {
  return (SWARM_EVENT_TYPES as readonly string[]).includes(value);
}

interface SessionIds {
  sessionId: string;
  subjectId: string;
  /** The session's UTC date, YYYY-MM-DD. */
  date: string;
}

export interface SwarmEventData {
  /** A session's brief was published: it now takes takes. The brief itself is one read away. */
  'session-opened': SessionIds & {
    convenedAt: string;
    windowClosesAt: string | null;
    brief: {
      id: number;
      createdAt: string;
      /** `/api/swarm/brief?session=<sessionId>`: the full brief (prompt, take schema, signals). */
      href: string;
      /** The regime the brief was written under (the brief body's `regime`), or null. */
      regime: Record<string, unknown> | null;
    };
  };
  /** A take entered the transparency log. Public fields only: no nonce, no signature, no canonical text. */
  'take-accepted': SessionIds & {
    takeId: string;
    memberId: string;
    handle: string | null;
    revision: number;
    stance: string;
    confidence: number;
    body: string;
    memoUrl: string | null;
    weights: Weight[] | null;
    receivedAt: string;
    logIndex: number;
    /** `/api/swarm/takes/<takeId>`: the signed take, re-verified on read. */
    href: string;
  };
  'session-aggregated': SessionIds & { aggregatedAt: string | null };
  'session-published': SessionIds & {
    publishedAt: string | null;
    /** sha256 hex of the consensus receipt's canonical bytes. */
    receiptDigest: string;
    /** `/api/swarm/sessions/<sessionId>/consensus-receipt`. */
    href: string;
  };
  /** The newest signed checkpoint (checkpoints in between are not repeated). */
  checkpoint: { size: number; rootHash: string; createdAt: string; href: string };
  /** A member's key event entered the log (applied, activated, rotated, …). */
  'member-key': {
    memberId: string;
    logIndex: number;
    event: KeyEvent;
    at: string;
    activeKey: string | null;
    pendingKey: string | null;
    status: MemberStatus;
    role: MemberRole;
    /** `/api/log/members/<memberId>/keys`. */
    href: string;
  };
}

/** One event as a client receives it: the SSE `id`, `event` and parsed `data`. */
export type SwarmEvent = {
  [K in SwarmEventType]: { id: string; type: K; data: SwarmEventData[K] };
}[SwarmEventType];

export interface EventsResetData {
  reason: string;
}
