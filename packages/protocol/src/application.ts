import { sign, verify } from './signing.js';

/** POST /api/swarm/apply body minus `signature`; `lens` is optional. */
export interface Application {
  name: string;
  contact: string;
  lens?: string | null | undefined;
  publicKey: string;
}

/**
 * `JSON.stringify` of {name, contact, lens, publicKey} in that order, `lens` left out entirely
 * when absent (undefined or null). This is the `expectedPayload` a failing apply returns.
 *
 * @example
 * canonicalApplication({ name: 'Athena', contact: 'a@example.org', publicKey: 'K…=' })
 * // '{"name":"Athena","contact":"a@example.org","publicKey":"K…="}'
 */
export function canonicalApplication(application: Application): string {
  const ordered: Record<string, unknown> = {
    name: application.name,
    contact: application.contact,
  };
  if (application.lens !== undefined && application.lens !== null) ordered.lens = application.lens;
  ordered.publicKey = application.publicKey;
  return JSON.stringify(ordered);
}

/** Signed with the secret seed of the key named in `application.publicKey`. */
export function signApplication(application: Application, seedB64: string): Promise<string> {
  return sign(seedB64, canonicalApplication(application));
}

/** Verifies against the application's own `publicKey`. Never throws. */
export function verifyApplication(
  application: Application,
  signatureB64: string,
): Promise<boolean> {
  let canonical: string;
  try {
    canonical = canonicalApplication(application);
  } catch {
    return Promise.resolve(false);
  }
  return verify(application.publicKey, canonical, signatureB64);
}
