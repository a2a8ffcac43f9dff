import { randomBytes } from 'node:crypto';
import { sha256Hex, verifyTokenClaim, type TokenClaim } from '@convene/protocol';
import type { Clock } from '../../clock.js';
import { SQLSTATE, sqlState } from '../../db/guards.js';
import type { Transactor } from '../../db/transactor.js';
import type { MemberRepository } from './repository.js';
import { isUuid } from '../shared/ids.js';
import { fail } from '../../errors.js';

export const CHALLENGE_TTL_MS = 10 * 60 * 1000;

/** Challenges, token claims and bearer-token resolution. */
export class TokenClaimService {
  private readonly decoys = new DecoyChallenges(10_000);

  private readonly transactor: Transactor;
  private readonly members: MemberRepository;
  private readonly clock: Clock;

  constructor(uses: { transactor: Transactor; members: MemberRepository; clock: Clock }) {
    this.transactor = uses.transactor;
    this.members = uses.members;
    this.clock = uses.clock;
  }

  /**
   * Answers the requester's live challenge, minting one only when none is live, so a stranger who
   * asks for someone else's challenge gets the same one the member will sign and cannot invalidate it.
   * Only an approved, active member with a key gets it persisted (one live at a time); any other id
   * gets a decoy that behaves the same way (kept in memory, same lifetime), so the answer never
   * reveals membership.
   */
  async challenge(memberId: string): Promise<{ challenge: string; expiresAt: string }> {
    const now = this.clock.now();
    const fresh = {
      challenge: randomBytes(32).toString('base64url'),
      expiresAt: new Date(now.getTime() + CHALLENGE_TTL_MS),
    };
    const live =
      isUuid(memberId) && (await this.eligible(memberId))
        ? await this.members.liveChallenge(memberId, fresh, now)
        : this.decoys.liveChallenge(memberId.toLowerCase(), fresh, now);
    return { challenge: live.challenge, expiresAt: live.expiresAt.toISOString() };
  }

  private async eligible(memberId: string): Promise<boolean> {
    return this.members.mayClaimToken(memberId);
  }

  /** The first valid proof of a live challenge mints the token, shown once; later valid ones get 409. */
  async claim({
    signature,
    ...claim
  }: TokenClaim & { signature: string }): Promise<{ memberId: string; token: string }> {
    const now = this.clock.now();
    const stored = isUuid(claim.memberId)
      ? await this.members.challengeOf(claim.memberId)
      : undefined;
    const key =
      stored === undefined ? undefined : await this.members.keyOf(claim.memberId, 'active');
    const live =
      stored !== undefined &&
      key !== undefined &&
      stored.challenge === claim.challenge &&
      stored.expires_at.toISOString() === claim.expiresAt &&
      now.getTime() < stored.expires_at.getTime();
    if (!live || !(await verifyTokenClaim(claim, signature, key.public_key))) {
      throw fail('invalidClaim');
    }

    const token = `tok_${claim.memberId}_${crypto.randomUUID()}`;
    try {
      await this.transactor.transaction(async (trx) => {
        if (!(await this.members.consumeChallenge(claim.memberId, claim.challenge, trx)))
          throw fail('invalidClaim');
        if (await this.members.liveTokenExists(claim.memberId, trx))
          throw fail('tokenAlreadyClaimed');
        await this.members.recordClaimedToken(claim.memberId, sha256Hex(token), now, trx);
      });
    } catch (error) {
      if (sqlState(error) === SQLSTATE.uniqueViolation) throw fail('tokenAlreadyClaimed');
      throw error;
    }
    return { memberId: claim.memberId, token };
  }

  /** The member behind `Authorization: Bearer …`, or the spec's 401. */
  async authenticate(authorization: string | undefined): Promise<string> {
    const member = await this.members.memberForTokenHash(bearerTokenHash(authorization));
    if (member === undefined) throw fail('unknownToken');
    return member.memberId;
  }
}

/** The stored form (sha256 hex) of the token in `Authorization: Bearer …`, or the spec's 401. */
export function bearerTokenHash(authorization: string | undefined): string {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
  if (match?.[1] === undefined) throw fail('missingBearer');
  return sha256Hex(match[1]);
}

interface Challenge {
  challenge: string;
  expiresAt: Date;
}

/**
 * Challenges answered for ids that get none persisted: live until they expire like a real one, so
 * repeated requests for a non-member look exactly like repeated requests for a member. Bounded:
 * the oldest entry goes first.
 */
class DecoyChallenges {
  private readonly entries = new Map<string, Challenge>();

  constructor(private readonly capacity: number) {}

  liveChallenge(id: string, fresh: Challenge, now: Date): Challenge {
    const held = this.entries.get(id);
    if (held !== undefined && now.getTime() < held.expiresAt.getTime()) return held;
    this.entries.delete(id);
    if (this.entries.size >= this.capacity) {
      const oldest = this.entries.keys().next();
      if (oldest.done !== true) this.entries.delete(oldest.value);
    }
    this.entries.set(id, fresh);
    return fresh;
  }
}
