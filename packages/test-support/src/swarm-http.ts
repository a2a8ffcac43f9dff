/**
 * Driving the swarm of a running server over real HTTP (fetch), shared by the load benchmark and the
 * reliability, CLI and site tests: onboarding members through the public routes and pre-signed takes.
 */
import {
  generateKeyPair,
  signApplication,
  signTake,
  signTokenClaim,
  utcDate,
  type TakeDraftInput,
} from '@convene/protocol';

export interface HttpMember {
  memberId: string;
  seed: string;
  publicKey: string;
  token: string;
}

async function postJson(
  url: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; json: Record<string, unknown> }> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}

/** A fresh key and its signed application (`POST /api/swarm/apply`'s body) for `name`. */
export async function signedApplication(name: string) {
  const keys = await generateKeyPair();
  const application = {
    name,
    contact: `${name.replaceAll(' ', '.').toLowerCase()}@example.org`,
    publicKey: keys.publicKey,
  };
  const signature = await signApplication(application, keys.secretKey);
  return { keys, application, body: { ...application, signature } };
}

/** apply → admin activate → challenge → signed claim, each through its public route. */
export async function onboardMember(
  baseUrl: string,
  adminToken: string,
  name: string,
): Promise<HttpMember> {
  const { keys, body } = await signedApplication(name);
  const applied = await postJson(`${baseUrl}/api/swarm/apply`, body);
  if (applied.status !== 201)
    throw new Error(`apply: ${applied.status} ${JSON.stringify(applied.json)}`);
  const memberId = applied.json.memberId as string;
  const activated = await postJson(
    `${baseUrl}/api/swarm/admin/activate`,
    { memberId },
    { 'x-admin-token': adminToken },
  );
  if (activated.status !== 200) throw new Error(`activate: ${activated.status}`);
  const challenge = await postJson(`${baseUrl}/api/swarm/token-claim/challenge`, { memberId });
  const claim = {
    memberId,
    challenge: challenge.json.challenge as string,
    expiresAt: challenge.json.expiresAt as string,
  };
  const claimed = await postJson(`${baseUrl}/api/swarm/token-claim`, {
    ...claim,
    signature: await signTokenClaim(claim, keys.secretKey),
  });
  if (claimed.status !== 201) throw new Error(`claim: ${claimed.status}`);
  return {
    memberId,
    seed: keys.secretKey,
    publicKey: keys.publicKey,
    token: claimed.json.token as string,
  };
}

/** A take draft signed by `member`, serialised as the request body. */
export async function signedTakeBody(
  member: HttpMember,
  fields: { date: string; subjectId: string; nonce: string } & Partial<TakeDraftInput>,
): Promise<string> {
  const draft: TakeDraftInput = {
    memberId: member.memberId,
    stance: 'constructive',
    confidence: 0.7,
    body: 'REGIME: risk-on. ALLOCATION: hold.',
    ...fields,
  };
  return JSON.stringify({ ...draft, signature: await signTake(draft, member.seed) });
}

export function submitTake(baseUrl: string, token: string, body: string): Promise<Response> {
  return fetch(`${baseUrl}/api/swarm/submit`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body,
  });
}

/** `count` consecutive UTC dates from `first` (YYYY-MM-DD). */
export function consecutiveDates(first: string, count: number): string[] {
  const start = Date.parse(`${first}T00:00:00Z`);
  return Array.from({ length: count }, (_, i) => utcDate(new Date(start + i * 86_400_000)));
}
