import { useState } from 'preact/hooks';
import { shortHash } from '../lib/format.js';
import { explorerHref, useSiteLinks } from '../lib/site-links.js';

/**
 * A long hash, address or id: shortened so it never widens a phone's page, the whole value on
 * hover, and a button that copies the whole value (its outcome announced to screen readers).
 */
export function Hash(props: {
  value: string | null | undefined;
  keep?: number;
  what?: string;
  /** The treasury's own chain: link the value's page on the configured block explorer. */
  explorer?: 'address' | 'tx';
}) {
  const [outcome, setOutcome] = useState<'copied' | 'failed' | null>(null);
  const links = useSiteLinks();
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
      <ExplorerLink
        href={props.explorer === undefined ? undefined : explorerHref(links, props.explorer, value)}
        what={props.what}
      />
      <span class="visually-hidden" aria-live="polite">
        {outcome === 'failed' ? 'could not copy: select the text instead' : ''}
      </span>
    </span>
  );
}

function ExplorerLink(props: { href: string | undefined; what: string | undefined }) {
  if (props.href === undefined) return null;
  return (
    <a
      class="explorer small"
      href={props.href}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={`The ${props.what ?? 'value'} on the block explorer (opens a new tab)`}
      data-testid="explorer-link"
    >
      explorer ↗
    </a>
  );
}
