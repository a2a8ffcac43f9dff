import { useEffect, useState } from 'preact/hooks';
import { getJson } from '../api/client.js';
import type { SiteLinks } from '../api/types/treasury.js';

const NONE: SiteLinks = { explorerUrl: null, analyticsSource: null };
let answer: Promise<SiteLinks> | undefined;

/** One request per page load, shared by every link on the page; no links when it fails. */
function siteLinks(): Promise<SiteLinks> {
  answer ??= getJson<SiteLinks>('/api/site-links').catch(() => NONE);
  return answer;
}

/** The links, once read (undefined until then). */
export function useSiteLinks(): SiteLinks | undefined {
  const [links, setLinks] = useState<SiteLinks | undefined>(undefined);
  useEffect(() => {
    let live = true;
    void siteLinks().then((value) => live && setLinks(value));
    return () => {
      live = false;
    };
  }, []);
  return links;
}

/** The explorer's page of an address or a transaction, when an explorer is configured. */
export function explorerHref(
  links: SiteLinks | undefined,
  kind: 'address' | 'tx',
  value: string,
): string | undefined {
  const base = links?.explorerUrl;
  return base === undefined || base === null
    ? undefined
    : `${base}/${kind}/${encodeURIComponent(value)}`;
}
