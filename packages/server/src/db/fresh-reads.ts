/**
 * Concurrent callers of the same read share one database round, and every caller is answered by a
 * round that started after it called: a change committed before a request arrived is always seen
 * by that request, yet a crowd asking for the same thing costs one query at a time, not one each.
 *
 * A caller arriving while a round runs waits for the next one (the running round may have read
 * before the caller's change); every caller arriving meanwhile shares that next round. A failed
 * round fails its callers only; the next caller starts afresh.
 */
export class FreshReads<T> {
  private readonly slots = new Map<string, { running: Promise<T>; next: Promise<T> | undefined }>();

  read(key: string, round: () => Promise<T>): Promise<T> {
    const slot = this.slots.get(key);
    if (slot === undefined) return this.start(key, round);
    slot.next ??= slot.running.then(settled, settled).then(() => this.start(key, round));
    return slot.next;
  }

  private start(key: string, round: () => Promise<T>): Promise<T> {
    const running = round();
    const slot = { running, next: undefined };
    this.slots.set(key, slot);
    // Registered before any waiter's continuation, so the slot is gone when the next round starts.
    const release = () => {
      if (this.slots.get(key) === slot) this.slots.delete(key);
    };
    running.then(release, release);
    return running;
  }
}

const settled = () => undefined;
