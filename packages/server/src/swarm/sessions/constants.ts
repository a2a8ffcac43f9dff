/** Data-version name of everything the swarm read routes serve (bumped by every swarm write). */
export const SWARM_DATASET = 'swarm';

/** Session lifecycle and read errors (ours: the spec leaves these messages open). */
export const SESSION_ERRORS = {
  sessionNotFound: 'session not found',
  subjectNotFound: 'subject not found',
  notCollecting: 'the session is no longer collecting; its window and roster are frozen',
  memberNotFound: 'member not found',
  judgeNotOnRoster: 'judges file judgements, not takes: a judge cannot join a roster',
  notOnRoster: 'member is not on this session roster',
  invalidWindow: 'windowClosesAt must be an ISO 8601 date-time or null',
  invalidDate: 'date must be YYYY-MM-DD',
  invalidSubject: 'subjectId is required',
  receiptNotFound: 'no consensus receipt: the session has not been published',
  judgementNotFound: 'judgement not found',
  briefNotFound: 'no brief matches',
  noSessionForDay: 'no session for date/subject',
} as const;

/**
 * Static segments of routes under /api/swarm/sessions/{x}/…: a subject with one of these slugs could
 * never be read at /api/swarm/sessions/{date}/{subject}, so subjects may not take them.
 */
export const SESSION_SUBROUTES = ['judgements', 'consensus-receipt', 'snapshot'] as const;
