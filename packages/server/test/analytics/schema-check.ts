import type { TSchema } from 'typebox';
import { Compile } from 'typebox/compile';
import { expect } from 'vitest';

/** Asserts a response body matches its documented TypeBox schema (the OpenAPI shape). */
export function expectShape(schema: TSchema, body: unknown): void {
  const validator = Compile(schema);
  const errors = validator.Check(body) ? [] : validator.Errors(body).slice(0, 5);
  expect(errors).toEqual([]);
}
