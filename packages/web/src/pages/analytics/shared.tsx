import type { ComponentChildren } from 'preact';
import { useLocation } from 'preact-iso/router';
import type { Evidence, EvidenceLeg, LegStatus } from '../../api/types/analytics.js';
import type { SiteLinks } from '../../api/types/treasury.js';
import { Chip } from '../../components/badges.js';
import { SectionFrame } from '../../components/section-frame.js';
import { When } from '../../components/when.js';
import { count, countOf, pctPoints } from '../../lib/format.js';
import { useSiteLinks } from '../../lib/site-links.js';

const ITEMS = [
  { href: '/analytics', label: 'Overview' },
  { href: '/analytics/leaderboard', label: 'Leaderboard' },
  { href: '/analytics/agents', label: 'Agents' },
  { href: '/analytics/coins', label: 'Coins' },
  { href: '/analytics/vaults', label: 'Vaults' },
  { href: '/analytics/wallets', label: 'Wallets' },
  { href: '/analytics/projects', label: 'Projects' },
  { href: '/analytics/activity', label: 'Activity' },
  { href: '/analytics/comments', label: 'Comments' },
];

/** Every analytics page: the section tabs and a reminder that this is not the service's money. */
export function AnalyticsFrame(props: {
  title: string;
  documentTitle?: string | undefined;
  lead?: ComponentChildren;
  children: ComponentChildren;
}) {
  return <SectionFrame items={ITEMS} note={<NotOurs />} {...props} />;
}

/** Whose data this is, and where it comes from. */
function NotOurs() {
  const links = useSiteLinks();
  return (
    <p class="muted small">
      Third-party agents, coins, vaults and wallets the service observes — not its own holdings
      (those are on the <a href="/">treasury</a> page).{' '}
      {links === undefined ? null : <DataSource source={links.analyticsSource} />}
    </p>
  );
}

function DataSource({ source }: { source: SiteLinks['analyticsSource'] }) {
  return (
    <span data-testid="data-source">
      {source === null ? (
        'Source: the dataset imported into this deployment (no provider named).'
      ) : (
        <>
          Source:{' '}
          <a href={source.url} target="_blank" rel="noopener noreferrer">
            {source.name}
          </a>
          .
        </>
      )}
    </span>
  );
}

export const PAGE_SIZE = 50;

/** The current page (from ?page=) and the API query for it. */
export function usePaging(): { page: number; offsetQuery: string; query: Record<string, string> } {
  const { query } = useLocation();
  const page = Math.max(1, Number.parseInt(query.page ?? '1', 10) || 1);
  return { page, offsetQuery: `limit=${PAGE_SIZE}&offset=${(page - 1) * PAGE_SIZE}`, query };
}

/**
 * A whole-dataset list: sort, order, search and page live in the URL (so a view can be shared and
 * the back button restores it) and go to the server as query parameters; the server sorts and
 * searches every row before it pages.
 */
export function useListQuery(path: string, defaultSort: string): ListQuery {
  const { page, query } = usePaging();
  const sort = query.sort ?? defaultSort;
  const order = query.order === 'asc' || query.order === 'desc' ? query.order : defaultOrder(sort);
  const search = query.search ?? '';
  const api = new URLSearchParams({
    limit: String(PAGE_SIZE),
    offset: String((page - 1) * PAGE_SIZE),
  });
  if (query.sort !== undefined) api.set('sort', query.sort);
  if (query.order !== undefined) api.set('order', order);
  if (search !== '') api.set('search', search);
  const link = (changes: Record<string, string | undefined>) => {
    const next = new URLSearchParams();
    for (const [key, value] of Object.entries({ ...query, ...changes }))
      if (value !== undefined && value !== '' && !(key === 'page' && value === '1'))
        next.set(key, value);
    const text = next.toString();
    return text === '' ? path : `${path}?${text}`;
  };
  return {
    page,
    query,
    sort,
    order,
    search,
    apiQuery: api.toString(),
    link,
    sortLink: (key, nextOrder) => link({ sort: key, order: nextOrder, page: undefined }),
  };
}

export interface ListQuery {
  page: number;
  query: Record<string, string>;
  sort: string;
  order: 'asc' | 'desc';
  search: string;
  /** limit, offset and any sort, order and search, for the API request. */
  apiQuery: string;
  link: (changes: Record<string, string | undefined>) => string;
  sortLink: (key: string, order: 'asc' | 'desc') => string;
}

/** Names read A to Z; every number reads largest first. */
export const defaultOrder = (sort: string): 'asc' | 'desc' => (sort === 'name' ? 'asc' : 'desc');

