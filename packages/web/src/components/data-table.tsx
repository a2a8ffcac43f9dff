import type { ComponentChildren } from 'preact';
import { useState } from 'preact/hooks';
import { ScrollRegion } from './scroll-region.js';
import { Term } from './term.js';
import type { TermId } from '../lib/glossary.js';

export interface Column<T> {
  label: string;
  render: (row: T) => ComponentChildren;
  /** Makes the column sortable on the page by this value (nulls last): for tables shown whole. */
  sort?: (row: T) => number | string | null;
  /** The server's sort key for this column: for lists paged by the server (see `server`). */
  sortKey?: string;
  numeric?: boolean;
  title?: string;
  /** The glossary term the header names: the header links to its entry. */
  term?: TermId;
  /** Left out of the phone layout (sparklines, secondary detail). */
  hideOnPhone?: boolean;
  /**
   * The value a row exists for: kept on screen on a phone (`data-primary`). Every table has one;
   * while the list is sorted by another column than its first, that column stands in for it.
   */
  primary?: true;
}

/** A table with optional click-to-sort columns; wide tables scroll inside their card on phones. */
export function DataTable<T>(props: {
  rows: readonly T[];
  columns: Column<T>[];
  rowKey: (row: T) => string;
  caption?: string;
  /** Names the scrolling region when there is no caption. */
  label?: string;
  empty?: string;
  testId?: string;
  /** On phones each row reads as a card of label: value lines instead of a wide row. */
  cards?: boolean;
  /** Sorting done by the server over the whole dataset; headers become links that change the URL. */
  server?: {
    sort: string;
    order: 'asc' | 'desc';
    sortLink: (key: string, order: 'asc' | 'desc') => string;
    /** The list's search, if any: an empty page then says nothing matched it. */
    search?: string;
    link?: (changes: Record<string, string | undefined>) => string;
  };
}) {
  const [sortBy, setSortBy] = useState<{ index: number; descending: boolean } | null>(null);
  const rows = [...props.rows];
  const sorter = sortBy === null ? undefined : props.columns[sortBy.index]?.sort;
  if (props.server === undefined && sortBy !== null && sorter !== undefined) {
    rows.sort((a, b) => {
      const va = sorter(a);
      const vb = sorter(b);
      if (va === null) return 1;
      if (vb === null) return -1;
      const order = va < vb ? -1 : va > vb ? 1 : 0;
      return sortBy.descending ? -order : order;
    });
  }
  const search = props.server?.search ?? '';
  if (props.rows.length === 0 && search !== '')
    return (
      <p class="muted" data-testid="no-match">
        Nothing matches “{search}”.{' '}
        {props.server?.link !== undefined ? (
          <a href={props.server.link({ search: undefined, page: undefined })}>Clear the search</a>
        ) : null}
      </p>
    );
  if (props.rows.length === 0) return <p class="muted">{props.empty ?? 'Nothing to show yet.'}</p>;
  const sortedIndex =
    props.server !== undefined
      ? props.columns.findIndex((column) => column.sortKey === props.server?.sort)
      : (sortBy?.index ?? -1);
  // A reader who sorts by a column came for its values: it is kept on screen instead.
  const primaryIndex =
    sortedIndex > 0 ? sortedIndex : props.columns.findIndex((column) => column.primary === true);
  const cellProps = (column: Column<T>, index: number) => ({
    class: `${column.numeric === true ? 'num' : ''} ${column.hideOnPhone === true && index !== primaryIndex ? 'hide-phone' : ''}`,
    'data-primary': index === primaryIndex ? '' : undefined,
  });
  return (
    <ScrollRegion label={props.caption ?? props.label ?? 'Table'}>
      <table
        class={`table compact ${props.cards === true ? 'cards' : ''}`}
        data-testid={props.testId}
      >
        {props.caption !== undefined ? <caption>{props.caption}</caption> : null}
        <thead>
          <tr>
            {props.columns.map((column, index) => {
              const server = props.server;
              if (server !== undefined && column.sortKey !== undefined) {
                const key = column.sortKey;
                const active = server.sort === key;
                const next = active
                  ? server.order === 'asc'
                    ? 'desc'
                    : 'asc'
                  : key === 'name'
                    ? 'asc'
                    : 'desc';
                return (
                  <th
                    key={column.label}
                    {...cellProps(column, index)}
                    title={column.title}
                    aria-sort={active ? ariaSort(server.order === 'desc') : 'none'}
                  >
                    <a class="sort" href={server.sortLink(key, next)}>
                      {column.label}
                      {active ? (server.order === 'desc' ? ' ↓' : ' ↑') : ''}
                    </a>
                    <TermMark term={column.term} />
                  </th>
                );
              }
              const sortable = server === undefined && column.sort !== undefined;
              return (
                <th
                  key={column.label}
                  {...cellProps(column, index)}
                  title={column.title}
                  aria-sort={
                    !sortable
                      ? undefined
                      : sortBy?.index === index
                        ? ariaSort(sortBy.descending)
                        : 'none'
                  }
                >
                  {sortable ? (
                    <button
                      type="button"
                      class="sort"
                      onClick={() =>
                        setSortBy({
                          index,
                          descending: sortBy?.index === index ? !sortBy.descending : true,
                        })
                      }
                    >
                      {column.label}
                      {sortBy?.index === index ? (sortBy.descending ? ' ↓' : ' ↑') : ''}
                    </button>
                  ) : column.term !== undefined ? (
                    <Term id={column.term}>{column.label}</Term>
                  ) : (
                    column.label
                  )}
                  {sortable ? <TermMark term={column.term} /> : null}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={props.rowKey(row)}>
              {props.columns.map((column, index) => (
                <td key={column.label} data-label={column.label} {...cellProps(column, index)}>
                  {column.render(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}

/** Beside a sort control (a link cannot hold another): a small mark linking the glossary entry. */
function TermMark({ term }: { term: TermId | undefined }) {
  return term === undefined ? null : (
    <>
      {' '}
      <Term id={term} mark />
    </>
  );
}

const ariaSort = (descending: boolean) => (descending ? 'descending' : 'ascending');
