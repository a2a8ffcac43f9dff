import type { StoredTake } from '@convene/protocol';
import { sql, type RawBuilder } from 'kysely';

/**
 * The one mapping between the `take` table and a stored take (protocol `StoredTake`), both ways:
 * reads select these columns (the table unaliased) and get its fields by name, and a take is filed
 * as the JSON `convene_file_takes` (functions/file-takes.ts) reads. The key a take was filed with
 * is joined by each read (`member_key`, or none where it may be gone).
 */
export const TAKE_COLUMNS = [
  'take.id',
  'take.recommendation_id as recommendationId',
  'take.session_id as sessionId',
  'take.member_id as memberId',
  'take.revision',
  'take.key_id as keyId',
  'take.nonce',
  'take.stance',
  'take.confidence',
  'take.body',
  'take.memo_url as memoUrl',
  'take.weights',
  'take.canonical',
  'take.signature',
  'take.received_at as receivedAt',
] as const;

/** A filed take as `TAKE_COLUMNS` read it, the key it was filed with not joined. */
export type FiledTake = Omit<StoredTake, 'publicKey'> & { recommendationId: number; keyId: number };

/** `TAKE_COLUMNS` for a raw statement over `take` under another name (`alias`). */
export function takeColumnsSql(alias: string): RawBuilder<unknown> {
  return sql.raw(
    TAKE_COLUMNS.map((column) => {
      const [name, as] = column.slice('take.'.length).split(' as ');
      return `${alias}.${name} as "${as ?? name}"`;
    }).join(', '),
  );
}

/** A row of `TAKE_COLUMNS` (with any added columns) as its record: the sequence number a number. */
export function takeRecord<
  Row extends { recommendationId: number | string; keyId: number | string },
>(row: Row): Row & { recommendationId: number; keyId: number } {
  return { ...row, recommendationId: Number(row.recommendationId), keyId: Number(row.keyId) };
}

/** A take about to be filed: its stored fields and the id of the key it was filed with. */
export interface TakeToStore extends StoredTake {
  keyId: number;
}

/** A take as `convene_file_takes` reads it, with its log entry's leaf hash (null: no log kept). */
export function takeFilingJson(take: TakeToStore, leafHash: Uint8Array | null) {
  return {
    id: take.id,
    sessionId: take.sessionId,
    memberId: take.memberId,
    revision: take.revision,
    keyId: take.keyId,
    nonce: take.nonce,
    stance: take.stance,
    confidence: take.confidence,
    body: take.body,
    memoUrl: take.memoUrl,
    weights: take.weights,
    canonical: take.canonical,
    signature: take.signature,
    receivedAt: take.receivedAt.toISOString(),
    leafHash: leafHash === null ? null : Buffer.from(leafHash).toString('base64'),
  };
}
