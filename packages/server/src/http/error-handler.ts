import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sqlState } from '../db/guards.js';
import { RequestError, SwarmError } from '../errors.js';

/**
 * A NUL byte (22021) or a character the database encoding cannot hold (22P05) can only come from the
 * client's input reaching a query: a 400, not a 500 (found by test/hardening/fuzz.test.ts).
 */
const UNSTORABLE_TEXT_STATES = new Set(['22021', '22P05']);

/**
 * The one place errors become responses: swarm domain errors → `{ ok: false, status, error }`,
 * request/parsing errors → `{ error }`, anything unexpected → logged, bare 500.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler(
    (error: FastifyError | Error, request: FastifyRequest, reply: FastifyReply) => {
      if (error instanceof SwarmError) {
        return reply
          .status(error.status)
          .send({ ok: false, status: error.status, error: error.message, ...error.extra });
      }
      if (error instanceof RequestError) {
        return reply.status(error.status).send({ error: error.message, ...error.extra });
      }
      const fastifyError = error as FastifyError;
      if (fastifyError.validation !== undefined) {
        return reply.status(400).send({ error: `invalid request: ${fastifyError.message}` });
      }
      const status = fastifyError.statusCode;
      if (status !== undefined && status >= 400 && status < 500) {
        return reply.status(status).send({ error: clientErrorMessage(fastifyError) });
      }
      if (UNSTORABLE_TEXT_STATES.has(sqlState(error) ?? '')) {
        return reply
          .status(400)
          .send({ error: 'request contains characters that cannot be stored' });
      }
      request.log.error({ err: error }, 'unhandled error');
      return reply.status(500).send({ error: 'internal error' });
    },
  );

  app.setNotFoundHandler((request, reply) => {
    return reply
      .status(404)
      .send({ error: `no route for ${request.method} ${request.url.split('?')[0] ?? ''}` });
  });
}

function clientErrorMessage(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'request body too large';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'unsupported content-type';
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'empty JSON body';
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return 'malformed JSON body';
    default:
      return error.message;
  }
}
