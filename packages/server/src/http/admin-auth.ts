import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { fail } from '../errors.js';

/** Constant-time comparison of two secrets of any length (hashing first equalises the lengths). */
export function secretsEqual(presented: string, expected: string): boolean {
  const a = createHash('sha256').update(presented).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}

/**
 * The onRequest hook of admin routes: `X-Admin-Token` must equal the configured token. It runs
 * before the body is read, parsed or validated, so a stranger gets the 401 whatever it sends.
 * Missing → 401 "missing admin token"; wrong → 401 "invalid admin token" (swarm error shape).
 */
export function adminGuard(
  adminToken: string | undefined,
): (request: FastifyRequest) => Promise<void> {
  return async (request) => {
    const presented = request.headers['x-admin-token'];
    if (typeof presented !== 'string' || presented === '') throw fail('missingAdminToken');
    if (adminToken === undefined || !secretsEqual(presented, adminToken)) {
      throw fail('invalidAdminToken');
    }
  };
}

/** OpenAPI security requirement for admin routes. */
export const ADMIN_SECURITY = [{ adminToken: [] }];
