import { unwrap, type ConveneApi } from './client.js';
import type { paths } from './openapi.js';

type JsonOf<Path extends keyof paths> = paths[Path] extends {
  get: { responses: { 200: { content: { 'application/json': infer Body } } } };
}
  ? Body
  : never;

export type MemberTake = JsonOf<'/api/swarm/members/{id}/takes'>['takes'][number];
export type MemberJudgement = JsonOf<'/api/swarm/members/{id}/judgements'>['judgements'][number];

/** Follows `nextCursor` from the first page to the last, yielding each item in the server's order. */
async function* everyItem<T>(
  page: (cursor: string | undefined) => Promise<{ items: T[]; nextCursor: string | null }>,
): AsyncGenerator<T> {
  let cursor: string | undefined;
  do {
    const { items, nextCursor } = await page(cursor);
    yield* items;
    cursor = nextCursor ?? undefined;
  } while (cursor !== undefined);
}

/** `limit` and `cursor` of one page (page size 100 unless given). */
const pageQuery = (pageSize: number | undefined, cursor: string | undefined) => ({
  limit: String(pageSize ?? 100),
  ...(cursor === undefined ? {} : { cursor }),
});

/**
 * Every take of a member (UUID or handle), newest first, on one subject when `subject` is given,
 * read `pageSize` at a time (1..1000, default 100) through the server's cursor.
 *
 * @example
 * for await (const take of memberTakes(api, 'atlas', { subject: 'convene-treasury' }))
 *   console.log(take.date, take.stance);
 */
export function memberTakes(
  api: ConveneApi,
  member: string,
  options: { subject?: string; pageSize?: number } = {},
): AsyncGenerator<MemberTake> {
  return everyItem(async (cursor) => {
    const body = unwrap(
      await api.GET('/api/swarm/members/{id}/takes', {
        params: {
          path: { id: member },
          query: {
            ...pageQuery(options.pageSize, cursor),
            ...(options.subject === undefined ? {} : { subject: options.subject }),
          },
        },
      }),
    );
    return { items: body.takes, nextCursor: body.nextCursor };
  });
}

/**
 * Every public judgement of a judge member (UUID or handle), newest first, read `pageSize` at a
 * time (1..100, default 100) through the server's cursor.
 *
 * @example
 * for await (const judgement of memberJudgements(api, 'arbiter'))
 *   console.log(judgement.sessionId, judgement.releaseSafety);
 */
export function memberJudgements(
  api: ConveneApi,
  member: string,
  options: { pageSize?: number } = {},
): AsyncGenerator<MemberJudgement> {
  return everyItem(async (cursor) => {
    const body = unwrap(
      await api.GET('/api/swarm/members/{id}/judgements', {
        params: {
          path: { id: member },
          query: pageQuery(options.pageSize, cursor),
        },
      }),
    );
    return { items: body.judgements, nextCursor: body.nextCursor };
  });
}
