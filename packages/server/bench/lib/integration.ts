/** The server's `convene_tlog_integration_seconds` histogram: how soon filed takes reach the log's tree. */

/** Cumulative count per bucket bound, read from `/metrics`. */
export async function integrationBuckets(baseUrl: string): Promise<Map<string, number>> {
  const metrics = await (await fetch(`${baseUrl}/metrics`)).text();
  const buckets = new Map<string, number>();
  for (const match of metrics.matchAll(
    /^convene_tlog_integration_seconds_bucket\{le="([^"]+)"\} (\d+)$/gm,
  )) {
    buckets.set(match[1]!, Number(match[2]));
  }
  return buckets;
}

const countOf = (buckets: Map<string, number>): number => buckets.get('+Inf') ?? 0;

/**
 * Integration finishes within a second or two of the last 201: the histogram once `filed` more takes
 * than `before` have counted, or after 4 s (with the log off nothing counts).
 */
export async function untilIntegrated(
  baseUrl: string,
  before: Map<string, number>,
  filed: number,
): Promise<Map<string, number>> {
  let after = await integrationBuckets(baseUrl);
  for (let i = 0; i < 40 && countOf(after) - countOf(before) < filed; i++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    after = await integrationBuckets(baseUrl);
  }
  return after;
}

/** The bucket bound under which 99 % of the takes filed between two readings were integrated. */
export function integrationP99(before: Map<string, number>, after: Map<string, number>): string {
  const total = countOf(after) - countOf(before);
  if (total === 0) return 'log off';
  for (const [bound, count] of after) {
    if (count - (before.get(bound) ?? 0) >= 0.99 * total) {
      return bound === '+Inf' ? '> 5 s' : `≤ ${Number(bound) * 1000} ms`;
    }
  }
  return 'unknown';
}
