import type { BriefRow } from './repository.js';

/** SwarmBrief as served: `{ id, date, subjectId, sessionId, createdAt, body }`. */
export function briefResource(row: BriefRow, body: unknown = row.body) {
  return {
    id: row.id,
    date: row.date,
    subjectId: row.subject_id,
    sessionId: row.session_id,
    createdAt: row.created_at.toISOString(),
    body: body ?? null,
  };
}
