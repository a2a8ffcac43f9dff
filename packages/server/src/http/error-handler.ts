import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sqlState } from '../db/guards.js';
import { ServiceError } from '../errors.js';

/**
 * Values only a client's input brings to a query: a NUL byte (22021), a character the database
 * encoding cannot hold (22P05), an impossible date such as 2026-02-30 (22007, 22008). A 400, not a
 * 500 (found by test/hardening/fuzz.test.ts).
 */
const CLIENT_VALUE_STATES = new Map([
  ['22021', 'request contains characters that cannot be stored'],
  ['22P05', 'request contains characters that cannot be stored'],
  ['22007', 'request contains an invalid date'],
  ['22008', 'request contains an invalid date'],
]);

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * What the request failed with, for metrics: the catalogue error's code (errors.ts), or
     * `invalidRequest`, a Fastify error code, `clientValue` or `internal`; null while it has not.
     */
    failure: string | null;
  }
}

/**
 * The one place errors become responses: catalogue errors (errors.ts) in their shape, swarm domain
 * errors `{ ok: false, status, error }` and request errors `{ error }`, anything unexpected → logged, bare 500.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.decorateRequest('failure', null);
  app.setErrorHandler(
    (error: FastifyError | Error, request: FastifyRequest, reply: FastifyReply) => {
      if (error instanceof ServiceError) {
        request.failure = error.code;
        const body =
          error.shape === 'domain'
            ? { ok: false, status: error.status, error: error.message }
            : { error: error.message };
        return reply.status(error.status).send({ ...body, ...error.extra });
      }
      const fastifyError = error as FastifyError;
      if (fastifyError.validation !== undefined) {
        request.failure = 'invalidRequest';
        return reply.status(400).send({ error: `invalid request: ${fastifyError.message}` });
      }
      const status = fastifyError.statusCode;
      if (status !== undefined && status >= 400 && status < 500) {
        request.failure = fastifyError.code;
        return reply.status(status).send({ error: clientErrorMessage(fastifyError) });
      }
      const clientValue = CLIENT_VALUE_STATES.get(sqlState(error) ?? '');
      if (clientValue !== undefined) {
        request.failure = 'clientValue';
        return reply.status(400).send({ error: clientValue });
      }
      request.failure = 'internal';
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
