import http from 'node:http';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import type { EdgeCache } from './edge-cache.js';
import type { OneLinePerRequest } from './request-log.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The HTTP edge cache: cached routes send their answers through it (http/edge-cache.ts). */
    edge: EdgeCache;
  }
}

/**
 * Fastify's `serverFactory`: the same HTTP/1.1 server Fastify would build (its timeouts included),
 * asking the edge cache first. What Fastify does per request (routing, validation, hooks, reply)
 * cost about half of a cached read's time (docs/benchmarks.md, issue 29).
 */
export function edgeServer(edge: EdgeCache): NonNullable<FastifyServerOptions['serverFactory']> {
  return (handler, fastifyOptions) => {
    const options = fastifyOptions as ServerTimeouts;
    const server = http.createServer(options.http ?? {}, (request, response) => {
      if (!edge.serve(request, response)) handler(request, response);
    });
    if (options.keepAliveTimeout !== undefined) server.keepAliveTimeout = options.keepAliveTimeout;
    if (options.requestTimeout !== undefined) server.requestTimeout = options.requestTimeout;
    if (options.connectionTimeout !== undefined) server.setTimeout(options.connectionTimeout);
    if (options.maxRequestsPerSocket !== undefined && options.maxRequestsPerSocket > 0)
      server.maxRequestsPerSocket = options.maxRequestsPerSocket;
    return server;
  };
}

/** The options Fastify resolves (with its defaults) and applies to the server it would build. */
interface ServerTimeouts {
  http?: http.ServerOptions;
  keepAliveTimeout?: number;
  requestTimeout?: number;
  connectionTimeout?: number;
  maxRequestsPerSocket?: number;
}

/**
 * Gives the routes the edge cache (`app.edge`), records each cached answer as it completes so the
 * socket can send it again, and logs each request answered at the socket like any other.
 */
export function registerEdgeCache(
  app: FastifyInstance,
  edge: EdgeCache,
  requestLog: Pick<OneLinePerRequest, 'completed'>,
): void {
  app.decorate('edge', edge);
  app.addHook('onResponse', (request, reply, done) => {
    edge.record(request, reply);
    done();
  });
  edge.onServed(({ request, statusCode, responseTimeMs }) =>
    requestLog.completed({
      reqId: crypto.randomUUID(),
      method: request.method ?? 'GET',
      url: request.url ?? '',
      remoteAddress: request.socket.remoteAddress,
      statusCode,
      responseTimeMs,
    }),
  );
}
