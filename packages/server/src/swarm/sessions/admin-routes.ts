import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { Type } from 'typebox';
import type { Clock } from '../../clock.js';
import { ADMIN_SECURITY, adminGuard } from '../../http/admin-auth.js';
import { IsoDateTime, Uuid, documentOnly, swarmResponses } from '../shared/schemas.js';
import type { AllocationBridge } from './allocation-bridge.js';
import type { LifecycleSweep } from './jobs.js';
import type { LifecycleService, LifecycleTarget } from './lifecycle.js';
import type { RosterAdmin } from './roster-admin.js';
import { parseConveneBody, parseRosterChangeBody, parseWindowBody } from './bodies.js';
import { succeeded } from '../shared/envelope.js';

export interface SessionAdminDeps {
  lifecycle: LifecycleService;
  roster: RosterAdmin;
  allocations: AllocationBridge;
  clock: Clock;
  sweep: () => Promise<LifecycleSweep>;
  adminToken: string | undefined;
}

const StepResult = Type.Object({
  ok: Type.Literal(true),
  status: Type.Integer(),
  sessionId: Uuid,
  state: Type.String(),
  windowClosesAt: Type.Union([IsoDateTime, Type.Null()]),
});
const SessionParams = Type.Object({ id: Type.String({ description: 'session UUID' }) });

export const sessionAdminRoutes: FastifyPluginAsyncTypebox<SessionAdminDeps> = async (
  app,
  deps,
) => {
  const { lifecycle } = deps;
  const admin = { onRequest: adminGuard(deps.adminToken) };
  const result = (
    reply: FastifyReply,
    session: { id: string; state: string; window_closes_at: Date | null },
  ) =>
    succeeded(reply, 200, {
      sessionId: session.id,
      state: session.state,
      windowClosesAt: session.window_closes_at?.toISOString() ?? null,
    });

  app.post(
    '/api/swarm/admin/sessions',
    {
      ...admin,
      ...documentOnly,
      schema: {
        tags: ['swarm admin'],
        summary:
          'Open a session by hand (roster frozen, snapshot, brief); one per date and subject unless additional',
        description:
          "A signed take names a date and a subject, not a session, so each date and subject has one session: when the pair already has one the answer is 409 with that session's id in `sessionId`, unless `additional: true` asks for another. With `fireAt` the same fire never opens twice (200, created: false). The scheduler counts a session opened here as its date's fire and never convenes a fire older than it.",
        security: ADMIN_SECURITY,
        body: Type.Object({
          subjectId: Type.String(),
          date: Type.Optional(
            Type.String({
              description:
                'UTC date YYYY-MM-DD, a real calendar day (else 400 date must be YYYY-MM-DD); default today (or the fire date)',
            }),
          ),
          windowClosesAt: Type.Optional(Type.Union([IsoDateTime, Type.Null()])),
          fireAt: Type.Optional(IsoDateTime),
          additional: Type.Optional(
            Type.Boolean({
              description:
                'open even when the date and subject already have a session (default false: 409)',
            }),
          ),
        }),
        response: swarmResponses(
          {
            200: Type.Object({
              ok: Type.Literal(true),
              status: Type.Integer(),
              sessionId: Uuid,
              created: Type.Boolean(),
            }),
          },
          [401, 404, 409],
        ),
      },
    },
    async (request, reply) => {
      const opened = await lifecycle.convene(parseConveneBody(request.body));
      return succeeded(reply, opened.created ? 201 : 200, opened);
    },
  );

  app.post(
    '/api/swarm/admin/sessions/:id/window',
    {
      ...admin,
      ...documentOnly,
      schema: {
        tags: ['swarm admin'],
        summary: 'Set the deadline of a collecting session (null: no deadline); 409 once closed',
        security: ADMIN_SECURITY,
        params: SessionParams,
        body: Type.Object({ windowClosesAt: Type.Union([IsoDateTime, Type.Null()]) }),
        response: swarmResponses({ 200: StepResult }, [401, 404, 409]),
      },
    },
    async (request, reply) =>
      result(reply, await lifecycle.setWindow(request.params.id, parseWindowBody(request.body))),
  );

  const step = (path: string, target: Exclude<LifecycleTarget, 'published'>, summary: string) =>
    app.post(
      `/api/swarm/admin/sessions/:id/${path}`,
      {
        ...admin,
        schema: {
          tags: ['swarm admin'],
          summary,
          security: ADMIN_SECURITY,
          params: SessionParams,
          response: swarmResponses({ 200: StepResult }, [401, 404]),
        },
      },
      async (request, reply) =>
        result(reply, await lifecycle.advance(request.params.id, target, 'now')),
    );
  step('close', 'window_closed', 'Close the window now (idempotent)');
  step('aggregate', 'aggregated', 'Close if needed, then aggregate (idempotent)');
  step('judge', 'judged', 'Run every step up to the in-house rules judgement (idempotent)');

  app.post(
    '/api/swarm/admin/sessions/:id/publish',
    {
      ...admin,
      schema: {
        tags: ['swarm admin'],
        summary:
          'Run every step, then sign and publish the consensus receipt (idempotent); refuses a session with no take unless force',
        description:
          'A session in which no take counts (none filed, or none by a member expected on its roster) is refused with 409: its receipt would record `submitted: 0` for good. `?force=true` publishes it anyway. A published session answers as it stands.',
        security: ADMIN_SECURITY,
        params: SessionParams,
        querystring: Type.Object({
          force: Type.Optional(
            Type.Boolean({ description: 'true: publish even when no take counts (default false)' }),
          ),
        }),
        response: swarmResponses({ 200: StepResult }, [401, 404, 409]),
      },
    },
    async (request, reply) => {
      const session = await lifecycle.publish(request.params.id, request.query.force === true);
      await deps.allocations.syncSubject(session.subject_id, deps.clock.now());
      return result(reply, session);
    },
  );

  app.post(
    '/api/swarm/admin/sessions/:id/roster',
    {
      ...admin,
      ...documentOnly,
      schema: {
        tags: ['swarm admin'],
        summary: 'Add, excuse or restore a roster member while the session is collecting',
        security: ADMIN_SECURITY,
        params: SessionParams,
        body: Type.Object({
          memberId: Type.String({ description: 'member UUID or handle' }),
          action: Type.Union([
            Type.Literal('add'),
            Type.Literal('excuse'),
            Type.Literal('restore'),
          ]),
        }),
        response: swarmResponses(
          {
            200: Type.Object({
              ok: Type.Literal(true),
              status: Type.Integer(),
              roster: Type.Array(Type.Unknown()),
            }),
          },
          [401, 404, 409],
        ),
      },
    },
    async (request, reply) => {
      const { memberId, action } = parseRosterChangeBody(request.body);
      const roster = await deps.roster.change(request.params.id, memberId, action);
      return succeeded(reply, 200, {
        roster: roster.map((entry) => ({ ...entry, addedAt: entry.addedAt.toISOString() })),
      });
    },
  );

  app.post(
    '/api/swarm/admin/lifecycle/run',
    {
      ...admin,
      schema: {
        tags: ['swarm admin'],
        summary: 'Run one lifecycle pass now: convene due fires, close, aggregate, judge, publish',
        security: ADMIN_SECURITY,
        response: swarmResponses(
          {
            200: Type.Object({
              ok: Type.Literal(true),
              status: Type.Integer(),
              convened: Type.Integer(),
              briefs: Type.Integer(),
              advanced: Type.Integer(),
              allocations: Type.Integer(),
            }),
          },
          [401],
        ),
      },
    },
    async (_request, reply) => succeeded(reply, 200, await deps.sweep()),
  );
};
