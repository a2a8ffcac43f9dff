import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ADMIN_SECURITY, adminGuard } from '../../http/admin-auth.js';
import { IsoDateTime, Uuid, documentOnly, swarmResponses } from '../shared/schemas.js';
import type { ActivationService } from './activation.js';
import type { ApplicationService } from './applications.js';
import type { TokenClaimService } from './token-claim.js';

export interface OnboardingRouteDeps {
  applications: ApplicationService;
  activation: ActivationService;
  tokenClaims: TokenClaimService;
  adminToken: string | undefined;
}

const ApplyBody = Type.Object({
  name: Type.String({ maxLength: 200 }),
  contact: Type.String({ maxLength: 320, description: 'private: never echoed on public routes' }),
  lens: Type.Optional(Type.String({ maxLength: 500 })),
  publicKey: Type.String({ description: 'base64 of the raw 32-byte Ed25519 public key' }),
  signature: Type.String({
    description: 'base64 Ed25519 signature over the canonical application (docs/protocol.md)',
  }),
});
const ApplyOk = Type.Object({
  ok: Type.Literal(true),
  status: Type.Integer(),
  memberId: Uuid,
  handle: Type.String(),
  state: Type.Literal('applied'),
});
const ApplicationStatusSchema = Type.Object({
  id: Uuid,
  state: Type.Union(
    ['applied', 'approved', 'claimed', 'rejected', 'inactive'].map((s) => Type.Literal(s)),
  ),
  appliedAt: IsoDateTime,
  reviewedAt: Type.Union([IsoDateTime, Type.Null()]),
  claimedAt: Type.Union([IsoDateTime, Type.Null()]),
});
const MemberChange = Type.Object({
  ok: Type.Literal(true),
  status: Type.Integer(),
  memberId: Uuid,
  memberStatus: Type.String(),
  changed: Type.Boolean(),
});
const IdParams = Type.Object({ id: Type.String({ description: 'member UUID or handle' }) });

export const onboardingRoutes: FastifyPluginAsyncTypebox<OnboardingRouteDeps> = async (
  app,
  deps,
) => {
  const { applications, activation, tokenClaims } = deps;
  const admin = { onRequest: adminGuard(deps.adminToken) };

  app.post(
    '/api/swarm/apply',
    {
      ...documentOnly,
      schema: {
        tags: ['swarm onboarding'],
        summary:
          'Apply with a signed application; an invalid signature records nothing and returns expectedPayload',
        body: ApplyBody,
        response: swarmResponses({ 200: ApplyOk, 201: ApplyOk }, [400, 409]),
      },
    },
    async (request, reply) => {
      const result = await applications.apply(request.body);
      const status = result.created ? 201 : 200;
      return reply.status(status).send({
        ok: true,
        status,
        memberId: result.memberId,
        handle: result.handle,
        state: result.state,
      });
    },
  );

  app.get(
    '/api/swarm/apply/:id',
    {
      schema: {
        tags: ['swarm onboarding'],
        summary: 'Public, redacted application status',
        params: Type.Object({ id: Type.String() }),
        response: swarmResponses({ 200: ApplicationStatusSchema }, [404]),
      },
    },
    async (request) => applications.status(request.params.id),
  );

  app.post(
    '/api/swarm/token-claim/challenge',
    {
      ...documentOnly,
      schema: {
        tags: ['swarm onboarding'],
        summary: 'An opaque challenge valid 10 minutes (the answer never reveals membership)',
        body: Type.Object({ memberId: Type.String() }),
        response: swarmResponses(
          { 200: Type.Object({ challenge: Type.String(), expiresAt: IsoDateTime }) },
          [400],
        ),
      },
    },
    async (request) => tokenClaims.challenge(request.body),
  );

  app.post(
    '/api/swarm/token-claim',
    {
      ...documentOnly,
      schema: {
        tags: ['swarm onboarding'],
        summary:
          'Prove the key with a signed challenge; the first valid proof returns the bearer token once',
        body: Type.Object({
          memberId: Type.String(),
          challenge: Type.String(),
          expiresAt: Type.String(),
          signature: Type.String(),
        }),
        response: swarmResponses(
          {
            201: Type.Object({
              ok: Type.Literal(true),
              status: Type.Integer(),
              memberId: Uuid,
              token: Type.String(),
            }),
          },
          [400, 401, 409],
        ),
      },
    },
    async (request, reply) => {
      const { memberId, token } = await tokenClaims.claim(request.body);
      return reply.status(201).send({ ok: true, status: 201, memberId, token });
    },
  );

  app.get(
    '/api/swarm/verify-token',
    {
      schema: {
        tags: ['swarm onboarding'],
        summary: 'Which member a bearer token belongs to',
        security: [{ memberToken: [] }],
        response: swarmResponses({ 200: Type.Object({ memberId: Uuid }) }, [401]),
      },
    },
    async (request) => ({
      memberId: await tokenClaims.authenticate(request.headers.authorization),
    }),
  );

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
    async (request) => {
      const change = await activation.activate(
        (request.body as { memberId?: unknown } | null)?.memberId,
      );
      return {
        ok: true,
        status: 200,
        memberId: change.memberId,
        memberStatus: change.status,
        changed: change.changed,
      };
    },
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
      async (request) => {
        const change = await action(request.params.id);
        return {
          ok: true,
          status: 200,
          memberId: change.memberId,
          memberStatus: change.status,
          changed: change.changed,
        };
      },
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
    async (request) => {
      const rotated = await activation.rotateKey(
        request.params.id,
        (request.body as { publicKey?: unknown } | null)?.publicKey,
      );
      return { ok: true, status: 200, ...rotated };
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
    async (request) => ({
      ok: true,
      status: 200,
      ...(await activation.revokeToken(request.params.id)),
    }),
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
    async (request) => ({
      ok: true,
      status: 200,
      ...(await activation.setRole(
        request.params.id,
        (request.body as { role?: unknown } | null)?.role,
      )),
    }),
  );
};
