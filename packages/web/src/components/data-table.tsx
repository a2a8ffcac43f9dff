import type { ComponentChildren } from 'preact';
import { useState } from 'preact/hooks';
import { scrollRegion } from './scroll-region.js';

export interface Column<T> {
  label: string;
  render: (row: T) => ComponentChildren;
  /** Makes the column sortable by this value (nulls last). */
  sort?: (row: T) => number | string | null;
  numeric?: boolean;
  title?: string;
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
}) {
  const [sortBy, setSortBy] = useState<{ index: number; descending: boolean } | null>(null);
  const rows = [...props.rows];
  const sorter = sortBy === null ? undefined : props.columns[sortBy.index]?.sort;
  if (sortBy !== null && sorter !== undefined) {
    rows.sort((a, b) => {
      const va = sorter(a);
      const vb = sorter(b);
      if (va === null) return 1;
      if (vb === null) return -1;
      const order = va < vb ? -1 : va > vb ? 1 : 0;
      return sortBy.descending ? -order : order;
    });
  }
  if (props.rows.length === 0) return <p class="muted">{props.empty ?? 'Nothing to show yet.'}</p>;
  return (
    <div class="table-scroll" {...scrollRegion(props.caption ?? props.label ?? 'Table')}>
      <table class="table compact" data-testid={props.testId}>
        {props.caption !== undefined ? <caption>{props.caption}</caption> : null}
        <thead>
          <tr>
            {props.columns.map((column, index) => (
              <th
                key={column.label}
                class={column.numeric === true ? 'num' : ''}
                title={column.title}
              >
                {column.sort !== undefined ? (
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
                ) : (
                  column.label
                )}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={props.rowKey(row)}>
              {props.columns.map((column) => (
                <td key={column.label} class={column.numeric === true ? 'num' : ''}>
                  {column.render(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
