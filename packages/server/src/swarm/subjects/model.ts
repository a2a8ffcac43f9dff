import type { Static } from 'typebox';
import { nextCronFire } from '../../jobs/cron.js';
import type { SnapshotRow, SubjectRow } from './repository.js';
import type { SubjectRecordSchema, SubjectSnapshotSchema, SwarmSubjectSchema } from './schemas.js';

/** `body.subject` of a brief: exactly the spec's camelCase fields. */
export type SubjectRecord = Static<typeof SubjectRecordSchema>;
export type SwarmSubject = Static<typeof SwarmSubjectSchema>;
export type SubjectSnapshot = Static<typeof SubjectSnapshotSchema>;

export function subjectRecord(row: SubjectRow): SubjectRecord {
  return {
    id: row.id,
    status: row.status,
    name: row.name,
    operator: row.operator,
    homepage: row.homepage,
    xHandle: row.x_handle,
    thesisBlurb: row.thesis_blurb,
    wallets: row.wallets,
    nftContracts: row.nft_contracts,
    source: row.source,
    recommendationType: row.recommendation_type,
    linkedMemberId: row.linked_member_id,
    structuralNotes: row.structural_notes,
    lastReviewed: row.last_reviewed,
  };
}

/** GET /api/swarm/subjects/{id}: the record plus its schedule and quorum. */
export function subjectResource(row: SubjectRow, now: Date): SwarmSubject {
  return {
    ...subjectRecord(row),
    quorumRequired: row.quorum_required,
    schedule: {
      cron: row.schedule,
      enabled: row.schedule_enabled,
      nextFireAt:
        row.schedule_enabled && row.schedule !== null
          ? (nextCronFire(row.schedule, now)?.toISOString() ?? null)
          : null,
    },
  };
}

export function snapshotResource(row: SnapshotRow): SubjectSnapshot {
  return {
    id: row.id,
    subjectId: row.subject_id,
    sessionId: row.session_id,
    takenAt: row.taken_at.toISOString(),
    totalUsd: row.total_usd,
    holdings: row.holdings,
    notable: row.notable,
  };
}
