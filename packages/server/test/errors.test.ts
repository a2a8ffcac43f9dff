import { describe, expect, test } from 'vitest';
import { ERRORS, fail, failWith, ServiceError, type ErrorName } from '../src/errors.js';

describe('the error catalogue', () => {
  test('every entry is a 4xx (or a 503: demo data loading, the event streams at their cap; the 500 of an unforeseen failure) with a message, and no two fixed messages of one shape are the same', () => {
    const seen = new Map<string, string>();
    for (const [name, entry] of Object.entries(ERRORS)) {
      if (name === 'loading' || name === 'eventStreamsFull') expect(entry.status).toBe(503);
      else if (name === 'internal') expect(entry.status).toBe(500);
      else {
        expect(entry.status, name).toBeGreaterThanOrEqual(400);
        expect(entry.status, name).toBeLessThan(500);
      }
      const message = typeof entry.message === 'string' ? entry.message : entry.message('x');
      expect(message.length, name).toBeGreaterThan(0);
      // A message built from its arguments (a validation reason, a bucket name) is a family.
      if (typeof entry.message !== 'string') continue;
      const key = `${entry.shape}: ${message}`;
      expect(seen.get(key), `${name} repeats ${seen.get(key)}: ${key}`).toBeUndefined();
      seen.set(key, name);
    }
  });

  test('fail names an error and takes its status, shape and message from the catalogue', () => {
    const error = fail('windowClosed');
    expect(error).toBeInstanceOf(ServiceError);
    expect([error.code, error.status, error.shape, error.message]).toEqual([
      'windowClosed',
      409,
      'domain',
      'submission window closed',
    ]);
    const read = fail('unknownBucket', 'gold');
    expect([read.status, read.shape, read.message]).toEqual([
      400,
      'request',
      'unknown bucket: gold',
    ]);
    const withBody = failWith('applicationSignature', { expectedPayload: 'bytes' });
    expect(withBody.extra).toEqual({ expectedPayload: 'bytes' });
    expect(withBody.message).toBe('application signature verification failed');
  });

  test('the spec §7 messages are verbatim, with their statuses', () => {
    const spec: Partial<Record<ErrorName, [number, string]>> = {
      invalidSubmission: [400, 'invalid submission'],
      invalidStance: [
        400,
        'stance must be one of bearish, cautious, neutral, constructive, bullish',
      ],
      signatureFailed: [400, 'signature verification failed'],
      unknownToken: [401, 'unknown member token'],
      tokenMemberMismatch: [403, 'token/member mismatch'],
      noSession: [404, 'no session for date/subject'],
      windowClosed: [409, 'submission window closed'],
      invalidSigningDraft: [400, 'invalid signing draft'],
      missingBearer: [401, 'missing bearer token'],
      notOnRoster: [403, "member is not on this session's expected roster"],
      excused: [403, 'member is excused from this session'],
      noKey: [403, 'no registered key for member'],
      nonceReplay: [409, 'nonce already used by this member (replay); mint a fresh nonce to amend'],
      capReached: [409, 'amendment cap reached (5 takes per member per session)'],
      amendmentClosed: [
        409,
        'amendment window closed (session already aggregated); the take on file stands',
      ],
      revisionRace: [409, 'a concurrent submission from this member won the same revision; retry'],
    };
    for (const [name, [status, message]] of Object.entries(spec)) {
      const entry = ERRORS[name as ErrorName];
      expect([entry.status, entry.message], name).toEqual([status, message]);
    }
  });
});
