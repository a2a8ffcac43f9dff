// Shapes of the swarm read routes, derived from the generated OpenAPI types
// (server schemas: packages/server/src/swarm/*/routes.ts, sessions/schemas.ts).
import type { ConsensusReceiptPayload } from '@convene/protocol';
import type { JsonOf } from './openapi.js';

export type MembersResponse = JsonOf<'/api/swarm/members'>;
export type SwarmMember = JsonOf<'/api/swarm/members/{id}'>;
export type MemberTakes = JsonOf<'/api/swarm/members/{id}/takes'>;
export type MemberTake = MemberTakes['takes'][number];
export type MemberJudgements = JsonOf<'/api/swarm/members/{id}/judgements'>;

export type SessionList = JsonOf<'/api/swarm/sessions'>;
/** A list row without `full=1` (a `full=1` row has these fields and more). */
export type SessionSummary = Exclude<SessionList['sessions'][number], { rosterFrozen: boolean }>;
export type SessionDetail = JsonOf<'/api/swarm/sessions/{id}'>;
export type SessionState = SessionDetail['state'];
export type SessionTake = SessionDetail['takes'][number];
export type Recommendation = NonNullable<SessionDetail['recommendation']>;
export type Weight = Recommendation['weights'][number];
export type Quorum = NonNullable<SessionDetail['quorum']>;
export type DisagreementMap = NonNullable<SessionDetail['disagreement']>;
export type SwarmBrief = NonNullable<SessionDetail['brief']>;
export type BriefBody = NonNullable<SwarmBrief['body']>;
export type SessionOfDay = JsonOf<'/api/swarm/sessions/{id}/{subject}'>;
export type OpenSession = JsonOf<'/api/swarm/open-session'>;

export type Judgements = JsonOf<'/api/swarm/sessions/{id}/judgements'>;
export type Judgement = Judgements['judgements'][number];
export type TakeReceipt = JsonOf<'/api/swarm/takes/{id}'>;
export type Memo = JsonOf<'/api/swarm/memos/{id}'>;
export type ReceiptKey = JsonOf<'/api/swarm/receipt-key'>;
/** The served receipt; its signed `payload` is typed by the protocol that defines it. */
export type ConsensusReceipt = Omit<
  JsonOf<'/api/swarm/sessions/{id}/consensus-receipt'>,
  'payload'
> & { payload: ConsensusReceiptPayload };
export type ApplicationStatus = JsonOf<'/api/swarm/apply/{id}'>;

export { STANCES } from '@convene/protocol';

export type SubjectList = JsonOf<'/api/swarm/subjects'>;
export type SwarmSubject = JsonOf<'/api/swarm/subjects/{id}'>;
export type SubjectSnapshots = JsonOf<'/api/swarm/subjects/{id}/snapshots'>;
export type SubjectSnapshot = SubjectSnapshots['snapshots'][number];
export type SnapshotHolding = SubjectSnapshot['holdings'][number];
export type SessionSnapshot = JsonOf<'/api/swarm/sessions/{id}/snapshot'>;
/** `referenceAllocation` on session rows: the targets the brief carried. */
export type ReferenceAllocation = NonNullable<SessionSummary['referenceAllocation']>;
