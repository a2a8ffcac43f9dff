import http, { type IncomingHttpHeaders } from 'node:http';

export interface SseEvent {
  id: string | undefined;
  event: string;
  data: string;
}

/**
 * A plain SSE reader over node:http for tests: it parses the wire format itself (no library), keeps
 * every event and comment, and waits for the one a test expects (never a fixed sleep).
 */
export interface SseConnection {
  status: number;
  headers: IncomingHttpHeaders;
  /** The raw body when the status was not 200. */
  body: string;
  events: SseEvent[];
  comments: string[];
  retry: number | undefined;
  /** Resolves with the first event (from the start) matching `match`. */
  next(match: (event: SseEvent) => boolean, timeoutMs?: number): Promise<SseEvent>;
  /** Resolves once a comment line `text` has arrived. */
  comment(text: string, timeoutMs?: number): Promise<void>;
  /** Resolves when the server ends the response. */
  ended: Promise<void>;
  close(): void;
}

export function openSse(
  url: string,
  headers: Record<string, string> = {},
  /** The client's address: any of 127.0.0.0/8 on Linux, to stand for many clients. */
  from?: { localAddress: string },
): Promise<SseConnection> {
  return new Promise((resolve, reject) => {
    const waiters = new Set<() => void>();
    const request = http.get(url, {
      headers: { accept: 'text/event-stream', ...headers },
      ...(from === undefined ? {} : { localAddress: from.localAddress, agent: false }),
    });
    request.on('error', reject);
    request.on('response', (response) => {
      let buffer = '';
      let endedResolve: () => void = () => undefined;
      const connection: SseConnection = {
        status: response.statusCode ?? 0,
        headers: response.headers,
        body: '',
        events: [],
        comments: [],
        retry: undefined,
        ended: new Promise((done) => (endedResolve = done)),
        close: () => request.destroy(),
        next: (match, timeoutMs = 10_000) =>
          waitFor(() => connection.events.find(match), timeoutMs, 'event'),
        comment: async (text, timeoutMs = 10_000) => {
          await waitFor(() => connection.comments.find((c) => c === text), timeoutMs, 'comment');
        },
      };
      const waitFor = <T>(find: () => T | undefined, timeoutMs: number, what: string) =>
        new Promise<T>((done, fail) => {
          const check = () => {
            const found = find();
            if (found === undefined) return false;
            waiters.delete(onChange);
            clearTimeout(timer);
            done(found);
            return true;
          };
          const onChange = () => void check();
          const timer = setTimeout(() => {
            waiters.delete(onChange);
            fail(new Error(`no matching ${what} within ${timeoutMs} ms: ${buffer}`));
          }, timeoutMs);
          if (!check()) waiters.add(onChange);
        });
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        if (connection.status !== 200) {
          connection.body += chunk;
          return;
        }
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event: SseEvent = { id: undefined, event: 'message', data: '' };
          let hasData = false;
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) connection.comments.push(line.slice(1).trim());
            else if (line.startsWith('retry: ')) connection.retry = Number(line.slice(7));
            else if (line.startsWith('id: ')) event.id = line.slice(4);
            else if (line.startsWith('event: ')) event.event = line.slice(7);
            else if (line.startsWith('data: ')) {
              event.data += (hasData ? '\n' : '') + line.slice(6);
              hasData = true;
            }
          }
          if (hasData) connection.events.push(event);
        }
        for (const waiter of [...waiters]) waiter();
      });
      response.on('end', () => endedResolve());
      response.on('close', () => endedResolve());
      resolve(connection);
    });
  });
}

export const dataOf = <T = Record<string, unknown>>(event: SseEvent): T =>
  JSON.parse(event.data) as T;
