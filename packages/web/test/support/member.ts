import { generateKeyPair } from '@convene/protocol';
import { applyAsMember, claimMemberToken, createConveneClient } from '@convene/client';
import { adminToken } from './admin.js';

export interface ActiveMember {
  memberId: string;
  secretKey: string;
  publicKey: string;
  token: string;
}

/** Applies with a fresh key, has the admin activate the member, and claims its bearer token. */
export async function activeMember(baseUrl: string, dataDir: string): Promise<ActiveMember> {
  const keys = await generateKeyPair();
  const api = createConveneClient({ baseUrl });
  const applied = await applyAsMember(
    api,
    { name: `Memo Writer ${Date.now()}`, contact: 'memo@example.org', publicKey: keys.publicKey },
    keys.secretKey,
  );
  await activate(baseUrl, dataDir, applied.memberId);
  const claimed = await claimMemberToken(api, applied.memberId, keys.secretKey);
  return { memberId: applied.memberId, ...keys, token: claimed.token };
}

/** The admin approves an application (POST /api/swarm/admin/activate). */
export async function activate(baseUrl: string, dataDir: string, memberId: string): Promise<void> {
  const response = await fetch(`${baseUrl}/api/swarm/admin/activate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-admin-token': await adminToken(dataDir) },
    body: JSON.stringify({ memberId }),
  });
  if (!response.ok) throw new Error(`activate: HTTP ${response.status} ${await response.text()}`);
}

/** Posts a memo as `member` and returns its id. */
export async function postMemo(baseUrl: string, member: ActiveMember): Promise<string> {
  const response = await fetch(`${baseUrl}/api/swarm/memos`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${member.token}` },
    body: JSON.stringify({
      title: 'Why the stable sleeve stays at 40 %',
      body: 'Funding rates are rich and the regime reads risk-off; keep the ballast.',
    }),
  });
  const body = (await response.json()) as { id?: string };
  if (response.status !== 201 || body.id === undefined)
    throw new Error(`memo: HTTP ${response.status} ${JSON.stringify(body)}`);
  return body.id;
}
