import { useState } from 'preact/hooks';
import { shortHash } from '../lib/format.js';

/**
 * A long hash, address or id: shortened so it never widens a phone's page, the whole value on
 * hover, and a button that copies the whole value (its outcome announced to screen readers).
 */
export function Hash(props: { value: string | null | undefined; keep?: number; what?: string }) {
  const [outcome, setOutcome] = useState<'copied' | 'failed' | null>(null);
  const { value } = props;
  if (value === null || value === undefined || value === '') return <span class="muted">—</span>;
  const copy = () =>
    navigator.clipboard.writeText(value).then(
      () => setOutcome('copied'),
      () => setOutcome('failed'),
    );
  return (
    <span class="hash" data-testid="hash">
      <span class="mono" title={value}>
        {shortHash(value, props.keep)}
      </span>
      <button
        type="button"
        class="copy"
        aria-label={`Copy the full ${props.what ?? 'value'}`}
        title={`Copy ${value}`}
        onClick={() => void copy()}
      >
        {outcome === 'copied' ? 'copied' : 'copy'}
      </button>
      <span class="visually-hidden" aria-live="polite">
        {outcome === 'failed' ? 'could not copy: select the text instead' : ''}
      </span>
    </span>
  );
}
