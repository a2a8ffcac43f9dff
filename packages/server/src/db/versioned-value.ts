import { LRUCache } from 'lru-cache';

/**
 * How much a cache may hold: at most `maxEntries` keys, or at most `maxBytes` as `sizeOf` counts its
 * values (with their keys), the least recently used leaving first either way. A cache whose keys
 * come from a request must be bounded by bytes: a stranger chooses how many keys there are.
 */
export type CacheBounds<K, T> =
  | { readonly maxEntries: number }
  | { readonly maxBytes: number; readonly sizeOf: (value: T, key: K) => number };

interface Kept<T> {
  readonly version: number;
  readonly value: Promise<T>;
}

/**
 * Values kept per data version, the one cache form of the server: a value is built on first use
 * after its data version moved and shared by every caller until the next move (concurrent callers
 * share one build); a failed build is not kept, so the next caller retries. Built values live in a
 * least-recently-used cache (lru-cache) within `bounds`; builds under way are held beside it, one per
 * key, until they settle.
 */
export class VersionedCache<K extends string, T> {
  private readonly kept: LRUCache<K, Kept<T>>;
  private readonly building = new Map<K, Kept<T>>();
  private readonly sizeOf: ((value: T, key: K) => number) | undefined;
  private evicted = 0;

  constructor(bounds: CacheBounds<K, T>) {
    const countEviction = (_value: Kept<T>, _key: K, reason: LRUCache.DisposeReason) => {
      if (reason === 'evict') this.evicted += 1;
    };
    if ('maxBytes' in bounds) {
      this.sizeOf = bounds.sizeOf;
      this.kept = new LRUCache({ maxSize: bounds.maxBytes, dispose: countEviction });
    } else {
      this.sizeOf = undefined;
      this.kept = new LRUCache({ max: bounds.maxEntries, dispose: countEviction });
    }
  }

  get(key: K, version: number, build: () => Promise<T>): Promise<T> {
    const kept = this.kept.get(key);
    if (kept !== undefined) {
      if (kept.version === version) return kept.value;
      this.kept.delete(key);
    }
    const under = this.building.get(key);
    if (under !== undefined && under.version === version) return under.value;
    const fresh: Kept<T> = { version, value: build() };
    this.building.set(key, fresh);
    fresh.value.then(
      (value) => {
        if (this.building.get(key) !== fresh) return;
        this.building.delete(key);
        // A value larger than the whole budget is served to its callers and not kept.
        const size = this.sizeOf === undefined ? undefined : this.sizeOf(value, key);
        this.kept.set(key, fresh, size === undefined ? {} : { size: Math.max(1, size) });
      },
      () => {
        if (this.building.get(key) === fresh) this.building.delete(key);
      },
    );
    return fresh.value;
  }

  /** Keys kept now (builds under way not counted). */
  get entryCount(): number {
    return this.kept.size;
  }

  /** What the kept values count against a byte budget (0 for a cache bounded by entries). */
  get keptBytes(): number {
    return this.kept.calculatedSize;
  }

  /** Values pushed out to make room since the start. */
  get evictions(): number {
    return this.evicted;
  }

  clear(): void {
    this.kept.clear();
    this.building.clear();
  }
}

/** One value per data version (a VersionedCache of one key). */
export class VersionedValue<T> {
  private readonly cache = new VersionedCache<'value', T>({ maxEntries: 1 });

  constructor(private readonly compute: () => Promise<T>) {}

  get(version: number): Promise<T> {
    return this.cache.get('value', version, this.compute);
  }
}
