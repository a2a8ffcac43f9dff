import { ManualClock, buildApp, migrateToLatest, openPglite, parseConfig } from '@convene/server';

/** The OpenAPI document of the current server code, built in-process on a throwaway database. */
export async function currentOpenApiDocument(): Promise<Record<string, unknown>> {
  const database = await openPglite();
  try {
    await migrateToLatest(database);
    const config = parseConfig({
      APP_ENV: 'demo',
      ADMIN_TOKEN: 'openapi-generation-token',
      SCHEDULER_ENABLED: 'false',
    });
    const app = await buildApp({ config, database, clock: new ManualClock(), logger: false });
    // Through the public route: the same document clients download.
    const document = (await app.inject({ url: '/openapi.json' })).json<Record<string, unknown>>();
    await app.close();
    return document;
  } finally {
    await database.close();
  }
}