/** A search box whose text goes into the URL (?search=) and back to page 1. */
export function SearchBox(props: { list: ListQuery; what: string }) {
  const { route } = useLocation();
  return (
    <form
      class="filters"
      role="search"
      onSubmit={(event) => {
        event.preventDefault();
        const field = new FormData(event.currentTarget).get('search');
        const text = typeof field === 'string' ? field.trim() : '';
        route(props.list.link({ search: text, page: undefined }));
      }}
    >
      <label>
        Search {props.what}{' '}
        <input
          type="search"
          name="search"
          maxLength={100}
          defaultValue={props.list.search}
          key={props.list.search}
        />
      </label>
      <button type="submit">Search</button>
      {props.list.search !== '' ? (
        <a href={props.list.link({ search: undefined, page: undefined })}>clear</a>
      ) : null}
    </form>
  );
}

export function Pager(props: {
  total: number;
  page: number;
  path: string;
  query?: Record<string, string>;
}) {
  const pages = Math.max(1, Math.ceil(props.total / PAGE_SIZE));
  const link = (page: number) => {
    const params = new URLSearchParams({ ...(props.query ?? {}), page: String(page) });
    return `${props.path}?${params.toString()}`;
  };
  return (
    <nav class="pager" aria-label="Pages">
      {props.page > 1 ? (
        <a href={link(props.page - 1)}>← previous</a>
      ) : (
        <span class="muted">← previous</span>
      )}
      <span class="muted small" data-testid="pager-status">
        page {count(props.page)} of {count(pages)} · {countOf(props.total, 'row')}
      </span>
      {props.page < pages ? (
        <a href={link(props.page + 1)}>next →</a>
      ) : (
        <span class="muted">next →</span>
      )}
    </nav>
  );
}

const LEG_TONE: Record<LegStatus, 'good' | 'warn' | 'bad'> = {
  verified: 'good',
  partial: 'warn',
  missing: 'bad',
};
const LEG_NAMES: Record<EvidenceLeg, string> = {
  wallet: 'wallet',
  moneyIn: 'money in',
  x402: 'x402',
  token: 'token',
  identity: 'identity',
  freshness: 'fresh',
};

export function StatusChip({ status }: { status: LegStatus }) {
  return <Chip tone={LEG_TONE[status]} text={status} />;
}

/** A leg's status as a mark beside its name, so it never rests on colour alone. */
const LEG_MARK: Record<LegStatus, string> = { verified: '✓', partial: '◐', missing: '✗' };

export function EvidenceChips({ evidence }: { evidence: Evidence }) {
  return (
    <span class="chips" data-testid="evidence-legs">
      {(Object.keys(LEG_NAMES) as EvidenceLeg[]).map((leg) => {
        const { status, detail } = evidence[leg];
        return (
          <span
            key={leg}
            class={`badge tone-${LEG_TONE[status]}`}
            title={`${status}: ${detail}`}
            data-leg={leg}
            data-status={status}
          >
            <span aria-hidden="true">{LEG_MARK[status]}</span> {LEG_NAMES[leg]}
            <span class="visually-hidden">: {status}</span>
          </span>
        );
      })}
    </span>
  );
}

export function Change({ value }: { value: number | null }) {
  if (value === null) return <span class="muted">—</span>;
  return <span class={value < 0 ? 'attention' : ''}>{pctPoints(value)}</span>;
}

export function StaleMark({ stale, refreshedAt }: { stale: boolean; refreshedAt: string }) {
  return stale ? <Chip tone="warn" text="stale" title={`last refreshed ${refreshedAt}`} /> : null;
}

/** When one record's data is from, flagged when the API says it is older than its kind's window. */
export function AsOf({ refreshedAt, stale }: { refreshedAt: string; stale: boolean }) {
  return (
    <span class="as-of muted small" data-testid="as-of">
      data as of <When iso={refreshedAt} /> <StaleMark stale={stale} refreshedAt={refreshedAt} />
    </span>
  );
}

/**
 * When the rows a page shows are from: the newest refresh among them, the oldest when it differs,
 * and how many are older than their kind's freshness window.
 */
export function RowsAsOf({
  rows,
}: {
  rows: ReadonlyArray<{ refreshedAt: string; stale: boolean }>;
}) {
  if (rows.length === 0) return null;
  const times = rows.map((row) => row.refreshedAt).sort();
  const newest = times.at(-1)!;
  const stale = rows.filter((row) => row.stale).length;
  return (
    <p class="as-of muted small" data-testid="as-of">
      Data as of <When iso={newest} />
      {times[0] !== newest ? (
        <>
          {' '}
          (the oldest here: <When iso={times[0]} />)
        </>
      ) : null}
      {stale > 0 ? (
        <>
          {' '}
          <Chip
            tone="warn"
            text={`${stale} stale`}
            title="older than the refresh window of their kind"
          />
        </>
      ) : (
        ' · all fresh'
      )}
    </p>
  );
}
