import type { FastifyInstance } from 'fastify';
import { fail } from '../errors.js';

/**
 * Path and query parameters declared as numbers must be finite. Ajv's type coercion turns the
 * strings `Infinity`, `-Infinity` and `1e309` into ±Infinity and then skips `minimum` and
 * `maximum` for non-finite values, so such a value would reach a query (bigint: a 500). Checked
 * once here, after validation has coerced them, for every route.
 */
export function registerFiniteNumbers(app: FastifyInstance): void {
  app.addHook('preHandler', (request, _reply, done) => {
    const where =
      nonFiniteField(request.params, 'params') ?? nonFiniteField(request.query, 'querystring');
    done(where === undefined ? undefined : fail('notFiniteNumber', where));
  });
}

function nonFiniteField(values: unknown, part: string): string | undefined {
  if (typeof values !== 'object' || values === null) return undefined;
  for (const [name, value] of Object.entries(values)) {
    if (typeof value === 'number' && !Number.isFinite(value)) return `${part}/${name}`;
  }
  return undefined;
}
