import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ADMIN_SECURITY, adminGuard } from '../../http/admin-auth.js';
import { Uuid, documentOnly, swarmResponses } from '../shared/schemas.js';
import type { ActivationService } from './activation.js';
import { parseActivateBody, parseRoleBody, parseRotateKeyBody } from './bodies.js';
import { succeeded } from '../shared/envelope.js';

/** Activating, deactivating and reactivating members, their keys, tokens and roles (X-Admin-Token). */
export interface MemberAdminRouteDeps {
  activation: ActivationService;
  adminToken: string | undefined;
}

const MemberChange = Type.Object({
  ok: Type.Literal(true),
  status: Type.Integer(),
  memberId: Uuid,
  memberStatus: Type.String(),
  changed: Type.Boolean(),
});
const IdParams = Type.Object({ id: Type.String({ description: 'member UUID or handle' }) });

export const memberAdminRoutes: FastifyPluginAsyncTypebox<MemberAdminRouteDeps> = async (
  app,
  { activation, adminToken },
) => {
  const admin = { onRequest: adminGuard(adminToken) };

  app.post(
    '/api/swarm/admin/activate',
    {
      ...admin,
      ...documentOnly,
      schema: {
        tags: ['swarm admin'],
        summary:
          'Activate an applicant: the pending key becomes active and an approval email is queued',
        security: ADMIN_SECURITY,
        body: Type.Object({ memberId: Type.String() }),
        response: swarmResponses({ 200: MemberChange }, [400, 401, 404, 409]),
      },
    },
    async (request, reply) =>
      succeeded(
        reply,
        200,
        changeFields(await activation.activate(parseActivateBody(request.body))),
      ),
  );

  const memberAction = (
    path: string,
    summary: string,
    action: (id: string) => ReturnType<ActivationService['deactivate']>,
  ) =>
    app.post(
      `/api/swarm/admin/members/:id/${path}`,
      {
        ...admin,
        schema: {
          tags: ['swarm admin'],
          summary,
          security: ADMIN_SECURITY,
          params: IdParams,
          response: swarmResponses({ 200: MemberChange }, [401, 403, 404]),
        },
      },
      async (request, reply) =>
        succeeded(reply, 200, changeFields(await action(request.params.id))),
    );
  memberAction('deactivate', 'Deactivate a member and revoke its token', (id) =>
    activation.deactivate(id),
  );
  memberAction('reactivate', 'Reactivate a member (it claims a fresh token with its key)', (id) =>
    activation.reactivate(id),
  );

  app.post(
    '/api/swarm/admin/members/:id/rotate-key',
    {
      ...admin,
      ...documentOnly,
      schema: {
        tags: ['swarm admin'],
        summary:
          "Replace a member's active key; takes signed with the old key keep verifying against it",
        security: ADMIN_SECURITY,
        params: IdParams,
        body: Type.Object({ publicKey: Type.String() }),
        response: swarmResponses(
          {
            200: Type.Object({
              ok: Type.Literal(true),
              status: Type.Integer(),
              memberId: Uuid,
              keyId: Type.Integer(),
            }),
          },
          [400, 401, 404, 409],
        ),
      },
    },
    async (request, reply) => {
      const rotated = await activation.rotateKey(
        request.params.id,
        parseRotateKeyBody(request.body),
      );
      return succeeded(reply, 200, rotated);
    },
  );

  app.post(
    '/api/swarm/admin/members/:id/revoke-token',
    {
      ...admin,
      schema: {
        tags: ['swarm admin'],
        summary: "Revoke a member's bearer token; the member claims a new one by proving its key",
        security: ADMIN_SECURITY,
        params: IdParams,
        response: swarmResponses(
          {
            200: Type.Object({
              ok: Type.Literal(true),
              status: Type.Integer(),
              memberId: Uuid,
              revoked: Type.Boolean(),
            }),
          },
          [401, 404],
        ),
      },
    },
    async (request, reply) =>
      succeeded(reply, 200, await activation.revokeToken(request.params.id)),
  );

  app.post(
    '/api/swarm/admin/members/:id/role',
    {
      ...admin,
      ...documentOnly,
      schema: {
        tags: ['swarm admin'],
        summary: 'Set a member role: member (files takes) or judge (files judgements)',
        security: ADMIN_SECURITY,
        params: IdParams,
        body: Type.Object({ role: Type.Union([Type.Literal('member'), Type.Literal('judge')]) }),
        response: swarmResponses(
          {
            200: Type.Object({
              ok: Type.Literal(true),
              status: Type.Integer(),
              memberId: Uuid,
              role: Type.String(),
            }),
          },
          [400, 401, 404],
        ),
      },
    },
    async (request, reply) =>
      succeeded(
        reply,
        200,
        await activation.setRole(request.params.id, parseRoleBody(request.body)),
      ),
  );
};

/** The fields of an admin action's answer on a member (MemberChange). */
function changeFields(change: Awaited<ReturnType<ActivationService['deactivate']>>) {
  return {
    memberId: change.memberId,
    memberStatus: change.status,
    changed: change.changed,
  };
}
