import http from 'node:http';

/** One answer to a poll: what a load balancer's health check would have seen. */
export interface PolledAnswer {
  path: string;
  /** When it was sent, in ms since `startedAt`. */
  sentAt: number;
  ms: number;
  /** 0 when no HTTP answer came (refused, reset, or nothing within the time allowed). */
  status: number;
  error?: string;
  body: string;
}

const GIVE_UP_AFTER_MS = 10_000;

/** One GET on a new connection, as a health checker sends it; never rejects. */
export function probe(baseUrl: string, urlPath: string, startedAt: number): Promise<PolledAnswer> {
  const sent = performance.now();
  const answer = (status: number, body: string, error?: string): PolledAnswer => ({
    path: urlPath,
    sentAt: sent - startedAt,
    ms: performance.now() - sent,
    status,
    body,
    ...(error === undefined ? {} : { error }),
  });
  return new Promise((resolve) => {
    const request = http.get(`${baseUrl}${urlPath}`, { agent: false }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve(answer(response.statusCode ?? 0, body)));
      response.on('error', (error) => resolve(answer(0, body, error.message)));
    });
    request.setTimeout(GIVE_UP_AFTER_MS, () => request.destroy(new Error('no answer')));
    request.on('error', (error: NodeJS.ErrnoException) =>
      resolve(answer(0, '', error.code ?? error.message)),
    );
  });
}

export interface PollOptions {
  /** The paths requested in turn. */
  paths: readonly string[];
  everyMs: number;
  /** Measured from here (performance.now()); default the poll's start. */
  startedAt?: number;
  /** Stops once an answer satisfies this (that answer is kept). */
  until: (answer: PolledAnswer, count: number) => boolean;
  /** Checked before each request: a reason to give up (e.g. the server exited), or null. */
  abortIf?: () => string | null;
}

/**
 * Requests `paths` in turn every `everyMs`, each on a new connection without waiting for the last,
 * until an answer satisfies `until`; resolves with every answer once all have come.
 */
export async function pollEvery(baseUrl: string, options: PollOptions): Promise<PolledAnswer[]> {
  const startedAt = options.startedAt ?? performance.now();
  const answers: Promise<PolledAnswer>[] = [];
  await new Promise<void>((resolve, reject) => {
    let tick = 0;
    let done = false;
    const timer = setInterval(() => {
      const reason = options.abortIf?.() ?? null;
      if (reason !== null) {
        clearInterval(timer);
        reject(new Error(reason));
        return;
      }
      const path = options.paths[tick++ % options.paths.length]!;
      const sent = probe(baseUrl, path, startedAt);
      answers.push(sent);
      const count = answers.length;
      void sent.then((answer) => {
        if (!done && options.until(answer, count)) {
          done = true;
          clearInterval(timer);
          resolve();
        }
      });
    }, options.everyMs);
  });
  return Promise.all(answers);
}

/** The p-th quantile (0–1) of ascending `sorted`, nearest rank. */
const percentile = (sorted: readonly number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] ?? Number.NaN;

/** The answers from the server's first one on: before it the port was closed (refused at once). */
export function fromFirstAnswer(answers: readonly PolledAnswer[]): PolledAnswer[] {
  const first = answers.findIndex((answer) => answer.status !== 0);
  return first === -1 ? [] : answers.slice(first);
}

export interface PollLatency {
  /** Requests from the first answer on. */
  requests: number;
  /** Of them, those with no HTTP answer. */
  unanswered: number;
  p50: number;
  p99: number;
  max: number;
}

/** How fast the server answered a poll, from its first answer on (ms). */
export function pollLatency(answers: readonly PolledAnswer[]): PollLatency {
  const listening = fromFirstAnswer(answers);
  const sorted = listening.map((answer) => answer.ms).sort((a, b) => a - b);
  return {
    requests: listening.length,
    unanswered: listening.filter((answer) => answer.status === 0).length,
    p50: percentile(sorted, 0.5),
    p99: percentile(sorted, 0.99),
    max: sorted.at(-1) ?? Number.NaN,
  };
}
