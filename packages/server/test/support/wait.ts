import { sql, type Kysely } from 'kysely';
import type { DB } from '../../src/db/schema.js';

export { latch, type Latch } from '@convene/test-support';

/**
 * Resolves once a session on the current PostgreSQL database waits for a lock held by another
 * (`pg_stat_activity.wait_event_type = 'Lock'`): the moment a concurrent write is known to be blocked.
 */
export async function untilBlockedOnLock(db: Kysely<DB>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { rows } = await sql<{ waiting: number }>`
      select count(*)::int as waiting from pg_stat_activity
      where datname = current_database() and wait_event_type = 'Lock'`.execute(db);
    if ((rows[0]?.waiting ?? 0) > 0) return;
    if (Date.now() > deadline)
      throw new Error(`no session blocked on a lock within ${timeoutMs} ms`);
    await new Promise((resolve) => setImmediate(resolve));
  }
}
