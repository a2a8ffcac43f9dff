import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { IsoDateTime, Uuid, documentOnly, swarmResponses } from '../shared/schemas.js';
import type { ApplicationService } from './applications.js';
import { parseApplyBody, parseChallengeBody, parseTokenClaimBody } from './bodies.js';
import type { TokenClaimService } from './token-claim.js';
import { succeeded } from '../shared/envelope.js';

/** Applying, the application's status and claiming a token: the public onboarding routes. */
export interface OnboardingRouteDeps {
  applications: ApplicationService;
  tokenClaims: TokenClaimService;
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
export const onboardingRoutes: FastifyPluginAsyncTypebox<OnboardingRouteDeps> = async (
  app,
  deps,
) => {
  const { applications, tokenClaims } = deps;

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
      const result = await applications.apply(parseApplyBody(request.body));
      return succeeded(reply, result.created ? 201 : 200, {
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
    async (request) => tokenClaims.challenge(parseChallengeBody(request.body)),
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
      const { memberId, token } = await tokenClaims.claim(parseTokenClaimBody(request.body));
      return succeeded(reply, 201, { memberId, token });
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
};
