/**
 * One value per data version: computed on first use after a bump and shared by every caller until the
 * next one; a failed computation is not kept, so the next caller retries.
 */
export class VersionedValue<T> {
  private entry: { version: number; value: Promise<T> } | undefined;

  constructor(private readonly compute: () => Promise<T>) {}

  get(version: number): Promise<T> {
    if (this.entry?.version === version) return this.entry.value;
    const value = this.compute();
    const entry = { version, value };
    this.entry = entry;
    value.catch(() => {
      if (this.entry === entry) this.entry = undefined;
    });
    return value;
  }
}
