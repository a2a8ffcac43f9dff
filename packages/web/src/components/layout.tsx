import type { ComponentChildren, RefObject } from 'preact';
import { useLocation } from 'preact-iso/router';
import { useEffect, useRef } from 'preact/hooks';
import type { Health } from '../api/types/treasury.js';
import { useDocumentTitle } from '../lib/document-title.js';
import { useResource } from '../lib/use-resource.js';
import { overflowAttribute, useOverflowEdges } from '../lib/use-overflow-edges.js';

const NAV = [
  { href: '/', label: 'Treasury', match: (p: string) => p === '/' || p.startsWith('/treasury') },
  {
    href: '/regime',
    label: 'Regime',
    match: (p: string) => p.startsWith('/regime') || p.startsWith('/research'),
  },
  { href: '/swarm', label: 'Swarm', match: (p: string) => p.startsWith('/swarm') },
  { href: '/log', label: 'Log', match: (p: string) => p === '/log' },
  { href: '/analytics', label: 'Analytics', match: (p: string) => p.startsWith('/analytics') },
  { href: '/methodology', label: 'Methods', match: (p: string) => p === '/methodology' },
  { href: '/join', label: 'Join', match: (p: string) => p.startsWith('/join') },
];

type HealthResource = ReturnType<typeof useResource<Health>>;

/**
 * On a phone a navigation row scrolls sideways: the current page's link is brought into the row, so
 * the reader sees where they are (Join, the last item, would otherwise open off screen).
 */
function useCurrentLinkInView(nav: RefObject<HTMLElement | null>, path: string) {
  useEffect(() => {
    const row = nav.current;
    const current = row === null ? null : row.querySelector('a.active');
    if (row === null || current === null) return;
    const past = current.getBoundingClientRect().right - row.getBoundingClientRect().right;
    if (past > 0) row.scrollLeft += past + 24;
  }, [nav, path]);
}

/**
 * Shown on every page unless /health says this is the production deployment. It fails closed: when
 * /health cannot be read, it says the environment is unknown rather than letting demo numbers pass
 * for live ones.
 */
export function EnvBanner({ health }: { health: HealthResource }) {
  if (health.status === 'loading') return null;
  if (health.status === 'error') {
    return (
      <div class="env-banner" role="note" data-testid="env-banner">
        environment unknown — /health could not be read, so these numbers may be demo data
      </div>
    );
  }
  const env = health.data.env;
  if (env === 'prod') return null;
  return (
    <div class="env-banner" role="note" data-testid="env-banner">
      {env === 'staging' ? 'staging data' : 'demo data'} — not the live treasury
      <span class="muted small"> (env: {env})</span>
    </div>
  );
}

function Disclaimer({ health }: { health: HealthResource }) {
  const live = health.status === 'ready' && health.data.env === 'prod';
  return (
    <p data-testid="disclaimer">
      Not investment advice: figures are published for transparency, not as a recommendation to buy
      or sell anything.{' '}
      {live
        ? 'This is the production deployment.'
        : health.status === 'ready'
          ? `This deployment (env: ${health.data.env}) serves demo data, not the live treasury.`
          : 'The environment could not be confirmed; treat the figures as demo data.'}
    </p>
  );
}

export function Layout(props: { children: ComponentChildren }) {
  const { path } = useLocation();
  const health = useResource<Health>('/health');
  const nav = useRef<HTMLElement>(null);
  useCurrentLinkInView(nav, path);
  const navOverflow = overflowAttribute(useOverflowEdges(nav));
  return (
    <>
      <a class="skip-link" href="#main">
        Skip to content
      </a>
      <EnvBanner health={health} />
      <header class="site-header">
        <a class="brand" href="/">
          Convene
        </a>
        <nav aria-label="Main" ref={nav} data-overflow={navOverflow}>
          {NAV.map((item) => (
            <a
              key={item.href}
              href={item.href}
              class={item.match(path) ? 'active' : ''}
              aria-current={item.match(path) ? 'page' : undefined}
            >
              {item.label}
            </a>
          ))}
        </nav>
      </header>
      <main id="main" tabIndex={-1}>
        {props.children}
      </main>
      <footer class="site-footer muted small">
        <Disclaimer health={health} />
        Every number here comes from the public JSON API on this origin ·{' '}
        <a href="/docs">API docs</a> · <a href="/openapi.json">openapi.json</a> ·{' '}
        <a href="/health">health</a> · <a href="/methodology">methodology</a>
      </footer>
    </>
  );
}

/** A page title with an optional line underneath. */
export function PageHeader(props: {
  title: string;
  /** The tab title when it should say more than the heading (a detail page's subject). */
  documentTitle?: string | undefined;
  lead?: ComponentChildren;
  /** The section of /methodology that explains this page's numbers. */
  methodology?: 'regime' | 'research' | 'swarm' | 'log' | 'data' | undefined;
  children?: ComponentChildren;
}) {
  useDocumentTitle(props.documentTitle ?? props.title);
  return (
    <div class="page-header">
      <h1>{props.title}</h1>
      {props.lead !== undefined ? <p class="lead">{props.lead}</p> : null}
      {props.methodology !== undefined ? (
        <p class="small">
          <a href={`/methodology#${props.methodology}`} data-testid="methodology-link">
            How this is computed (methodology)
          </a>
        </p>
      ) : null}
      {props.children}
    </div>
  );
}

export function SubNav(props: { items: readonly { href: string; label: string }[] }) {
  const { path } = useLocation();
  const nav = useRef<HTMLElement>(null);
  useCurrentLinkInView(nav, path);
  const overflow = overflowAttribute(useOverflowEdges(nav));
  const current = currentSectionItem(props.items, path);
  return (
    <nav class="subnav" aria-label="Section" ref={nav} data-overflow={overflow}>
      {props.items.map((item) => (
        <a
          key={item.href}
          href={item.href}
          class={item === current ? 'active' : ''}
          aria-current={item === current ? 'page' : undefined}
        >
          {item.label}
        </a>
      ))}
    </nav>
  );
}

/**
 * The section item a page belongs to: the one whose address is the longest prefix of the path; a
 * page under the section's first address that no other item claims (a session, a take, a subject)
 * belongs to that first item.
 */
export function currentSectionItem<Item extends { href: string }>(
  items: readonly Item[],
  path: string,
): Item | undefined {
  const under = (href: string) => path === href || path.startsWith(`${href}/`);
  const claims = items.filter((item) => under(item.href));
  return claims.sort((a, b) => b.href.length - a.href.length)[0];
}
