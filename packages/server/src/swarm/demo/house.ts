import { createHash } from 'node:crypto';
import { publicKeyFromSeed, signApplication, signTokenClaim } from '@convene/protocol';
import type { ActivationService } from '../members/activation.js';
import type { ApplicationService } from '../members/applications.js';
import type { MemberRepository } from '../members/repository.js';
import type { TokenClaimService } from '../members/token-claim.js';

/** Fixed root of every house key: demo keys are reproducible and never used for anything real. */
const HOUSE_SEED_ROOT = 'convene-demo-house-v1';

/** A house member's Ed25519 seed, derived from its name; kept server-side, never served. */
export function houseSeed(name: string): string {
  return createHash('sha256').update(`${HOUSE_SEED_ROOT}:${name}`).digest('base64');
}

export interface HouseMember {
  name: string;
  memberId: string;
  seed: string;
  token: string;
}

/**
 * Onboards one house member through the real path: a signed application, admin activation (with its
 * approval email queued like anyone's), a challenge and a signed token claim.
 */
export async function onboardHouseMember(
  deps: {
    members: MemberRepository;
    applications: ApplicationService;
    activation: ActivationService;
    tokenClaims: TokenClaimService;
  },
  persona: { name: string; lens: string; tagline: string; mandate: string },
  role: 'member' | 'judge',
): Promise<HouseMember> {
  const seed = houseSeed(persona.name);
  const publicKey = await publicKeyFromSeed(seed);
  const slug = persona.name.toLowerCase();
  const application = {
    name: persona.name,
    contact: `${slug}@house.convene.invalid`,
    lens: persona.lens,
    publicKey,
  };
  const { members, applications, activation } = deps;
  const existing = await members.findByIdOrHandle(slug);
  let memberId: string;
  if (existing === undefined) {
    ({ memberId } = await applications.apply({
      application,
      signature: await signApplication(application, seed),
    }));
    if (role === 'judge') await activation.setRole(memberId, 'judge');
    await activation.activate(memberId);
  } else {
    // A seed interrupted by a shutdown: the member exists, its token was shown once and is gone,
    // so revoke it and claim a fresh one with the same key, as any member would.
    memberId = existing.id;
    await activation.revokeToken(memberId);
  }
  await members.setProfile(memberId, {
    house: true,
    tagline: persona.tagline,
    mandate: persona.mandate,
    operator: 'convene',
    mode: 'pull',
  });
  const challenge = await deps.tokenClaims.challenge(memberId);
  const claim = { memberId, challenge: challenge.challenge, expiresAt: challenge.expiresAt };
  const { token } = await deps.tokenClaims.claim({
    ...claim,
    signature: await signTokenClaim(claim, seed),
  });
  return { name: persona.name, memberId, seed, token };
}
