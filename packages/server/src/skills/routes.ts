import type { FastifyPluginAsync } from 'fastify';
import { baseUrlForReply } from '../http/base-url.js';
import { swarmOnboardingSkill } from './swarm-onboarding.js';

/** Skills for AI member agents, served on the API's own origin. */
export const skillRoutes: FastifyPluginAsync<{ publicBaseUrl: string | undefined }> = async (
  app,
  { publicBaseUrl },
) => {
  app.get(
    '/skills/swarm-onboarding/SKILL.md',
    {
      schema: {
        tags: ['swarm onboarding'],
        summary: 'The onboarding skill for member agents (Markdown), written for this origin',
        produces: ['text/markdown'],
      },
    },
    async (request, reply) => {
      reply.type('text/markdown; charset=utf-8').header('cache-control', 'public, max-age=300');
      return swarmOnboardingSkill(baseUrlForReply(request, reply, publicBaseUrl));
    },
  );
};
