/**
 * Indexes over one analytics list, built once per snapshot: sorted orders (lazily, one per sort key
 * and direction), a substring search index and facet postings. A request then costs the rows it
 * matches and the page it returns, not a sort of the whole dataset.
 */

export type Compare<T> = (a: T, b: T) => number;

/** A list's rows in one sort order; `rank[i]` is the place of `rows`' source row `i` in it. */
export interface Ordering<T> {
  readonly rows: readonly T[];
  readonly rank: Int32Array;
}

export interface ListFilter<T> {
  /** Case-insensitive substring of any of the row's text fields (trimmed; blank keeps every row). */
  search?: string | undefined;
  /** Facet name → required value; an undefined value does not filter. */
  facets?: Record<string, string | undefined>;
  /** A filter no index answers (it depends on the request's clock); walked over the matches in order. */
  keep?: ((row: T) => boolean) | undefined;
}

export interface Paging {
  offset?: number | undefined;
  limit?: number | undefined;
}

/** Offset then limit; no limit means every row from the offset. */
export function paginate<T>(rows: readonly T[], page: Paging): T[] {
  const offset = page.offset ?? 0;
  return rows.slice(offset, page.limit === undefined ? undefined : offset + page.limit);
}

export interface ListIndexOptions<T> {
  text: (row: T) => ReadonlyArray<string | null | undefined>;
  facets?: Record<string, (row: T) => string | null>;
}

export class ListIndex<T> {
  private readonly orderings = new Map<string, { stamp: number; ordering: Ordering<T> }>();
  private readonly facetPostings = new Map<string, Map<string, Int32Array>>();
  private searchIndex: SearchIndex | undefined;
  private positions: Map<T, number> | undefined;
  private readonly facetOrders = new WeakMap<Ordering<T>, Map<string, readonly T[]>>();

  constructor(
    readonly rows: readonly T[],
    private readonly options: ListIndexOptions<T>,
  ) {}

  /**
   * The ordering named `key`, sorted (stably, from the rows' own order) on first use and kept until a
   * request arrives with a different `stamp` (a clock-dependent order passes its TTL window; others 0).
   * `compare` is only called on a rebuild, so it may precompute per-row keys.
   */
  sorted(key: string, compare: () => Compare<T>, stamp = 0): Ordering<T> {
    return this.cached(key, stamp, () => [...this.rows].sort(compare()));
  }

  /** An ordering built from another one (its reverse, say) rather than by a comparator sort. */
  derived(key: string, build: () => readonly T[], stamp = 0): Ordering<T> {
    return this.cached(key, stamp, build);
  }

  private cached(key: string, stamp: number, build: () => readonly T[]): Ordering<T> {
    const cached = this.orderings.get(key);
    if (cached !== undefined && cached.stamp === stamp) return cached.ordering;
    const rows = build();
    const rank = new Int32Array(this.rows.length);
    rows.forEach((row, place) => (rank[this.position(row)] = place));
    const ordering = { rows, rank };
    this.orderings.set(key, { stamp, ordering });
    return ordering;
  }

  /** Where `row` stands in `ordering`, from 0. */
  place(ordering: Ordering<T>, row: T): number {
    return ordering.rank[this.position(row)] ?? -1;
  }

  private position(row: T): number {
    this.positions ??= new Map(this.rows.map((each, i) => [each, i]));
    const position = this.positions.get(row);
    if (position === undefined) throw new Error('row not in this list');
    return position;
  }

  /** Every row that passes `filter`, in `ordering`; with no filter, the ordering's own array. */
  matching(ordering: Ordering<T>, filter: ListFilter<T> = {}): readonly T[] {
    const needle = normaliseSearch(filter.search);
    const facets = Object.entries(filter.facets ?? {}).filter(
      (entry): entry is [string, string] => entry[1] !== undefined,
    );
    const lists = facets.map(([name, value]) => this.facet(name).get(value) ?? EMPTY);
    if (needle !== '') lists.push(this.search().matches(needle));
    let ordered: readonly T[];
    const [only] = facets;
    if (lists.length === 0) ordered = ordering.rows;
    else if (needle === '' && facets.length === 1 && only !== undefined && lists[0] !== EMPTY) {
      // One facet value and no search (a protocol, a category, an entity type): few enough to keep.
      let byValue = this.facetOrders.get(ordering);
      if (byValue === undefined)
        this.facetOrders.set(ordering, (byValue = new Map<string, readonly T[]>()));
      const key = `${only[0]}=${only[1]}`;
      ordered = byValue.get(key) ?? inOrder(ordering, lists[0] ?? EMPTY);
      byValue.set(key, ordered);
    } else ordered = inOrder(ordering, lists.reduce(intersect));
    return filter.keep === undefined ? ordered : ordered.filter(filter.keep);
  }

