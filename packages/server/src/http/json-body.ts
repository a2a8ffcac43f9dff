import type { FastifyInstance } from 'fastify';
import { fail } from '../errors.js';

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });

/**
 * JSON bodies must be valid UTF-8 (RFC 8259 §8.1). Fastify's own parser decodes with replacement,
 * so invalid bytes would silently become U+FFFD and a signed text would no longer be the text sent;
 * here they are a 400 `{ error }`, and valid bodies go to Fastify's parser (prototype-poisoning
 * protection included) unchanged.
 */
export function registerStrictJsonBodies(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    let text: string;
    try {
      text = utf8.decode(body as Buffer);
    } catch {
      done(fail('bodyNotUtf8'), undefined);
      return;
    }
    void parseJson(request, text, done);
  });
}
