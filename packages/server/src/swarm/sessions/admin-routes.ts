import { isPlainObject } from '@convene/protocol';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Clock } from '../../clock.js';
import { ADMIN_SECURITY, adminGuard } from '../../http/admin-auth.js';
import { isCalendarDate } from '../shared/dates.js';
import { IsoDateTime, Uuid, documentOnly, swarmResponses } from '../shared/schemas.js';
import type { AllocationBridge } from './allocation-bridge.js';
import type { LifecycleSweep } from './jobs.js';
import type { LifecycleService, LifecycleTarget } from './lifecycle.js';
import type { RosterAdmin, RosterChange } from './roster-admin.js';
import { fail } from '../../errors.js';

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
  const result = (session: { id: string; state: string; window_closes_at: Date | null }) => ({
    ok: true as const,
    status: 200,
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
          'Open a session by hand (roster frozen, snapshot, brief); with fireAt the same fire never opens twice',
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
          [401, 404],
        ),
      },
    },
    async (request, reply) => {
      const body = bodyFields(request.body);
      if (typeof body.subjectId !== 'string' || body.subjectId === '') throw fail('invalidSubject');
      if (body.date !== undefined && (typeof body.date !== 'string' || !isCalendarDate(body.date)))
        throw fail('invalidDate');
      const opened = await lifecycle.convene({
        subjectId: body.subjectId,
        ...(typeof body.date === 'string' ? { date: body.date } : {}),
        ...(body.windowClosesAt === undefined
          ? {}
          : { windowClosesAt: instant(body.windowClosesAt, true) }),
        ...(body.fireAt === undefined ? {} : { fireAt: instant(body.fireAt, false) }),
      });
      const status = opened.created ? 201 : 200;
      return reply.status(status).send({ ok: true, status, ...opened });
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
    async (request) => {
      const body = bodyFields(request.body);
      if (!('windowClosesAt' in body)) throw fail('invalidWindow');
      return result(
        await lifecycle.setWindow(request.params.id, instant(body.windowClosesAt, true)),
      );
    },
  );

  const step = (path: string, target: LifecycleTarget, summary: string) =>
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
      async (request) => {
        const session = await lifecycle.advance(request.params.id, target, 'now');
        if (target === 'published')
          await deps.allocations.syncSubject(session.subject_id, deps.clock.now());
        return result(session);
      },
    );
  step('close', 'window_closed', 'Close the window now (idempotent)');
  step('aggregate', 'aggregated', 'Close if needed, then aggregate (idempotent)');
  step('judge', 'judged', 'Run every step up to the in-house rules judgement (idempotent)');
  step(
    'publish',
    'published',
    'Run every step, then sign and publish the consensus receipt (idempotent)',
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
    async (request) => {
      const body = bodyFields(request.body);
      const action = body.action;
      if (
        typeof body.memberId !== 'string' ||
        !['add', 'excuse', 'restore'].includes(action as string)
      )
        throw fail('invalidRosterChange');
      const roster = await deps.roster.change(
        request.params.id,
        body.memberId,
        action as RosterChange,
      );
      return {
        ok: true as const,
        status: 200,
        roster: roster.map((entry) => ({ ...entry, addedAt: entry.addedAt.toISOString() })),
      };
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
    async () => ({ ok: true as const, status: 200, ...(await deps.sweep()) }),
  );
};

/** The fields of a JSON object body; any other body (text, an array, nothing) has none. */
function bodyFields(body: unknown): Record<string, unknown> {
  return isPlainObject(body) ? body : {};
}

function instant(value: unknown, nullable: boolean): Date | null {
  if (value === null && nullable) return null;
  if (
    typeof value === 'string' &&
    !Number.isNaN(Date.parse(value)) &&
    /\d{4}-\d{2}-\d{2}T/.test(value)
  )
    return new Date(value);
  throw fail('invalidWindow');
}
