import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import { serializeRequest } from './logging.js';

/**
 * One structured line per request, written when the response is done: method, URL, status, time and
 * the request id (credentials in the query string redacted). Fastify's default writes two (incoming and completed), a measurable share of every
 * cheap read at the default `info` level.
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (this.isLogDisabled(request)) return;
    const fields = {
      req: serializeRequest(request),
      res: { statusCode: reply.statusCode },
      responseTime: reply.elapsedTime,
    };
    if (error) reply.log.error({ ...fields, err: error }, 'request errored');
    else reply.log.info(fields, 'request completed');
  }
}
