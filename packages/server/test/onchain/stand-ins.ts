import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** Local HTTP stand-ins that speak the real protocols: a price-series endpoint and an RPC proxy. */

async function listen(server: http.Server, port = 0): Promise<number> {
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

async function close(server: http.Server): Promise<void> {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
}

/** `GET /series/{id}?start=` → `{ id, points }`, as PRICE_BASE_URL serves. */
export async function startPriceServer(
  series: Record<string, Array<{ date: string; value: number }>>,
) {
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const id = decodeURIComponent(url.pathname.replace(/^\/series\//, ''));
    const points = series[id];
    if (points === undefined) {
      response.writeHead(404).end();
      return;
    }
    const start = url.searchParams.get('start') ?? '';
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ id, points: points.filter((p) => p.date >= start) }));
  });
  const port = await listen(server);
  return { url: `http://127.0.0.1:${port}`, series, close: () => close(server) };
}

/**
 * Forwards JSON-RPC to the node, recording each request; it can answer 429 (with Retry-After),
 * hang, or go away entirely (a killed RPC endpoint) and come back on the same port.
 */
export async function startRpcProxy(target: string) {
  const requests: Array<{ method: string; params: unknown[] }> = [];
  const answered = { rateLimited: 0, hung: 0 };
  let rateLimitNext = 0;
  let hangNext = 0;
  const hanging: http.ServerResponse[] = [];
  const handler: http.RequestListener = (request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const parsed = JSON.parse(body) as
        { method: string; params: unknown[] } | Array<{ method: string; params: unknown[] }>;
      for (const call of Array.isArray(parsed) ? parsed : [parsed]) requests.push(call);
      if (rateLimitNext > 0) {
        rateLimitNext--;
        answered.rateLimited++;
        response.writeHead(429, { 'retry-after': '0', 'content-type': 'text/plain' });
        response.end('too many requests');
        return;
      }
      if (hangNext > 0) {
        hangNext--;
        answered.hung++;
        hanging.push(response);
        return;
      }
      void fetch(target, { method: 'POST', headers: { 'content-type': 'application/json' }, body })
        .then(async (upstream) => {
          response.writeHead(upstream.status, { 'content-type': 'application/json' });
          response.end(await upstream.text());
        })
        .catch(() => response.destroy());
    });
  };
  let server = http.createServer(handler);
  const port = await listen(server);
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    answered,
    rateLimit(count: number) {
      rateLimitNext = count;
    },
    hang(count: number) {
      hangNext = count;
    },
    /** Stops listening: requests now fail with connection refused. */
    async kill() {
      for (const response of hanging.splice(0)) response.destroy();
      await close(server);
    },
    async revive() {
      server = http.createServer(handler);
      await listen(server, port);
    },
    async close() {
      for (const response of hanging.splice(0)) response.destroy();
      if (server.listening) await close(server);
    },
  };
}

export type RpcProxy = Awaited<ReturnType<typeof startRpcProxy>>;
