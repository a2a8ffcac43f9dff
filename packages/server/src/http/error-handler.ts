import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sqlState } from '../db/guards.js';
import { errorCode, fail, ServiceError } from '../errors.js';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * What the request failed with, for metrics: the catalogue error's wire code (a plugin's own
     * 4xx is `refused_by_plugin`, anything unforeseen `internal`); null while it has not.
     */
    failure: string | null;
  }
}

/**
 * The one place errors become responses. A catalogue error (errors.ts) answers in its shape: a
 * swarm domain error `{ ok: false, status, error, code }`, a request error `{ error, code }`
 * (`code` is ours, added beside the spec's fields: the entry's stable wire code). What Fastify
 * refuses before a handler runs (schema validation, body parsing) and values only a client's input
 * brings to a query are first named as catalogue errors, so they answer the same way. A 4xx some
 * plugin raised on its own (the static site's range errors) keeps its status and message; anything
 * else is logged and answers a bare 500 (`internal error`).
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.decorateRequest('failure', null);
  app.setErrorHandler(answerError);
  app.setNotFoundHandler((request, reply) =>
    sendError(
      request,
      reply,
      fail('noRoute', `${request.method} ${request.url.split('?')[0] ?? ''}`),
    ),
  );
}

/**
 * Answers `error`: the app's error handler, and Fastify's `frameworkErrors` option too, so what
 * its router refuses before any hook runs (a path whose percent-escapes do not decode, a path
 * parameter over its 100 characters) answers in the catalogue's shape, not Fastify's own
 * `{ error, code, message, statusCode }`.
 */
export function answerError(
  error: FastifyError | Error,
  request: FastifyRequest,
  reply: FastifyReply,
): FastifyReply {
  const answer = error instanceof ServiceError ? error : catalogued(error as FastifyError);
  if (answer !== undefined) return sendError(request, reply, answer);
  const status = (error as FastifyError).statusCode;
  if (status !== undefined && status >= 400 && status < 500)
    return sendError(request, reply, fail('refusedByPlugin', error.message), status);
  request.log.error({ err: error }, 'unhandled error');
  return sendError(request, reply, fail('internal'));
}

function sendError(
  request: FastifyRequest,
  reply: FastifyReply,
  error: ServiceError,
  status = error.status,
) {
  const code = errorCode(error.code);
  request.failure = code;
  const body =
    error.shape === 'domain'
      ? { ok: false, status, error: error.message, code }
      : { error: error.message, code };
  return reply.status(status).send({ ...error.extra, ...body });
}

/**
 * The catalogue's name for an error Fastify raised before a handler ran (or, for a URL, before
 * routing), or for a value only a
 * client's input brings to a query: a NUL byte (SQLSTATE 22021), a character the database encoding
 * cannot hold (22P05), an impossible date such as 2026-02-30 (22007, 22008), a 400 and not a 500
 * (found by test/hardening/fuzz.test.ts). Undefined for anything else.
 */
function catalogued(error: FastifyError): ServiceError | undefined {
  if (error.validation !== undefined) return fail('invalidRequest', error.message);
  switch (error.code) {
    case 'FST_ERR_BAD_URL':
      return fail('malformedUrl');
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return fail('pathParameterTooLong');
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return fail('bodyTooLarge');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return fail('unsupportedContentType');
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return fail('emptyJsonBody');
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return fail('malformedJsonBody');
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return fail('bodyLengthMismatch');
  }
  switch (sqlState(error)) {
    case '22021':
    case '22P05':
      return fail('unstorableCharacters');
    case '22007':
    case '22008':
      return fail('impossibleDate');
  }
  return undefined;
}
