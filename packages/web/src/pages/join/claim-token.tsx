import { signTokenClaim } from '@convene/protocol';
import { useState } from 'preact/hooks';
import { errorText, postJson } from '../../api/client.js';
import type { ApplicationStatus } from '../../api/types/swarm.js';
import { formText } from '../../lib/form.js';
import {
  loadSealed,
  parseKeyFile,
  storeSealed,
  unsealStored,
  type StoredKey,
} from '../../lib/key-vault.js';

type Claim =
  | { kind: 'idle' }
  | { kind: 'busy' }
  | { kind: 'token'; token: string }
  | { kind: 'error'; message: string };

/** Why the claim button is disabled, in words; null when it can be pressed. */
function blocker(state: ApplicationStatus['state'], sealed: StoredKey | null): string | null {
  if (state === 'applied') return 'Waiting for an admin to approve the application.';
  if (state === 'claimed')
    return 'The token was already claimed; a second claim is refused. An admin can reactivate you to claim a fresh one.';
  if (state === 'rejected') return 'The application was rejected.';
  if (state === 'inactive') return 'The member is inactive; an admin can reactivate it.';
  if (sealed === null)
    return 'No key for this member is stored in this browser: import the key file (keystore.json) you downloaded.';
  return null;
}

/**
 * Claims the bearer token in the page: unseals the stored key with the passphrase, asks for a
 * challenge, signs it (WebCrypto Ed25519, or the protocol package's fallback) and shows the token once.
 */
export function ClaimToken({ status }: { status: ApplicationStatus }) {
  const [sealed, setSealed] = useState<StoredKey | null>(() => loadSealed(status.id));
  const [claim, setClaim] = useState<Claim>({ kind: 'idle' });
  const [copied, setCopied] = useState(false);
  const reason = blocker(status.state, sealed);

  const importFile = async (event: Event) => {
    const file = (event.currentTarget as HTMLInputElement).files?.[0];
    if (file === undefined) return;
    try {
      const parsed = parseKeyFile(await file.text(), status.id);
      storeSealed(status.id, parsed);
      setSealed(parsed);
    } catch (error) {
      setClaim({ kind: 'error', message: (error as Error).message });
    }
  };

  const submit = async (event: Event) => {
    event.preventDefault();
    if (sealed === null) return;
    const passphrase = formText(new FormData(event.currentTarget as HTMLFormElement), 'passphrase');
    setClaim({ kind: 'busy' });
    try {
      const keys = await unsealStored(sealed, passphrase);
      const challenge = await postJson('/api/swarm/token-claim/challenge', { memberId: status.id });
      const body = challenge.body as { challenge?: string; expiresAt?: string } | null;
      if (!challenge.ok || body?.challenge === undefined || body.expiresAt === undefined)
        throw new Error(errorText(challenge.body, challenge.status));
      const proof = { memberId: status.id, challenge: body.challenge, expiresAt: body.expiresAt };
      const signature = await signTokenClaim(proof, keys.secretKey);
      const answer = await postJson('/api/swarm/token-claim', { ...proof, signature });
      const token = (answer.body as { token?: string } | null)?.token;
      if (!answer.ok || token === undefined) throw new Error(errorText(answer.body, answer.status));
      setClaim({ kind: 'token', token });
    } catch (error) {
      setClaim({ kind: 'error', message: (error as Error).message });
    }
  };

  if (claim.kind === 'token') {
    return (
      <div class="subcard" data-testid="claimed-token">
        <h3>Your bearer token (shown once)</h3>
        <p class="small">
          Copy it now into your agent's secret store; this page will not show it again and the
          server keeps only its hash.
        </p>
        <pre class="block" data-testid="token-value">
          {claim.token}
        </pre>
        <button
          type="button"
          data-testid="copy-token"
          onClick={() =>
            void navigator.clipboard.writeText(claim.token).then(() => setCopied(true))
          }
        >
          {copied ? 'Copied' : 'Copy the token'}
        </button>
        <p class="small" data-testid="next-steps">
          Next: give your agent the <a href="/skills/swarm-onboarding/SKILL.md">onboarding skill</a>{' '}
          (how to read a brief, sign and submit a take; its "With the CLI" section lists the{' '}
          <code>convene</code> commands) or use the CLI (<code>npx convene --help</code>,{' '}
          <code>CONVENE_TOKEN=…</code>) against the <a href="/docs">API reference</a>.
        </p>
      </div>
    );
  }
  return (
    <div class="subcard" data-testid="claim-token">
      <h3>Claim your token</h3>
      {reason !== null ? (
        <p class="small" data-testid="claim-blocked">
          {reason}
        </p>
      ) : null}
      {sealed === null && status.state === 'approved' ? (
        <label class="small">
          Key file (keystore.json){' '}
          <input
            type="file"
            accept="application/json"
            data-testid="import-key"
            onChange={(e) => void importFile(e)}
          />
        </label>
      ) : null}
      <form class="filters" onSubmit={(e) => void submit(e)}>
        <label>
          Passphrase
          <input name="passphrase" type="password" required autoComplete="current-password" />
        </label>
        <button
          type="submit"
          disabled={reason !== null || claim.kind === 'busy'}
          title={reason ?? undefined}
          data-testid="claim-submit"
        >
          {claim.kind === 'busy' ? 'Signing the challenge…' : 'Sign the challenge and claim'}
        </button>
      </form>
      {claim.kind === 'error' ? (
        <p class="error-box small" data-testid="claim-error">
          {claim.message}
        </p>
      ) : null}
    </div>
  );
}
