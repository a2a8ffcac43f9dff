import { SwarmError } from '../errors.js';

/** The swarm's error messages: spec §7 verbatim where the spec names one, ours otherwise. */
export const SWARM_ERRORS = {
  invalidSubmission: 'invalid submission',
  signatureFailed: 'signature verification failed',
  invalidSigningDraft: 'invalid signing draft',
  missingBearer: 'missing bearer token',
  unknownToken: 'unknown member token',
  tokenMemberMismatch: 'token/member mismatch',
  notOnRoster: "member is not on this session's expected roster",
  excused: 'member is excused from this session',
  noKey: 'no registered key for member',
  noSession: 'no session for date/subject',
  windowClosed: 'submission window closed',
  nonceReplay: 'nonce already used by this member (replay); mint a fresh nonce to amend',
  capReached: 'amendment cap reached (5 takes per member per session)',
  amendmentClosed: 'amendment window closed (session already aggregated); the take on file stands',
  amendmentClosedPublished:
    'amendment window closed (session already published); the take on file stands',
  revisionRace: 'a concurrent submission from this member won the same revision; retry',
  // Onboarding (spec: shapes not shown beyond status codes).
  invalidApplication: 'invalid application',
  applicationSignature: 'application signature verification failed',
  keyAlreadyRegistered: 'public key already registered to an admitted member',
  tokenAlreadyClaimed: 'token already claimed',
  invalidClaim: 'token claim rejected: challenge unknown, expired or signature invalid',
  invalidTokenClaimBody: 'invalid token claim',
  memberNotFound: 'member not found',
  applicationNotFound: 'application not found',
  takeNotFound: 'take not found',
  memoNotFound: 'memo not found',
  invalidMemo: 'invalid memo',
  notPending: 'member has no pending key to activate',
} as const;

export const swarmError = (
  status: number,
  message: string,
  extra?: Record<string, unknown>,
): SwarmError => new SwarmError(status, message, extra === undefined ? undefined : { extra });
