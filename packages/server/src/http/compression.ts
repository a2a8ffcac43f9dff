import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { preferredEncoding } from './encoding.js';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** JSON bodies larger than this go out compressed to clients that accept it. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/**
 * Compresses every JSON response over 1 KB (brotli, else gzip) that is not already encoded. The
 * versioned cached bodies arrive pre-compressed (content-encoding set) and pass untouched; this
 * covers the rest (member takes, receipts, entities with a query, sessions pages, errors).
 * Brotli quality 5: within a few percent of the best size at a fraction of the time per request.
 */
export function registerCompression(app: FastifyInstance): void {
  // Callback style: most responses pass untouched, and an async hook would cost each a promise.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (reply.hasHeader('content-encoding')) return done(null, payload);
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return done(null, payload);
    const type = reply.getHeader('content-type');
    if (typeof type !== 'string' || !type.startsWith('application/json'))
      return done(null, payload);
    if (Buffer.byteLength(payload) <= COMPRESS_THRESHOLD_BYTES) return done(null, payload);
    const vary = reply.getHeader('vary');
    if (typeof vary !== 'string' || !/accept-encoding/i.test(vary))
      reply.header(
        'vary',
        typeof vary === 'string' ? `${vary}, accept-encoding` : 'accept-encoding',
      );
    const encoding = preferredEncoding(request.headers['accept-encoding']);
    if (encoding === 'identity') return done(null, payload);
    const compressed =
      encoding === 'br'
        ? brotli(payload, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } })
        : gzipAsync(payload, { level: 6 });
    compressed.then((body) => {
      reply.header('content-encoding', encoding).removeHeader('content-length');
      done(null, body);
    }, done);
  });
}
