/**
 * The reads the load benchmarks measure, resolved against one server's own demo data, and the
 * autocannon runs that measure them (BENCH_SECONDS, BENCH_CONNECTIONS, BENCH_READS).
 */
import { writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';

export interface AutocannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
  statusCodeStats: Record<string, { count: number }>;
}
export interface AutocannonClient {
  setRequests(requests: Array<Record<string, unknown>>): void;
}
type Autocannon = (options: Record<string, unknown>) => Promise<AutocannonResult>;
export const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

export const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 64);

/** Placeholders for reads of the demo's own ids, resolved when the reads are captured. */
const SESSION_READ = '<newest published session>';
const MEMBER_RECORD_READ = "<the leaderboard's first member's track record>";
const OUTCOME_READ = '<the oldest scored session outcome>';

const ALL_READS: Array<{ name: string; size: 'small' | 'large'; url: string }> = [
  { name: 'health', size: 'small', url: '/health' },
  { name: 'open-session', size: 'small', url: '/api/swarm/open-session' },
  { name: 'token-metrics', size: 'small', url: '/api/dashboards/token-metrics' },
  { name: 'regime-snapshots', size: 'large', url: '/api/dashboards/regime-snapshots' },
  {
    name: 'research-signals/late-cycle-signals',
    size: 'large',
    url: '/api/dashboards/research-signals/late-cycle-signals',
  },
  { name: 'wallet-balances', size: 'large', url: '/api/dashboards/wallet-balances' },
  { name: 'sessions (default page)', size: 'large', url: '/api/swarm/sessions' },
  // The newest published session's date/subject read, resolved when the reads are captured.
  { name: 'session (date/subject, verified per read)', size: 'large', url: SESSION_READ },
  { name: 'track-record (leaderboard)', size: 'large', url: '/api/swarm/track-record' },
  { name: 'member track-record', size: 'large', url: MEMBER_RECORD_READ },
  { name: 'session outcome', size: 'large', url: OUTCOME_READ },
];
/** BENCH_READS: comma-separated name fragments to measure only some reads (all by default). */
const READ_FILTER = process.env.BENCH_READS?.split(',');
const READS = ALL_READS.filter(
  (read) => READ_FILTER === undefined || READ_FILTER.some((part) => read.name.includes(part)),
);

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

export async function fire(options: Record<string, unknown>): Promise<AutocannonResult> {
  return autocannon({ connections: CONNECTIONS, duration: SECONDS, ...options });
}

/** Response headers node:http writes by itself; the bare server must not send them twice. */
const NODE_WRITES = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);

/** A read with this server's own ids in its URL, and its size. */
export interface CapturedRead {
  name: string;
  size: 'small' | 'large';
  url: string;
  bytes: number;
}

/**
 * Resolves each read's URL against this server's data and fetches it once (identity encoding);
 * with `file`, writes the answers, headers too, for the bare server.
 */
export async function captureReads(baseUrl: string, file?: string): Promise<CapturedRead[]> {
  const captured: Record<string, unknown> = {};
  const reads: CapturedRead[] = [];
  const list = (await (await fetch(`${baseUrl}/api/swarm/sessions`)).json()) as {
    sessions: Array<{ date: string; subjectId: string; state: string }>;
  };
  const published = list.sessions.find((session) => session.state === 'published');
  if (published === undefined) throw new Error('the demo has no published session to read');
  const board = (await (await fetch(`${baseUrl}/api/swarm/track-record`)).json()) as {
    leaderboard: Array<{ memberId: string }>;
    sessions: Array<{ sessionId: string }>;
  };
  if (board.leaderboard[0] === undefined || board.sessions[0] === undefined)
    throw new Error('the demo has no track record to read');
  const resolved = new Map([
    [SESSION_READ, `/api/swarm/sessions/${published.date}/${published.subjectId}`],
    [MEMBER_RECORD_READ, `/api/swarm/members/${board.leaderboard[0].memberId}/track-record`],
    [OUTCOME_READ, `/api/swarm/sessions/${board.sessions[0].sessionId}/outcome`],
  ]);
  for (const read of READS) {
    const url = resolved.get(read.url) ?? read.url;
    const response = await fetch(baseUrl + url, {
      headers: { 'accept-encoding': 'identity' },
    });
    const body = Buffer.from(await response.arrayBuffer());
    if (response.status !== 200) throw new Error(`${url}: ${response.status}`);
    const headers: Record<string, string> = {};
    response.headers.forEach((value, name) => {
      if (!NODE_WRITES.has(name)) headers[name] = value;
    });
    captured[url] = {
      status: response.status,
      headers: { ...headers, 'content-length': String(body.length) },
      bodyBase64: body.toString('base64'),
    };
    reads.push({ ...read, url, bytes: body.length });
  }
  if (file !== undefined) await writeFile(file, JSON.stringify(captured));
  return reads;
}