  /** The page of matching rows and how many match in all. */
  select(ordering: Ordering<T>, filter: ListFilter<T> & Paging): { total: number; rows: T[] } {
    const matches = this.matching(ordering, filter);
    return { total: matches.length, rows: paginate(matches, filter) };
  }

  private search(): SearchIndex {
    this.searchIndex ??= new SearchIndex(this.rows.map(this.options.text));
    return this.searchIndex;
  }

  private facet(name: string): Map<string, Int32Array> {
    let postings = this.facetPostings.get(name);
    if (postings === undefined) {
      const valueOf = this.options.facets?.[name];
      if (valueOf === undefined) throw new Error(`no facet ${name}`);
      const lists = new Map<string, number[]>();
      this.rows.forEach((row, position) => {
        const value = valueOf(row);
        if (value === null) return;
        let list = lists.get(value);
        if (list === undefined) lists.set(value, (list = []));
        list.push(position);
      });
      postings = new Map([...lists].map(([value, list]) => [value, Int32Array.from(list)]));
      this.facetPostings.set(name, postings);
    }
    return postings;
  }
}

const EMPTY = new Int32Array(0);

/** The needle `search` stands for: trimmed and lower-cased, '' for no search. */
export function normaliseSearch(search: string | undefined): string {
  return search?.trim().toLowerCase() ?? '';
}

/** The rows at `positions`, in `ordering`: an integer sort of their places, not a comparator sort. */
function inOrder<T>(ordering: Ordering<T>, positions: Int32Array): T[] {
  const places = new Int32Array(positions.length);
  for (let i = 0; i < positions.length; i++) places[i] = ordering.rank[positions[i] ?? 0] ?? 0;
  places.sort();
  return Array.from(places, (place) => ordering.rows[place] as T);
}

function intersect(a: Int32Array, b: Int32Array): Int32Array {
  const out: number[] = [];
  for (let i = 0, j = 0; i < a.length && j < b.length;) {
    const x = a[i] ?? 0;
    const y = b[j] ?? 0;
    if (x === y) {
      out.push(x);
      i++;
      j++;
    } else if (x < y) i++;
    else j++;
  }
  return Int32Array.from(out);
}

/** Grams up to this length are indexed exactly; longer needles are checked against the candidates. */
const GRAM = 3;

/** A gram's key: its UTF-16 code units as digits 1..65536 in base 65537 (distinct for every gram). */
function gramKey(text: string, from: number, length: number): number {
  let key = 0;
  for (let i = from; i < from + length; i++) key = key * 65_537 + text.charCodeAt(i) + 1;
  return key;
}

/**
 * Substring search over each row's lower-cased text fields: every 1-, 2- and 3-code-unit substring
 * of a field maps to the rows holding it. A needle of up to 3 units is one lookup; a longer one takes
 * the rows under its rarest 3-gram and keeps those where a field contains the whole needle, which is
 * exactly `field.toLowerCase().includes(needle)` over every row.
 */
export class SearchIndex {
  private readonly fields: string[][];
  private readonly grams = new Map<number, Int32Array>();

  constructor(texts: ReadonlyArray<ReadonlyArray<string | null | undefined>>) {
    this.fields = texts.map((text) =>
      text.filter((field) => typeof field === 'string').map((field) => field.toLowerCase()),
    );
    const lists = new Map<number, number[]>();
    this.fields.forEach((fields, position) => {
      for (const field of fields) {
        for (let i = 0; i < field.length; i++) {
          let key = 0;
          for (let n = 0; n < GRAM && i + n < field.length; n++) {
            key = key * 65_537 + field.charCodeAt(i + n) + 1;
            let list = lists.get(key);
            if (list === undefined) lists.set(key, (list = []));
            if (list[list.length - 1] !== position) list.push(position);
          }
        }
      }
    });
    for (const [key, list] of lists) this.grams.set(key, Int32Array.from(list));
  }

  /** Positions (ascending) of the rows with a field containing `needle` (already normalised, non-empty). */
  matches(needle: string): Int32Array {
    if (needle.length <= GRAM) return this.grams.get(gramKey(needle, 0, needle.length)) ?? EMPTY;
    let rarest: Int32Array | undefined;
    for (let i = 0; i + GRAM <= needle.length; i++) {
      const list = this.grams.get(gramKey(needle, i, GRAM)) ?? EMPTY;
      if (rarest === undefined || list.length < rarest.length) rarest = list;
    }
    return (rarest ?? EMPTY).filter((position) =>
      (this.fields[position] ?? []).some((field) => field.includes(needle)),
    );
  }
}

/**
 * One value per key object, computed on first use and dropped with the key (a snapshot, an ordering);
 * later calls' extra arguments are ignored.
 */
export function memoByObject<K extends object, V, A extends unknown[] = []>(
  compute: (key: K, ...args: A) => V,
): (key: K, ...args: A) => V {
  const values = new WeakMap<K, V>();
  return (key, ...args) => {
    if (!values.has(key)) values.set(key, compute(key, ...args));
    return values.get(key) as V;
  };
}
