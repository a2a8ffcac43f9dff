import type { EVENTS_RESET, EventsResetData, SwarmEvent, SwarmEventType } from '@convene/protocol';
import { ApiError } from './client.js';

/** A `reset`: the resume cursor was outside the replay window; events go on from now. */
export interface ResetMessage {
  id: string;
  type: typeof EVENTS_RESET;
  data: EventsResetData;
}

export type EventMessage = SwarmEvent | ResetMessage;

export interface EventsOptions {
  /** The service origin, e.g. https://convene.example. */
  baseUrl: string;
  /** Only these event types (default: all). */
  types?: readonly SwarmEventType[];
  /** Resume after this id (the `id` of the last event handled). */
  lastEventId?: string | undefined;
  /** Stops the iteration (the iterator returns). */
  signal?: AbortSignal;
  /** Reconnect after the stream ends or fails (default true), after the server's `retry`. */
  reconnect?: boolean;
  /** Called each time a connection is open (the stream answered 200). */
  onOpen?: () => void;
  /** Called before each reconnect, with the error that ended the stream (undefined: it ended). */
  onReconnect?: (error: unknown) => void;
  fetch?: typeof fetch;
}

const DEFAULT_RETRY_MS = 3000;

/**
 * The swarm's events (`GET /api/swarm/events`) as an async iterator. It reconnects on its own,
 * waiting the `retry` the server announced and resuming with the last id it yielded, so nothing is
 * missed or repeated across reconnects within the server's replay window (outside it a `reset`
 * message says so). A 429 or 503 is retried after its Retry-After; any other 4xx or 5xx answer is
 * thrown as an ApiError.
 *
 * @example
 * for await (const event of swarmEvents({ baseUrl: 'http://localhost:8080', types: ['take-accepted'] })) {
 *   if (event.type === 'take-accepted') console.log(event.data.memberId, event.data.stance);
 * }
 */
export async function* swarmEvents(options: EventsOptions): AsyncGenerator<EventMessage> {
  const doFetch = options.fetch ?? fetch;
  let lastEventId = options.lastEventId;
  let retryMs = DEFAULT_RETRY_MS;
  const url = new URL('/api/swarm/events', options.baseUrl);
  if (options.types !== undefined && options.types.length > 0)
    url.searchParams.set('types', options.types.join(','));
  for (;;) {
    let failure: unknown;
    try {
      const response = await doFetch(url, {
        headers: {
          accept: 'text/event-stream',
          ...(lastEventId === undefined ? {} : { 'last-event-id': lastEventId }),
        },
        ...(options.signal === undefined ? {} : { signal: options.signal }),
      });
      // 429 (this address's limits) and 503 (the server's cap): wait as told, then try again.
      if (response.status === 429 || response.status === 503) {
        retryMs = Math.max(retryMs, Number(response.headers.get('retry-after') ?? 0) * 1000);
        await response.body?.cancel();
        throw new ApiError(response.status, 'too many event streams', null);
      }
      if (!response.ok || response.body === null) {
        const body: unknown = await response.json().catch(() => null);
        const message = (body as { error?: string } | null)?.error ?? `HTTP ${response.status}`;
        throw new ApiError(response.status, message, body);
      }
      options.onOpen?.();
      for await (const message of parseEventStream(response.body)) {
        if (message.retry !== undefined) retryMs = message.retry;
        if (message.id !== undefined) lastEventId = message.id;
        if (message.data === undefined) continue;
        yield {
          id: message.id ?? '',
          type: message.event,
          data: JSON.parse(message.data) as unknown,
        } as EventMessage;
      }
    } catch (error) {
      if (options.signal?.aborted === true) return;
      if (error instanceof ApiError && error.status !== 429 && error.status !== 503) throw error;
      failure = error;
    }
    if (options.signal?.aborted === true || options.reconnect === false) {
      if (failure !== undefined) throw failure as Error;
      return;
    }
    options.onReconnect?.(failure);
    await sleep(retryMs, options.signal);
  }
}

interface RawMessage {
  id: string | undefined;
  event: string;
  data: string | undefined;
  retry: number | undefined;
}

/** The SSE wire format (WHATWG HTML, "Server-sent events"): fields, comments, blank-line dispatch. */
export async function* parseEventStream(
  body: ReadableStream<Uint8Array>,
): AsyncGenerator<RawMessage> {
  const decoder = new TextDecoder();
  let buffer = '';
  let message: RawMessage = { id: undefined, event: 'message', data: undefined, retry: undefined };
  const reader = body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      buffer += decoder.decode(value, { stream: true });
      let end: number;
      while ((end = buffer.search(/\r\n|\r|\n/)) >= 0) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + (buffer.startsWith('\r\n', end) ? 2 : 1));
        if (line === '') {
          if (message.data !== undefined || message.retry !== undefined) yield message;
          message = { id: message.id, event: 'message', data: undefined, retry: undefined };
          continue;
        }
        if (line.startsWith(':')) continue;
        const colon = line.indexOf(':');
        const field = colon < 0 ? line : line.slice(0, colon);
        let value = colon < 0 ? '' : line.slice(colon + 1);
        if (value.startsWith(' ')) value = value.slice(1);
        if (field === 'data')
          message.data = message.data === undefined ? value : `${message.data}\n${value}`;
        else if (field === 'event') message.event = value;
        else if (field === 'id' && !value.includes('\0')) message.id = value;
        else if (field === 'retry' && /^\d+$/.test(value)) message.retry = Number(value);
      }
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
}

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done, { once: true });
  });
}
