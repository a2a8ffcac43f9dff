import type { ComponentChildren } from 'preact';
import { useLocation } from 'preact-iso/router';
import type { Health } from '../api/types/treasury.js';
import { useResource } from '../lib/use-resource.js';

const NAV = [
  { href: '/', label: 'Treasury', match: (p: string) => p === '/' || p.startsWith('/treasury') },
  {
    href: '/regime',
    label: 'Regime',
    match: (p: string) => p.startsWith('/regime') || p.startsWith('/research'),
  },
  { href: '/swarm', label: 'Swarm', match: (p: string) => p.startsWith('/swarm') },
  { href: '/analytics', label: 'Analytics', match: (p: string) => p.startsWith('/analytics') },
  { href: '/join', label: 'Join', match: (p: string) => p.startsWith('/join') },
];

/** Shown on every page unless /health says this is the production deployment. */
export function EnvBanner() {
  const health = useResource<Health>('/health');
  if (health.status !== 'ready' || health.data.env === 'prod') return null;
  const env = health.data.env;
  return (
    <div class="env-banner" role="note" data-testid="env-banner">
      {env === 'staging' ? 'staging data' : 'demo data'} — not the live treasury
      <span class="muted small"> (env: {env})</span>
    </div>
  );
}

export function Layout(props: { children: ComponentChildren }) {
  const { path } = useLocation();
  return (
    <>
      <EnvBanner />
      <header class="site-header">
        <a class="brand" href="/">
          Convene
        </a>
        <nav aria-label="Main">
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
      <main id="main">{props.children}</main>
      <footer class="site-footer muted small">
        Every number here comes from the public JSON API on this origin ·{' '}
        <a href="/docs">API docs</a> · <a href="/openapi.json">openapi.json</a> ·{' '}
        <a href="/health">health</a>
      </footer>
    </>
  );
}

/** A page title with an optional line underneath. */
export function PageHeader(props: {
  title: string;
  lead?: ComponentChildren;
  children?: ComponentChildren;
}) {
  return (
    <div class="page-header">
      <h1>{props.title}</h1>
      {props.lead !== undefined ? <p class="lead">{props.lead}</p> : null}
      {props.children}
    </div>
  );
}

export function SubNav(props: { items: { href: string; label: string }[] }) {
  const { path } = useLocation();
  return (
    <nav class="subnav" aria-label="Section">
      {props.items.map((item) => {
        const active =
          item.href === path || (item.href !== props.items[0]?.href && path.startsWith(item.href));
        return (
          <a key={item.href} href={item.href} class={active ? 'active' : ''}>
            {item.label}
          </a>
        );
      })}
    </nav>
  );
}
