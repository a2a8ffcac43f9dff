import {
  canonicalTake,
  signApplication,
  signTake,
  signTokenClaim,
  type Application,
  type TakeDraftInput,
} from '@convene/protocol';
import { unwrap, type ConveneApi } from './client.js';

/**
 * Member flows over the typed client. Keys stay with the caller: functions take the seed and sign
 * locally; only public keys and signatures travel.
 */
export async function applyAsMember(api: ConveneApi, application: Application, seed: string) {
  const signature = await signApplication(application, seed);
  const { name, contact, publicKey, lens } = application;
  const body = {
    name,
    contact,
    publicKey,
    signature,
    ...(typeof lens === 'string' ? { lens } : {}),
  };
  return unwrap(await api.POST('/api/swarm/apply', { body }));
}

export async function claimMemberToken(api: ConveneApi, memberId: string, seed: string) {
  const challenge = unwrap(
    await api.POST('/api/swarm/token-claim/challenge', { body: { memberId } }),
  );
  const claim = { memberId, challenge: challenge.challenge, expiresAt: challenge.expiresAt };
  const signature = await signTokenClaim(claim, seed);
  return unwrap(await api.POST('/api/swarm/token-claim', { body: { ...claim, signature } }));
}

/**
 * Signs a take locally, checks that the server's canonical string is the one signed (so a
 * disagreement is caught before submitting), and submits it.
 */
export async function submitTake(api: ConveneApi, draft: TakeDraftInput, seed: string) {
  const canonical = canonicalTake(draft);
  const server = unwrap(await api.POST('/api/swarm/signing-payload', { body: draft as never }));
  if (server.canonical !== canonical) {
    throw new Error(
      'the server canonicalises this take differently from the protocol package; not signing',
    );
  }
  const signature = await signTake(draft, seed);
  return unwrap(await api.POST('/api/swarm/submit', { body: { ...draft, signature } as never }));
}
