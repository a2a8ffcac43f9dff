import { INVALID_SIGNING_DRAFT, SESSION_STATES, STANCE_ERROR } from './constants.js';

/**
 * Every error the service answers with on purpose, by name: its status, its body shape and its
 * message (spec §7 verbatim where the spec names one, ours otherwise). The server's throw sites name the error
 * (`throw fail('windowClosed')`) and its http/error-handler.ts turns it into a response in one place;
 * every body carries the entry's wire `code` (`errorCode`: the name in snake case, `window_closed`),
 * which is what clients key their advice on, never the English message.
 *
 * Two shapes, as the spec has them: a swarm domain error answers `{ ok: false, status, error }`, a
 * request the service could not parse or address answers `{ error }`. Every swarm 404 is a domain
 * error, reads included (the spec's §7 table lists its 404s among the swarm domain errors;
 * docs/decisions.md "One 404 body on the swarm routes").
 */
export const ERRORS = {
  // Submitting takes (spec §7).
  invalidSubmission: domain(400, 'invalid submission'),
  invalidStance: domain(400, STANCE_ERROR),
  signatureFailed: domain(400, 'signature verification failed'),
  invalidSigningDraft: domain(400, INVALID_SIGNING_DRAFT),
  missingBearer: domain(401, 'missing bearer token'),
  unknownToken: domain(401, 'unknown member token'),
  tokenMemberMismatch: domain(403, 'token/member mismatch'),
  notOnRoster: domain(403, "member is not on this session's expected roster"),
  excused: domain(403, 'member is excused from this session'),
  noKey: domain(403, 'no registered key for member'),
  noSession: domain(404, 'no session for date/subject'),
  windowClosed: domain(409, 'submission window closed'),
  nonceReplay: domain(
    409,
    'nonce already used by this member (replay); mint a fresh nonce to amend',
  ),
  capReached: domain(409, 'amendment cap reached (5 takes per member per session)'),
  amendmentClosed: domain(
    409,
    'amendment window closed (session already aggregated); the take on file stands',
  ),
  revisionRace: domain(
    409,
    'a concurrent submission from this member won the same revision; retry',
  ),
  takeNotFound: domain(404, 'take not found'),
  takeRowMissing: domain(
    410,
    'take removed: the service filed it (its nonce ledger names it) but no longer serves its row',
  ),

  // Onboarding: applications, activation, token claims (the spec shows only status codes).
  invalidApplication: domain(400, 'invalid application'),
  applicationSignature: domain(400, 'application signature verification failed'),
  keyAlreadyRegistered: domain(409, 'public key already registered to an admitted member'),
  displayNameTaken: domain(409, (name: string) => `display name already taken: ${name}`),
  applicationNotFound: domain(404, 'application not found'),
  invalidPublicKey: domain(400, 'invalid public key'),
  invalidRole: domain(400, 'role must be member or judge'),
  memberIdRequired: domain(400, 'memberId is required'),
  notPending: domain(409, 'member has no pending key to activate'),
  memberNotFound: domain(404, 'member not found'),
  invalidTokenClaimBody: domain(400, 'invalid token claim'),
  invalidClaim: domain(
    401,
    'token claim rejected: challenge unknown, expired or signature invalid',
  ),
  tokenAlreadyClaimed: domain(409, 'token already claimed'),
  missingAdminToken: domain(401, 'missing admin token'),
  invalidAdminToken: domain(401, 'invalid admin token'),

  // Sessions, rosters and subjects (admin actions).
  sessionNotFound: domain(404, 'session not found'),
  subjectNotFound: domain(404, 'subject not found'),
  sessionOfDayExists: domain(
    409,
    (day: string) =>
      `${day}: a take names a date and a subject, not a session, so each pair has one session; send additional: true to open another anyway`,
  ),
  emptySession: domain(
    409,
    (sessionId: string) =>
      `no take counts in session ${sessionId}: its consensus receipt would record submitted: 0 for good; publish with ?force=true to sign it anyway`,
  ),
  notCollecting: domain(
    409,
    'the session is no longer collecting; its window and roster are frozen',
  ),
  judgeNotOnRoster: domain(409, 'judges file judgements, not takes: a judge cannot join a roster'),
  rosterMemberAbsent: domain(404, 'member is not on this session roster'),
  invalidRosterChange: domain(400, 'memberId and action (add, excuse, restore) are required'),
  invalidWindow: domain(400, 'windowClosesAt must be an ISO 8601 date-time or null'),
  invalidDate: domain(400, 'date must be YYYY-MM-DD'),
  invalidSubject: domain(400, 'subjectId is required'),
  notBoolean: domain(400, (field: string) => `${field} must be true or false`),
  invalidSubjectSlug: domain(400, 'subject id must be a lower-case slug (a-z, 0-9, -)'),
  reservedSubjectSlug: domain(
    400,
    (id: string) => `subject id ${id} is reserved: /api/swarm/sessions/{id}/${id} is a route`,
  ),
  linkedMemberNotFound: domain(404, 'linked member not found'),
  scheduleNeedsCron: domain(400, 'an enabled schedule needs a cron expression'),
  invalidSubjectSettings: domain(400, (reason: string) => reason),

  // Memos and judgements.
  invalidMemo: domain(400, 'invalid memo'),
  memoNotFound: domain(404, 'memo not found'),
  invalidJudgement: domain(400, 'invalid judgement'),
  notJudge: domain(403, 'member is not a judge'),
  judgementsClosed: domain(409, 'judgements close when the session is published'),
  duplicateJudgement: domain(409, 'this judge already filed a judgement for this session'),

  // Swarm reads.
  readInvalidDate: request(400, 'date must be YYYY-MM-DD'),
  receiptNotFound: domain(404, 'no consensus receipt: the session has not been published'),
  judgementNotFound: domain(404, 'judgement not found'),
  briefNotFound: domain(404, 'no brief matches'),
  briefSessionNotUuid: request(400, 'session must be a session UUID'),
  briefDateInvalid: request(400, 'date must be YYYY-MM-DD (or pass session)'),
  briefSubjectRequired: request(400, 'subject is required with date'),
  invalidLimit: request(400, 'limit must be an integer'),
  invalidCursor: request(400, 'invalid cursor'),
  invalidSessionState: request(400, `state must be one of ${SESSION_STATES.join(', ')}`),
  unknownHorizon: request(400, (horizons: string) => `horizon must be one of ${horizons}`),
  noSeriesForLabel: domain(404, 'no series is configured for that label'),
  invalidSeriesRange: request(
    400,
    'from and to must be YYYY-MM-DD, from ≤ to, at most 800 days apart',
  ),
  invalidLeaderboardSort: request(400, (sorts: string) => `sort must be one of ${sorts}`),

  // The event stream (GET /api/swarm/events).
  invalidEventCursor: domain(400, 'malformed event cursor (Last-Event-ID or lastEventId)'),
  unknownEventType: domain(
    400,
    (types: string) => `types must be a comma-separated list of ${types}`,
  ),
  tooManyEventStreams: domain(429, 'too many event streams from this address; close one and retry'),
  tooManyEventConnects: domain(
    429,
    'too many new event streams from this address; reconnect after Retry-After seconds',
  ),
  eventStreamsFull: domain(
    503,
    'this server holds as many event streams as it serves; retry after Retry-After seconds',
  ),

  // The transparency log.
  noCheckpoint: request(404, 'the log has no checkpoint yet'),
  checkpointNotFound: request(404, 'no checkpoint of that size'),
  entryNotFound: request(404, 'no log entry with that index or leaf hash'),
  badTreeSize: request(
    400,
    'treeSize must be at least 1 and at most the size of the latest checkpoint',
  ),
  badIndex: request(400, 'logIndex must be below treeSize'),
  badRange: request(
    400,
    'from must be at most to, and to at most the size of the latest checkpoint',
  ),
  badEntryRange: request(400, 'need 0 ≤ start < end ≤ log size and at most 1000 entries'),
  badLeafHash: request(400, 'leafHash must be base64 (or hex) of 32 bytes'),
  oneOfIndexOrLeaf: request(400, 'give exactly one of index and leafHash'),
  badCosignature: request(
    400,
    'not a valid cosignature by that witness key over a checkpoint this log issued',
  ),
  badWitnessKey: request(400, 'vkey must be a witness verifier key of type 0x04 (cosignature/v1)'),
  unknownWitness: request(
    403,
    'this log accepts cosignatures only from the witness keys its operator configured',
  ),
  emptyTreeCosignature: request(400, 'a checkpoint of size 0 is not cosigned'),
  badCosignatureTime: request(
    400,
    "a cosignature must be dated no earlier than its checkpoint was signed and at most 10 minutes ahead of the log's clock",
  ),
  duplicateCosignature: request(409, 'this witness has already cosigned this checkpoint'),

  // Treasury and regime.
  unknownBucket: request(400, (bucket: string) => `unknown bucket: ${bucket}`),
  bucketNamedTwice: request(400, (bucket: string) => `bucket named twice: ${bucket}`),
  invalidBucketWeight: request(
    400,
    (bucket: string) => `weight of ${bucket} must be a finite number ≥ 0`,
  ),
  weightsNotPositive: request(400, 'weights must have a positive total'),
  noVaultReading: request(404, 'no vault reading has been recorded yet'),
  noTokenReading: request(404, 'no token reading has been recorded yet'),
  unknownResearchSignal: request(404, (key: string) => `unknown research signal: ${key}`),
  researchSignalNotComputed: request(
    404,
    (key: string) => `research signal ${key} has not been computed yet`,
  ),

  // Analytics.
  agentNotFound: request(404, 'agent not found'),
  coinNotFound: request(404, 'coin not found'),
  vaultNotFound: request(404, 'vault not found'),
  walletNotFound: request(404, 'wallet not found'),
  projectNotFound: request(404, 'project not found'),
  invalidPageLimit: request(400, 'limit must be an integer from 1 to 500'),
  invalidPage: request(400, 'page must be a page number from 1'),
  importNotNdjson: request(415, (type: string) => `unsupported content-type: send ${type}`),
  importEmpty: request(400, (type: string) => `send the records as a non-empty ${type} body`),

  // Any route: what the HTTP layer refuses before a handler runs (http/error-handler.ts turns
  // Fastify's validation and body-parsing errors, and the database's, into these).
  invalidRequest: request(400, (detail: string) => `invalid request: ${detail}`),
  bodyNotUtf8: request(400, 'request body is not valid UTF-8'),
  notFiniteNumber: request(
    400,
    (where: string) => `invalid request: ${where} must be a finite number`,
  ),
  malformedJsonBody: request(400, 'malformed JSON body'),
  emptyJsonBody: request(400, 'empty JSON body'),
  bodyLengthMismatch: request(400, 'Request body size did not match Content-Length'),
  bodyTooLarge: request(413, 'request body too large'),
  unsupportedContentType: request(415, 'unsupported content-type'),
  unstorableCharacters: request(400, 'request contains characters that cannot be stored'),
  impossibleDate: request(400, 'request contains an invalid date'),
  noRoute: request(404, (route: string) => `no route for ${route}`),
  loading: request(503, 'demo data is loading; try again in a few seconds'),
  malformedUrl: request(400, 'malformed URL: a percent-escape in the path is not valid UTF-8'),
  pathParameterTooLong: request(414, 'a path parameter is longer than 100 characters'),
  /** A 4xx a plugin raised on its own (the static site's range errors): its status and message. */
  refusedByPlugin: request(400, (message: string) => message),
  internal: request(500, 'internal error'),
} as const;

