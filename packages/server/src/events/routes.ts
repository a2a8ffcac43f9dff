import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { isSwarmEventType, SWARM_EVENT_TYPES, type SwarmEventType } from '@convene/protocol';
import { Type } from 'typebox';
import { fail } from '../errors.js';
import { SwarmErrorSchema } from '../swarm/shared/schemas.js';
import { parseCursor, type Cursor } from './cursor.js';
import type { EventStreams } from './streams.js';

const DESCRIPTION = `Server-Sent Events, one per line group: \`id\` (an opaque cursor), \`event\` (one of ${SWARM_EVENT_TYPES.join(', ')}; or \`reset\`), \`data\` (one line of JSON). Resume with the last id as \`Last-Event-ID\` (or \`lastEventId\`): the events after it are replayed when it lies within the replay window, otherwise the stream opens with a \`reset\` event and goes on from now. A \`: heartbeat\` comment keeps idle connections open. docs/agents.md, "Events instead of polling".`;

/** `GET /api/swarm/events`: the swarm's public events as Server-Sent Events. */
export const eventRoutes: FastifyPluginAsyncTypebox<{ streams: EventStreams }> = async (
  app,
  { streams },
) => {
  app.get(
    '/api/swarm/events',
    {
      schema: {
        tags: ['swarm sessions'],
        summary:
          'Live swarm events (Server-Sent Events): sessions, takes, receipts, checkpoints, keys',
        description: DESCRIPTION,
        querystring: Type.Object({
          lastEventId: Type.Optional(
            Type.String({
              description: 'resume after this id (for clients that cannot set Last-Event-ID)',
            }),
          ),
          types: Type.Optional(
            Type.String({
              description: `comma-separated event types to receive (default all): ${SWARM_EVENT_TYPES.join(', ')}`,
            }),
          ),
        }),
        headers: Type.Object({
          'last-event-id': Type.Optional(Type.String({ description: 'resume after this id' })),
        }),
        response: {
          200: {
            description:
              'text/event-stream; charset=utf-8, one event per `id`/`event`/`data` group',
            content: { 'text/event-stream': { schema: Type.String() } },
          },
          // A domain refusal (an unknown type, a bad cursor) or one Fastify raised first (a repeated
          // parameter fails the schema): both are 400s of the catalogue, never a 500.
          400: SwarmErrorSchema,
          429: {
            ...SwarmErrorSchema,
            description:
              'too many streams open from this address (IPv6: its /64), or opened in the last minute; `Retry-After` says when to retry',
          },
          503: {
            ...SwarmErrorSchema,
            description:
              'this server holds as many streams as it serves (`EVENTS_MAX_STREAMS`); `Retry-After` says when to retry',
          },
        },
      },
    },
    async (request, reply) => {
      const cursor = cursorOf(request.headers['last-event-id'] ?? request.query.lastEventId);
      const types = typesOf(request.query.types);
      const admitted = streams.admit(request.ip);
      if (!admitted.ok) {
        reply.header('retry-after', String(admitted.retryAfterSeconds));
        throw admitted.error;
      }
      const gone = new AbortController();
      reply.raw.on('close', () => gone.abort());
      const stream = await streams.start(admitted.group, cursor, types, gone.signal);
      return reply
        .header('content-type', 'text/event-stream; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('x-accel-buffering', 'no')
        .send(stream.body as never); // a stream body; the schema types only JSON replies
    },
  );
};

function cursorOf(value: string | undefined): Cursor | undefined {
  if (value === undefined || value === '') return undefined;
  const cursor = parseCursor(value);
  if (cursor === undefined) throw fail('invalidEventCursor');
  return cursor;
}

function typesOf(value: string | undefined): ReadonlySet<SwarmEventType> | undefined {
  if (value === undefined || value === '') return undefined;
  const types = new Set<SwarmEventType>();
  for (const name of value.split(',')) {
    const type = name.trim();
    if (!isSwarmEventType(type)) throw fail('unknownEventType', SWARM_EVENT_TYPES.join(', '));
    types.add(type);
  }
  return types;
}
