/** Data-version name of everything the swarm read routes serve (bumped by every swarm write). */
export const SWARM_DATASET = 'swarm';

/** Data-version name of the stored outcomes, which every track-record read is cached against. */
export const TRACK_RECORD_DATASET = 'track-record';

/**
 * Static segments of routes under /api/swarm/sessions/{x}/…: a subject with one of these slugs could
 * never be read at /api/swarm/sessions/{date}/{subject}, so subjects may not take them.
 */
export const SESSION_SUBROUTES = [
  'judgements',
  'consensus-receipt',
  'snapshot',
  'outcome',
] as const;
