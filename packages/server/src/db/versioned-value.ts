/**
 * Values kept per data version, the one cache form of the server: a value is built on first use
 * after its data version moved and shared by every caller until the next move (concurrent callers
 * share one build); a failed build is not kept, so the next caller retries. With a `capacity`, at
 * most that many keys are kept, the least recently used leaving first.
 */
export class VersionedCache<K, T> {
  private readonly entries = new Map<K, { version: number; value: Promise<T> }>();

  constructor(private readonly capacity = Number.POSITIVE_INFINITY) {}

  get(key: K, version: number, build: () => Promise<T>): Promise<T> {
    const entry = this.entries.get(key);
    if (entry !== undefined && entry.version === version) {
      if (this.capacity !== Number.POSITIVE_INFINITY) {
        this.entries.delete(key);
        this.entries.set(key, entry);
      }
      return entry.value;
    }
    const value = build();
    const fresh = { version, value };
    this.entries.delete(key);
    this.entries.set(key, fresh);
    while (this.entries.size > this.capacity) {
      this.entries.delete(this.entries.keys().next().value as K);
    }
    value.catch(() => {
      if (this.entries.get(key) === fresh) this.entries.delete(key);
    });
    return value;
  }

  clear(): void {
    this.entries.clear();
  }
}

/** One value per data version (a VersionedCache of one key). */
export class VersionedValue<T> {
  private readonly cache = new VersionedCache<null, T>(1);

  constructor(private readonly compute: () => Promise<T>) {}

  get(version: number): Promise<T> {
    return this.cache.get(null, version, this.compute);
  }
}
