/**
 * Polls the public checkpoint of the server at `baseUrl` until it covers `size` entries (the log's
 * loops sign one about every second); rejects after `timeoutMs`.
 */
export async function untilCheckpointCovers(
  baseUrl: string,
  size: number,
  timeoutMs = 20_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const latest = (await (await fetch(`${baseUrl}/api/log/checkpoint.json`)).json()) as {
      size: number;
    };
    if (latest.size >= size) return;
    if (Date.now() > deadline)
      throw new Error(
        `no checkpoint of size ${size} within ${timeoutMs} ms (latest ${latest.size})`,
      );
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
