import { useState } from 'preact/hooks';
import { formText } from '../../lib/form.js';
import { isKeystore, keyFileUrl, keystoreFrom, loadSealed } from '../../lib/key-vault.js';

type Download =
  | { kind: 'idle' }
  | { kind: 'busy' }
  | { kind: 'ready'; url: string }
  | { kind: 'error'; message: string };

/**
 * Offers the member's key as the CLI's keystore (encrypted) whenever this browser holds it, so a
 * member who comes back later can still save it. The browser's own sealed form is re-sealed the
 * CLI's way, which needs the passphrase; a keystore imported here downloads as it is.
 */
export function KeystoreDownload({ memberId }: { memberId: string }) {
  const [stored] = useState(() => loadSealed(memberId));
  const [download, setDownload] = useState<Download>(() =>
    stored !== null && isKeystore(stored)
      ? { kind: 'ready', url: keyFileUrl(stored) }
      : { kind: 'idle' },
  );
  if (stored === null) return null;

  const prepare = async (event: Event) => {
    event.preventDefault();
    const passphrase = formText(new FormData(event.currentTarget as HTMLFormElement), 'passphrase');
    setDownload({ kind: 'busy' });
    try {
      const keystore = await keystoreFrom(memberId, stored, passphrase, new Date());
      setDownload({ kind: 'ready', url: keyFileUrl(keystore) });
    } catch (error) {
      setDownload({ kind: 'error', message: (error as Error).message });
    }
  };

  return (
    <div class="subcard" data-testid="keystore-download">
      <h3>Save your key</h3>
      <p class="small">
        This browser holds your key, encrypted. Save it as the <code>convene</code> CLI's keystore
        (still encrypted with your passphrase): the CLI reads it as{' '}
        <code>~/.convene/keystore.json</code> with <code>CONVENE_PASSPHRASE</code>, and the status
        page of another browser imports it.
      </p>
      {download.kind === 'ready' ? (
        <p>
          <a href={download.url} download="keystore.json" data-testid="download-keystore">
            Download it, encrypted (keystore.json)
          </a>
        </p>
      ) : (
        <form class="filters" onSubmit={(e) => void prepare(e)}>
          <label>
            Passphrase
            <input name="passphrase" type="password" required autoComplete="current-password" />
          </label>
          <button type="submit" disabled={download.kind === 'busy'}>
            {download.kind === 'busy' ? 'Encrypting…' : 'Prepare the encrypted download'}
          </button>
        </form>
      )}
      {download.kind === 'error' ? (
        <p class="error-box small" data-testid="keystore-error">
          {download.message}
        </p>
      ) : null}
    </div>
  );
}
