import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { SourceLinks } from '../config.js';

export const SiteLinksSchema = Type.Object({
  explorerUrl: Type.Union([Type.String(), Type.Null()], {
    description:
      'a block explorer of the layer-2 (EXPLORER_URL): an address is at {explorerUrl}/address/{address}, a transaction at {explorerUrl}/tx/{hash}; null when not configured',
  }),
  analyticsSource: Type.Union(
    [Type.Object({ name: Type.String(), url: Type.String() }), Type.Null()],
    {
      description:
        'who provides the third-party analytics dataset (ANALYTICS_SOURCE_URL, ANALYTICS_SOURCE_NAME); null when not configured',
    },
  ),
});

/** Where a reader checks the data at its source: the site links addresses and the dataset there. */
export const siteLinkRoutes: FastifyPluginAsyncTypebox<{ links: SourceLinks }> = async (
  app,
  { links },
) => {
  const body = {
    explorerUrl: links.explorerUrl ?? null,
    analyticsSource: links.analyticsSource ?? null,
  };
  app.get(
    '/api/site-links',
    {
      schema: {
        tags: ['health'],
        summary: 'Where the data can be checked at its source (block explorer, dataset provider)',
        response: { 200: SiteLinksSchema },
      },
    },
    async (_request, reply) => reply.header('cache-control', 'public, max-age=300').send(body),
  );
};
