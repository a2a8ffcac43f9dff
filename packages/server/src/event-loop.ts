/**
 * How long work that never waits for I/O may hold the event loop before it lets the loop turn.
 * PGlite runs in this process and answers each query in microtasks, so a chain of queries (a demo
 * seeder, an import) would otherwise keep every request, `/health` and timer waiting until the chain
 * ends: 9 s at a time during a first demo start (docs/decisions.md, "A first start that answers").
 */
export const EVENT_LOOP_BUDGET_MS = 10;

/**
 * How many times the loop turns at each yield. Node accepts about one new connection per turn, so
 * one turn per stretch would let a health checker's new connections queue up behind the work.
 */
export const TURNS_PER_YIELD = 4;

let stretchStartedAt: number | undefined;

function stretchEnded(): void {
  stretchStartedAt = undefined;
}

const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

async function turns(count: number): Promise<void> {
  for (let i = 0; i < count; i++) await turn();
}

/**
 * Call between steps of long in-process work: resolves at once (`undefined`) while the current
 * stretch without an event-loop turn is shorter than the budget, else after a few turns
 * (`setImmediate`: timers and pending I/O such as new connections and requests run in each).
 *
 * @example
 *   for (const chunk of chunks) {
 *     await shareEventLoop();
 *     work(chunk);
 *   }
 */
export function shareEventLoop(budgetMs = EVENT_LOOP_BUDGET_MS): Promise<void> | undefined {
  const now = performance.now();
  if (stretchStartedAt === undefined) {
    // The stretch lasts until the loop next reaches its check phase, where this runs.
    stretchStartedAt = now;
    setImmediate(stretchEnded);
    return undefined;
  }
  if (now - stretchStartedAt < budgetMs) return undefined;
  return turns(TURNS_PER_YIELD);
}
