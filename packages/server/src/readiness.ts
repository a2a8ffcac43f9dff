/**
 * Whether the data the service answers from is complete. A first demo start seeds years of history
 * through the live code paths; until that is done every read would be half-built (a session list
 * growing under the reader, an open session weeks old), so the service says it is loading instead.
 */
export class Readiness {
  private loading: boolean;
  private readonly waiters: Array<() => void> = [];

  constructor(initiallyLoading = false) {
    this.loading = initiallyLoading;
  }

  get isLoading(): boolean {
    return this.loading;
  }

  markReady(): void {
    this.loading = false;
    for (const resolve of this.waiters.splice(0)) resolve();
  }

  /** Resolves once ready (at once when it already is). */
  async ready(): Promise<void> {
    if (!this.loading) return;
    await new Promise<void>((resolve) => this.waiters.push(resolve));
  }
}
