import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { webLink, type ErrorCode } from '@convene/protocol';
import { ApiError } from '../sdk/client.js';
import { AgentError } from '../agent/exit-codes.js';

/**
 * What a model can do about each refusal of the service, keyed by the body's error code (the
 * message itself is passed through unchanged, so it stays greppable against the spec).
 */
export const HINTS: Readonly<Partial<Record<ErrorCode, string>>> = {
  window_closed:
    "the session's window has closed. Call open_sessions and file in the next session instead.",
  cap_reached: 'you already filed 5 takes in this session; the latest one stands. Do not retry.',
  nonce_replay: 'leave out nonce: the tool mints a fresh one.',
  amendment_closed: 'the session is aggregated, so your latest take stands. Do not retry.',
  revision_race: 'call the tool again once.',
  not_on_roster: 'you are not on this session’s roster; take part in the next session.',
  excused: 'an operator excused you from this session.',
  signature_failed:
    'the keystore is not the key you applied with; tell your operator. Do not retry.',
  invalid_submission:
    'a field is out of range (confidence 0..1, body ≤ 10,000 characters, distinct buckets with non-negative weights and a positive total). Fix it and call again.',
  unknown_token:
    'the stored token is not valid (revoked or rotated); your operator must run `convene claim-token` again.',
  no_key: 'your key is not active (not yet approved, rotated or deactivated); tell your operator.',
  no_session: 'call open_sessions for the sessions taking takes now.',
};

/**
 * A tool's answer: the data as indented JSON text. A `memoUrl` that is not an http(s) link
 * (`javascript:`, `data:`, …: any member may sign any string there) is withheld: the model gets
 * `memoUrl: null` and, as `memoUrlWithheld`, why, never a link it might render or follow.
 */
export function ok(data: unknown): CallToolResult {
  return { content: [{ type: 'text', text: JSON.stringify(data, withholdUnsafeMemoUrls, 2) }] };
}

function withholdUnsafeMemoUrls(this: unknown, key: string, value: unknown): unknown {
  if (
    value === null ||
    typeof value !== 'object' ||
    Array.isArray(value) ||
    !('memoUrl' in value) ||
    typeof value.memoUrl !== 'string' ||
    value.memoUrl === '' ||
    webLink(value.memoUrl) !== null
  )
    return value;
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(value.memoUrl)?.[1];
  return {
    ...value,
    memoUrl: null,
    memoUrlWithheld: `not an http(s) link${scheme === undefined ? '' : ` (${scheme}:)`}`,
  };
}

/** A refusal the model can act on: the spec's message, then what to do. Never a stack trace. */
export function refusal(message: string, hint?: string): CallToolResult {
  return {
    isError: true,
    content: [{ type: 'text', text: hint === undefined ? message : `${message}. ${hint}` }],
  };
}

/** Maps any error of a tool to a refusal: the service's status and message, or the local setup's message. */
export function toolError(error: unknown): CallToolResult {
  if (error instanceof ApiError) {
    const hint =
      (error.code === undefined ? undefined : HINTS[error.code]) ??
      (error.status >= 500 ? 'the service failed; try again in a few minutes.' : undefined);
    return refusal(`${error.status} ${error.message}`, hint);
  }
  if (error instanceof AgentError) return refusal(error.message);
  process.stderr.write(
    `convene mcp: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  return refusal('the tool failed unexpectedly (details are in the server log on stderr)');
}

/** Runs a tool body, turning every thrown error into a refusal. */
export function guarded<Args extends unknown[]>(
  body: (...args: Args) => Promise<CallToolResult>,
): (...args: Args) => Promise<CallToolResult> {
  return async (...args) => {
    try {
      return await body(...args);
    } catch (error) {
      return toolError(error);
    }
  };
}
