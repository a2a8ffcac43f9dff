import { seededRandom } from '@convene/test-support';
import { describe, expect, test } from 'vitest';
import {
  ListIndex,
  memoByObject,
  normaliseSearch,
  SearchIndex,
} from '../../src/analytics/list-index.js';

interface Row {
  id: number;
  name: string;
  kind: string | null;
  value: number;
}

const ALPHABET = ['a', 'B', 'c', 'İ', 'ß', ' ', '-', '0', 'x', 'é', 'Σ'];

describe('list index', () => {
  const random = seededRandom('LIST_INDEX_SEED');
  console.log(`LIST_INDEX_SEED=${random.seed}`);
  const pick = <T>(values: readonly T[]): T =>
    values[Math.floor(random.next() * values.length)] as T;
  const word = (max: number) =>
    Array.from({ length: Math.floor(random.next() * max) }, () => pick(ALPHABET)).join('');
  const rows: Row[] = Array.from({ length: 400 }, (_, id) => ({
    id,
    name: word(8),
    kind: pick(['one', 'two', null]),
    value: Math.floor(random.next() * 20),
  }));
  const text = (row: Row) => [row.name, row.kind, undefined];

  test('search finds exactly the rows a field of which contains the needle, case-insensitively', () => {
    const search = new SearchIndex(rows.map(text));
    const needles = [
      ...Array.from({ length: 300 }, () => word(6)),
      ...rows.slice(0, 50).map((row) => row.name.slice(1, 5).toUpperCase()),
      'ONE',
      'ne',
      'o',
      'wo two',
    ];
    for (const raw of needles) {
      const needle = normaliseSearch(raw);
      if (needle === '') continue;
      const expected = rows
        .filter((row) =>
          text(row).some(
            (field) => typeof field === 'string' && field.toLowerCase().includes(needle),
          ),
        )
        .map((row) => row.id);
      expect([...search.matches(needle)], JSON.stringify(raw)).toEqual(expected);
    }
  });

  test('a page of a sorted, filtered list equals sorting, filtering and slicing every row', () => {
    const index = new ListIndex(rows, { text, facets: { kind: (row) => row.kind } });
    const byValue = (a: Row, b: Row) => b.value - a.value;
    for (let trial = 0; trial < 200; trial++) {
      const search = pick([undefined, '', ' A ', word(3), 'zzzz']);
      const kind = pick([undefined, 'one', 'two', 'three']);
      const odd = pick([undefined, (row: Row) => row.id % 2 === 1]);
      const offset = pick([undefined, 0, Math.floor(random.next() * 300)]);
      const limit = pick([undefined, 1 + Math.floor(random.next() * 40)]);
      const needle = normaliseSearch(search);
      const expected = [...rows]
        .filter((row) => kind === undefined || row.kind === kind)
        .filter((row) => odd === undefined || odd(row))
        .filter((row) => needle === '' || text(row).some((f) => f?.toLowerCase().includes(needle)))
        .sort(byValue);
      const got = index.select(
        index.sorted('value', () => byValue),
        {
          search,
          facets: { kind },
          keep: odd,
          offset,
          limit,
        },
      );
      expect(got.total).toBe(expected.length);
      const from = offset ?? 0;
      expect(got.rows).toEqual(
        expected.slice(from, limit === undefined ? undefined : from + limit),
      );
    }
  });

  test('an ordering is sorted once per stamp; a new stamp sorts again', () => {
    const index = new ListIndex(rows, { text });
    let sorts = 0;
    const compare = () => {
      sorts += 1;
      return (a: Row, b: Row) => a.value - b.value;
    };
    const first = index.sorted('value', compare, 1);
    expect(index.sorted('value', compare, 1)).toBe(first);
    expect(sorts).toBe(1);
    expect(index.sorted('value', compare, 2)).not.toBe(first);
    expect(sorts).toBe(2);
    const ordering = index.sorted('value', compare, 2);
    ordering.rows.forEach((row, place) => expect(index.place(ordering, row)).toBe(place));
    const reversed = index.derived('reverse', () => [...ordering.rows].reverse());
    expect(index.place(reversed, ordering.rows[0] as Row)).toBe(rows.length - 1);
  });

  test('memoByObject computes once per key object', () => {
    let calls = 0;
    const length = memoByObject((key: Row[]) => {
      calls += 1;
      return key.length;
    });
    expect(length(rows)).toBe(400);
    expect(length(rows)).toBe(400);
    expect(length([])).toBe(0);
    expect(calls).toBe(2);
  });
});
