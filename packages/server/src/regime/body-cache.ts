import { cacheBody, type CachedBody } from '../http/cached-body.js';

/**
 * Like VersionedBodyCache, but holds at most `capacity` keys (least recently used goes first): the
 * regime route has 3,650 possible ranges and each body is ~0.5 MB before compression.
 */
export class BoundedBodyCache {
  private readonly entries = new Map<string, { version: number; body: Promise<CachedBody> }>();

  constructor(private readonly capacity: number) {}

  async get(key: string, version: number, build: () => Promise<unknown>): Promise<CachedBody> {
    const entry = this.entries.get(key);
    if (entry !== undefined && entry.version === version) {
      this.entries.delete(key);
      this.entries.set(key, entry);
      return entry.body;
    }
    const body = build().then(cacheBody);
    this.entries.delete(key);
    this.entries.set(key, { version, body });
    while (this.entries.size > this.capacity) {
      const oldest = this.entries.keys().next().value as string;
      this.entries.delete(oldest);
    }
    body.catch(() => {
      if (this.entries.get(key)?.body === body) this.entries.delete(key);
    });
    return body;
  }
}
