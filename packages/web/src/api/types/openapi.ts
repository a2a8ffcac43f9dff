// The API's JSON shapes, derived from the types generated from the server's OpenAPI document
// (packages/client/src/sdk/openapi.ts): the server's TypeBox response schemas are the one source.
import type { paths } from '@convene/client';

/** Paths that answer GET with a JSON body on 200. */
type JsonGetPath = {
  [P in keyof paths]: paths[P] extends {
    get: { responses: { 200: { content: { 'application/json': unknown } } } };
  }
    ? P
    : never;
}[keyof paths];

/** The 200 JSON body of `GET path`, exactly as the server serialises it. */
export type JsonOf<P extends JsonGetPath> =
  paths[P]['get']['responses'][200]['content']['application/json'];
