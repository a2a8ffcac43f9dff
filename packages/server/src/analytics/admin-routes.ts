import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ADMIN_SECURITY, adminGuard } from '../http/admin-auth.js';
import type { AnalyticsImporter } from './import/importer.js';
import { ndjsonText } from './import/sources.js';
import { AdminErrorSchema, RequestErrorSchema } from '../error-schemas.js';
import { ImportQuery, ImportResponse } from './schemas/feeds.js';
import { fail } from '../errors.js';

const NDJSON = 'application/x-ndjson';

/**
 * POST /api/admin/analytics/import?kind=<kind>: the same importer as `npm run import`, fed one
 * NDJSON body, so the CLI can load a dataset into a remote deployment. The NDJSON parser is
 * registered in this plugin's scope only.
 */
export const adminImportRoutes: FastifyPluginAsyncTypebox<{
  importer: AnalyticsImporter;
  adminToken: string | undefined;
}> = async (app, { importer, adminToken }) => {
  app.addContentTypeParser(NDJSON, { parseAs: 'string' }, (_request, body, done) =>
    done(null, body),
  );

  app.post(
    '/api/admin/analytics/import',
    {
      onRequest: adminGuard(adminToken),
      schema: {
        tags: ['analytics', 'admin'],
        summary: 'Import analytics records of one kind from an NDJSON body',
        description:
          'Body: application/x-ndjson, one record per line in the format of docs/analytics-import.md. Valid records are ' +
          'upserted by natural key (re-import updates, never duplicates); invalid lines are reported by line and field and skipped.',
        security: ADMIN_SECURITY,
        querystring: ImportQuery,
        consumes: [NDJSON],
        response: {
          200: ImportResponse,
          400: RequestErrorSchema,
          401: AdminErrorSchema,
          415: RequestErrorSchema,
        },
      },
    },
    async (request) => {
      if (!(request.headers['content-type'] ?? '').toLowerCase().startsWith(NDJSON)) {
        throw fail('importNotNdjson', NDJSON);
      }
      if (typeof request.body !== 'string' || request.body.trim() === '') {
        throw fail('importEmpty', NDJSON);
      }
      const report = await importer.importRecords(
        request.query.kind,
        'body',
        ndjsonText(request.body),
        {
          dryRun: request.query.check === true,
        },
      );
      return {
        kind: report.kind,
        received: report.received,
        imported: report.imported,
        rejected: report.rejected,
        errors: report.errors.map(({ line, field, message }) => ({ line, field, message })),
        dataVersion: importer.dataVersion(),
      };
    },
  );
};
