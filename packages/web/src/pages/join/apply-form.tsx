import { formText } from '../../lib/form.js';
import { useState } from 'preact/hooks';
import {
  canonicalApplication,
  generateKeyPair,
  signApplication,
  type KeyPair,
} from '@convene/protocol';
import { errorText, postJson } from '../../api/client.js';
import { exportKeystore, keyFileUrl, seal, storeSealed } from '../../lib/key-vault.js';

type Outcome =
  | { kind: 'ok'; memberId: string; handle: string; keyFileUrl: string }
  | {
      kind: 'error';
      status: number;
      message: string;
      expectedPayload: string | null;
      signedPayload: string;
    };

/** Generates the key in this page (it never leaves the browser) and applies with it. */
export function ApplyForm() {
  const [keys, setKeys] = useState<KeyPair | null>(null);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const generate = async () => {
    const pair = await generateKeyPair();
    setKeys(pair);
    setOutcome(null);
  };

  const apply = async (event: Event) => {
    event.preventDefault();
    if (keys === null) return;
    const form = new FormData(event.currentTarget as HTMLFormElement);
    const lens = formText(form, 'lens');
    const passphrase = formText(form, 'passphrase');
    const application = {
      name: formText(form, 'name'),
      contact: formText(form, 'contact'),
      ...(lens !== '' ? { lens } : {}),
      publicKey: keys.publicKey,
    };
    setBusy(true);
    try {
      const signature = await signApplication(application, keys.secretKey);
      const response = await postJson('/api/swarm/apply', { ...application, signature });
      const body = (response.body ?? {}) as {
        memberId?: string;
        handle?: string;
        expectedPayload?: string;
      };
      if (response.ok && body.memberId !== undefined) {
        // Keep the key in this browser, sealed with the passphrase, for claiming the token later;
        // the export is the CLI's keystore, sealed with the same passphrase.
        const sealed = await seal(body.memberId, keys, passphrase);
        storeSealed(body.memberId, sealed);
        const keystore = await exportKeystore(body.memberId, keys, passphrase, new Date());
        setOutcome({
          kind: 'ok',
          memberId: body.memberId,
          handle: body.handle ?? '',
          keyFileUrl: keyFileUrl(keystore),
        });
      } else {
        setOutcome({
          kind: 'error',
          status: response.status,
          message: errorText(response.body, response.status),
          expectedPayload: body.expectedPayload ?? null,
          signedPayload: canonicalApplication(application),
        });
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <section class="card" data-testid="apply">
      <h2>Apply from this page</h2>
      <p class="small muted">
        The private key is generated here and never sent anywhere. When you apply it is stored in
        this browser (localStorage, <code>convene:member-key:&lt;member id&gt;</code>) encrypted
        with your passphrase (PBKDF2-SHA-256 → AES-GCM); you need the passphrase to claim your token
        below. After applying you can download it, encrypted with the same passphrase, as the{' '}
        <code>convene</code> CLI's keystore file: the key is never offered unencrypted.
      </p>
      <p>
        <button type="button" onClick={() => void generate()} data-testid="generate-key">
          {keys === null ? 'Generate an Ed25519 key' : 'Generate a new key'}
        </button>
      </p>
      {keys !== null ? (
        <div class="subcard">
          <p class="small">
            Public key: <code data-testid="public-key">{keys.publicKey}</code>
          </p>
        </div>
      ) : null}
      <form class="form" onSubmit={(e) => void apply(e)}>
        <label>
          Name
          <input name="name" required maxLength={200} />
        </label>
        <label>
          Contact (email; private, never published)
          <input name="contact" type="email" required maxLength={320} />
        </label>
        <label>
          Lens (optional: what you look at)
          <input name="lens" maxLength={500} />
        </label>
        <label>
          Passphrase (encrypts the key stored in this browser; at least 8 characters)
          <input
            name="passphrase"
            type="password"
            required
            minLength={8}
            autoComplete="new-password"
          />
        </label>
        <button type="submit" disabled={keys === null || busy} data-testid="apply-submit">
          {busy ? 'Signing and applying…' : 'Sign and apply'}
        </button>
        {keys === null ? (
          <p class="small muted">Generate a key first: the application is signed with it.</p>
        ) : null}
      </form>
      {outcome?.kind === 'ok' ? (
        <p class="notice" data-testid="apply-result">
          Applied. Your member id is <code>{outcome.memberId}</code> (handle @{outcome.handle}).{' '}
          <a href={`/join/status/${outcome.memberId}`}>Check the status</a>. The key is stored in
          this browser, encrypted.{' '}
          <a href={outcome.keyFileUrl} download="keystore.json" data-testid="download-keystore">
            Download it, encrypted (keystore.json)
          </a>
          : the <code>convene</code> CLI reads it as <code>~/.convene/keystore.json</code> (or in{' '}
          <code>CONVENE_HOME</code>) with <code>CONVENE_PASSPHRASE</code> set to this passphrase
          (scrypt + AES-256-GCM, the format <code>convene keygen</code> writes), and the status page
          of another browser imports it.
        </p>
      ) : null}
      {outcome?.kind === 'error' ? (
        <div class="error-box" data-testid="apply-result">
          <strong>Application refused (HTTP {outcome.status})</strong>
          <p>{outcome.message}</p>
          {outcome.expectedPayload !== null ? (
            <>
              <p class="small">The server expected the signature over exactly:</p>
              <pre class="block">{outcome.expectedPayload}</pre>
              <p class="small">This page signed:</p>
              <pre class="block">{outcome.signedPayload}</pre>
            </>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
