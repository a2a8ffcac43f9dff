import { Type } from 'typebox';
import { LogStatusSchema } from '../tlog/schemas.js';

const Instant = Type.String({ format: 'date-time' });
const MaybeInstant = Type.Union([Instant, Type.Null()]);

export const AdminStatusSchema = Type.Object({
  version: Type.String({ description: 'the server package version' }),
  node: Type.String(),
  env: Type.Union([Type.Literal('prod'), Type.Literal('staging'), Type.Literal('demo')]),
  loading: Type.Boolean({ description: 'a first demo start is still building its data' }),
  startedAt: Instant,
  uptimeSeconds: Type.Integer(),
  database: Type.Object({
    driver: Type.String(),
    location: Type.String({ description: 'PGlite directory, or the URL without its password' }),
    serverVersion: Type.String(),
    sizeBytes: Type.Number(),
  }),
  migrations: Type.Object({
    applied: Type.Integer(),
    latest: Type.Union([Type.String(), Type.Null()]),
    latestAppliedAt: MaybeInstant,
    pending: Type.Array(Type.String(), { description: 'known to this version, not yet applied' }),
    unknown: Type.Array(Type.String(), {
      description: 'applied by a newer version than this one (a downgrade)',
    }),
  }),
  scheduler: Type.Object({ enabled: Type.Boolean() }),
  jobs: Type.Array(
    Type.Object({
      name: Type.String(),
      schedule: Type.String(),
      nextRunAt: MaybeInstant,
      lastRun: Type.Union([
        Type.Object({
          startedAt: Instant,
          finishedAt: MaybeInstant,
          outcome: Type.Union([Type.String(), Type.Null()]),
          detail: Type.Union([Type.String(), Type.Null()]),
        }),
        Type.Null(),
      ]),
    }),
  ),
  openSessions: Type.Array(
    Type.Object({
      id: Type.String(),
      subjectId: Type.String(),
      date: Type.String(),
      state: Type.String(),
      convenedAt: Instant,
      windowClosesAt: MaybeInstant,
      takeCount: Type.Integer(),
    }),
    { description: 'sessions not yet published, newest first (at most 20)' },
  ),
  pendingApplications: Type.Object({
    count: Type.Integer(),
    oldest: Type.Array(Type.Object({ id: Type.String(), appliedAt: Instant }), {
      description: 'the 20 oldest, to activate or reject',
    }),
  }),
  outbox: Type.Object({
    pending: Type.Integer({ description: 'emails not yet delivered' }),
    retrying: Type.Integer({ description: 'of those, tried at least once' }),
    sent: Type.Integer(),
    oldestPendingAt: MaybeInstant,
    lastError: Type.Union([Type.String(), Type.Null()]),
  }),
  eventStreams: Type.Object(
    {
      open: Type.Integer({ description: 'streams open on this replica' }),
      max: Type.Integer({ description: 'EVENTS_MAX_STREAMS: the next is a 503' }),
      maxPerAddress: Type.Integer({
        description: 'EVENTS_MAX_STREAMS_PER_ADDRESS (IPv6: per /64)',
      }),
      addresses: Type.Integer({
        description: 'address groups (IPv4 addresses, IPv6 /64s) with a stream open',
      }),
      refused: Type.Object(
        { rate: Type.Integer(), address: Type.Integer(), total: Type.Integer() },
        { description: 'refusals since start: rate and address are 429s, total is the 503' },
      ),
      droppedStalled: Type.Integer({
        description:
          'streams dropped since start because their reader fell more than EVENTS_MAX_UNSENT_BYTES behind',
      }),
      replayReads: Type.Object(
        { whole: Type.Integer(), extend: Type.Integer() },
        { description: 'database reads of the shared replay page since start' },
      ),
    },
    {
      description:
        "this replica's GET /api/swarm/events streams against their limits (docs/operations.md)",
    },
  ),
  log: Type.Union([LogStatusSchema, Type.Null()], {
    description:
      'the transparency log: size, latest checkpoint, signer state, rejected checkpoint rows, witnesses (null when LOG_ENABLED=false)',
  }),
});
