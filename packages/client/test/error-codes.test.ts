import { ERROR_CODES } from '@convene/protocol';
import { expect, test } from 'vitest';
import { SUBMIT_ADVICE } from '../src/cli/commands/session.js';
import { HINTS } from '../src/mcp/results.js';
import { ApiError } from '../src/sdk/client.js';

test("every piece of advice the CLI and MCP give names a code of the service's catalogue", () => {
  const named = [...Object.keys(SUBMIT_ADVICE), ...Object.keys(HINTS)];
  expect(named.length).toBeGreaterThan(10);
  for (const code of named) expect(ERROR_CODES.has(code as never), code).toBe(true);
});

test("an ApiError carries the body's code only when it is the catalogue's", () => {
  const refused = {
    ok: false,
    status: 409,
    error: 'submission window closed',
    code: 'window_closed',
  };
  expect(new ApiError(409, refused.error, refused).code).toBe('window_closed');
  expect(new ApiError(409, 'x', { error: 'x', code: 'not_a_code' }).code).toBeUndefined();
  expect(new ApiError(502, 'HTTP 502', '<html>').code).toBeUndefined();
});
