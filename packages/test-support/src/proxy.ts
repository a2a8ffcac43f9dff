import { createServer, type Server } from 'node:http';

export interface ProxyEdits {
  /** The upstream path a request's path is answered from (default: the same path). */
  path?: (path: string) => string;
  /** The body passed on for a successful upstream answer (default: as served). */
  body?: (path: string, body: Buffer) => Buffer;
}

export interface RunningProxy {
  baseUrl: string;
  close(): Promise<void>;
}

/**
 * A reverse proxy to `target` that answers some requests differently, as a lying, broken or lagging
 * server would: from another upstream path, or with an edited body. Everything else is forwarded as
 * is (uncompressed, so bodies can be edited; no ETag, since an edited body is another body).
 */
export async function startProxy(target: string, edits: ProxyEdits = {}): Promise<RunningProxy> {
  const server: Server = createServer((request, response) => {
    const path = request.url ?? '/';
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(request.headers)) {
      if (typeof value === 'string' && name !== 'host' && name !== 'accept-encoding')
        headers[name] = value;
    }
    fetch(`${target}${edits.path?.(path) ?? path}`, { method: request.method ?? 'GET', headers })
      .then(async (upstream) => {
        const served = Buffer.from(await upstream.arrayBuffer());
        const body = upstream.ok && edits.body !== undefined ? edits.body(path, served) : served;
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
