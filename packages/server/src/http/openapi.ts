import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';

/** OpenAPI 3.1 generated from the route schemas; served at /openapi.json and rendered at /docs. */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Convene',
        version: '1',
        description:
          'Public treasury data and investment-swarm service. Every GET is public; member writes need a bearer token ' +
          'and an Ed25519 signature; admin operations need X-Admin-Token. Read `env` from /health before trusting numbers.',
      },
      components: {
        securitySchemes: {
          memberToken: { type: 'http', scheme: 'bearer', description: 'tok_<memberId>_<uuid>' },
          adminToken: { type: 'apiKey', in: 'header', name: 'X-Admin-Token' },
        },
      },
    },
  });
  await app.register(swaggerUi, { routePrefix: '/docs', staticCSP: true });
  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}