export type ErrorName = keyof typeof ERRORS;
/** `domain`: `{ ok: false, status, error }`; `request`: `{ error }`. */
export type ErrorShape = 'domain' | 'request';

export type Message = string | ((...args: never[]) => string);
export type MessageArgs<N extends ErrorName> = (typeof ERRORS)[N]['message'] extends (
  ...args: infer A
) => string
  ? A
  : [];

function domain<M extends Message>(status: number, message: M) {
  return { status, shape: 'domain' as const, message };
}
function request<M extends Message>(status: number, message: M) {
  return { status, shape: 'request' as const, message };
}

/** A catalogue name as it goes on the wire: `windowClosed` → `window_closed`. */
export type SnakeCase<S extends string> = S extends `${infer Head}${infer Tail}`
  ? `${Head extends Lowercase<Head> ? Head : `_${Lowercase<Head>}`}${SnakeCase<Tail>}`
  : S;

/** Every error body's `code`: the stable identity of a catalogue entry. */
export type ErrorCode = SnakeCase<ErrorName>;

/** The wire `code` of a catalogue entry. */
export function errorCode<N extends ErrorName>(name: N): SnakeCase<N> {
  return name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`) as SnakeCase<N>;
}

/** Every wire code the service can answer with. */
export const ERROR_CODES: ReadonlySet<ErrorCode> = new Set(
  (Object.keys(ERRORS) as ErrorName[]).map(errorCode),
);

/** Whether `code` (from a response body) is one of the catalogue's. */
export function isErrorCode(code: unknown): code is ErrorCode {
  return typeof code === 'string' && ERROR_CODES.has(code as ErrorCode);
}
