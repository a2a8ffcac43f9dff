import { createServer, type Server } from 'node:http';

/**
 * A reverse proxy to `target` that edits one field of every consensus receipt it passes on
 * (the payload's score), as a lying or broken server would; everything else is forwarded as is.
 */
export async function startTamperProxy(
  target: string,
): Promise<{ baseUrl: string; close: () => Promise<void> }> {
  const server: Server = createServer((request, response) => {
    const url = `${target}${request.url ?? '/'}`;
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(request.headers)) {
      if (typeof value === 'string' && name !== 'host' && name !== 'accept-encoding')
        headers[name] = value;
    }
    fetch(url, { method: request.method ?? 'GET', headers })
      .then(async (upstream) => {
        let body = Buffer.from(await upstream.arrayBuffer());
        if (request.url?.includes('/consensus-receipt') && upstream.ok) {
          const receipt = JSON.parse(body.toString('utf8')) as { payload: { score: number } };
          receipt.payload.score = receipt.payload.score + 0.25;
          body = Buffer.from(JSON.stringify(receipt));
        }
        const outHeaders: Record<string, string> = {};
        upstream.headers.forEach((value, name) => {
          if (!['content-encoding', 'content-length', 'etag', 'transfer-encoding'].includes(name))
            outHeaders[name] = value;
        });
        response.writeHead(upstream.status, outHeaders);
        response.end(body);
      })
      .catch((error: unknown) => {
        response.writeHead(502);
        response.end(String(error));
      });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (typeof address !== 'object' || address === null) throw new Error('proxy has no address');
  return {
    baseUrl: `http://127.0.0.1:${address.port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
