import {
  isUsablePublicKey,
  MEMBER_ROLES,
  type Application,
  type MemberRole,
  type TokenClaim,
} from '@convene/protocol';
import { fail } from '../../errors.js';
import { bodyFields } from '../shared/body-fields.js';

/*
 * The member routes' bodies (onboarding and admin), one parser each: the route documents the shape
 * for OpenAPI only (`documentOnly`) and calls its parser, which answers the catalogue's errors, so
 * the messages are the service's own and nothing is coerced.
 */

const APPLY_LIMITS = { name: 200, contact: 320, lens: 500, signature: 200 } as const;

/** `POST /api/swarm/apply`: the application and its signature; anything malformed is `invalid application`. */
export function parseApplyBody(body: unknown): { application: Application; signature: string } {
  const { name, contact, lens, publicKey, signature } = bodyFields(body);
  const text = (value: unknown, max: number): value is string =>
    typeof value === 'string' && value.trim() !== '' && value.length <= max;
  const lensOk =
    lens === undefined ||
    lens === null ||
    (typeof lens === 'string' && lens.length <= APPLY_LIMITS.lens);
  if (
    !text(name, APPLY_LIMITS.name) ||
    !text(contact, APPLY_LIMITS.contact) ||
    !lensOk ||
    !isUsablePublicKey(publicKey) ||
    !text(signature, APPLY_LIMITS.signature)
  ) {
    throw fail('invalidApplication');
  }
  const application: Application = { name, contact, publicKey };
  if (typeof lens === 'string') application.lens = lens;
  return { application, signature };
}

/** `POST /api/swarm/token-claim/challenge`: the member id asked about (any id gets an answer). */
export function parseChallengeBody(body: unknown): string {
  return memberIdField(bodyFields(body).memberId);
}

/** `POST /api/swarm/token-claim`: the signed proof of a live challenge; malformed is `invalid token claim`. */
export function parseTokenClaimBody(body: unknown): TokenClaim & { signature: string } {
  const { memberId, challenge, expiresAt, signature } = bodyFields(body);
  const text = (value: unknown): value is string =>
    typeof value === 'string' && value !== '' && value.length <= 500;
  if (!text(memberId) || !text(challenge) || !text(expiresAt) || !text(signature)) {
    throw fail('invalidTokenClaimBody');
  }
  return { memberId, challenge, expiresAt, signature };
}

/** `POST /api/swarm/admin/activate`: the applicant's member id. */
export function parseActivateBody(body: unknown): string {
  return memberIdField(bodyFields(body).memberId);
}

/** `POST /api/swarm/admin/members/:id/rotate-key`: the new key, base64 of 32 raw bytes. */
export function parseRotateKeyBody(body: unknown): string {
  const { publicKey } = bodyFields(body);
  if (!isUsablePublicKey(publicKey)) throw fail('invalidPublicKey');
  return publicKey;
}

/** `POST /api/swarm/admin/members/:id/role`: member (files takes) or judge (files judgements). */
export function parseRoleBody(body: unknown): MemberRole {
  const role = MEMBER_ROLES.find((known) => known === bodyFields(body).role);
  if (role === undefined) throw fail('invalidRole');
  return role;
}

/** A member id as a body names it: a non-empty string of at most 100 characters. */
function memberIdField(value: unknown): string {
  if (typeof value !== 'string' || value === '' || value.length > 100)
    throw fail('memberIdRequired');
  return value;
}
