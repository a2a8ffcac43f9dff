// Shapes of the track-record reads, derived from the generated OpenAPI types
// (server schemas: packages/server/src/swarm/track-record/schemas.ts).
import type { JsonOf } from './openapi.js';

export type SessionOutcomes = JsonOf<'/api/swarm/sessions/{id}/outcome'>;
export type SessionOutcome = SessionOutcomes['outcomes'][number];
export type MemberTrackRecord = JsonOf<'/api/swarm/members/{id}/track-record'>;
export type MemberHorizon = MemberTrackRecord['horizons'][number];
export type MemberRecord = NonNullable<MemberHorizon['record']>;
export type ScoredTake = MemberHorizon['takes'][number];
export type TrackRecordBoard = JsonOf<'/api/swarm/track-record'>;
export type LeaderboardRow = TrackRecordBoard['leaderboard'][number];
export type SwarmRecord = TrackRecordBoard['swarm'];
export type SwarmSessionScore = TrackRecordBoard['sessions'][number];
