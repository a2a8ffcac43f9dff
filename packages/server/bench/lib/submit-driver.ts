import http from 'node:http';

export interface SubmitRun {
  total: number;
  seconds: number;
  takesPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  /** Response statuses other than 201, by status. */
  refused: Map<number, number>;
}

/**
 * Closed-loop submit load: one keep-alive connection per member, each filing its own pre-signed
 * takes in order, the next as soon as the previous is answered. Latencies are timed here with
 * performance.now(), so p50 has sub-millisecond resolution (autocannon rounds to whole
 * milliseconds, too coarse to tell 11 ms from 12 ms when the question is a 10 % difference), and
 * the rate is takes over the run's own wall time, not an average of whole seconds.
 */
export async function driveSubmits(
  baseUrl: string,
  members: Array<{ token: string }>,
  bodies: string[][],
): Promise<SubmitRun> {
  const url = new URL('/api/swarm/submit', baseUrl);
  const latencies: number[] = [];
  const refused = new Map<number, number>();
  const started = performance.now();
  await Promise.all(
    members.map(async (member, index) => {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      try {
        for (const body of bodies[index]!) {
          const sent = performance.now();
          const status = await post(url, agent, member.token, body);
          latencies.push(performance.now() - sent);
          if (status !== 201) refused.set(status, (refused.get(status) ?? 0) + 1);
        }
      } finally {
        agent.destroy();
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (q: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]!;
  return {
    total: latencies.length,
    seconds,
    takesPerSecond: latencies.length / seconds,
    p50Ms: at(0.5),
    p99Ms: at(0.99),
    refused,
  };
}

function post(url: URL, agent: http.Agent, token: string, body: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      {
        method: 'POST',
        agent,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          authorization: `Bearer ${token}`,
        },
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}
