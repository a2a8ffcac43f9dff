import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type TestContext } from '../support/app.js';

// The document comes from the route schemas alone, so one database kind is enough.
describe('analytics in the OpenAPI document', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp('pglite');
  });
  afterAll(async () => ctx?.close());

  test('every analytics route is documented with its response fields and descriptions', async () => {
    const document = (await ctx.app.inject({ url: '/openapi.json' })).json();
    for (const path of [
      '/api/dashboards/overview',
      '/api/dashboards/entities',
      '/api/dashboards/leaderboard',
      '/api/dashboards/agents',
      '/api/dashboards/agents/{id}',
      '/api/dashboards/coins',
      '/api/dashboards/coins/{id}',
      '/api/dashboards/vaults',
      '/api/dashboards/vaults/{id}',
      '/api/dashboards/wallets',
      '/api/dashboards/wallets/{id}',
      '/api/projects',
      '/api/projects/{slug}',
      '/api/dashboards/activity',
      '/api/comments',
    ]) {
      expect(document.paths[path]?.get?.responses?.['200'], path).toBeDefined();
    }
    const overview =
      document.paths['/api/dashboards/overview'].get.responses['200'].content['application/json']
        .schema;
    expect(overview.properties.totals.properties.vaultTvlUsd.description).toMatch(
      /third-party vaults/,
    );
    const importRoute = document.paths['/api/admin/analytics/import'].post;
    expect(importRoute.security).toEqual([{ adminToken: [] }]);
  });

  test('every analytics list documents sorting, search and paging over the whole dataset', async () => {
    const document = (await ctx.app.inject({ url: '/openapi.json' })).json<{
      paths: Record<
        string,
        { get: { parameters?: Array<{ name: string; in: string; schema: unknown }> } }
      >;
    }>();
    for (const path of [
      '/api/dashboards/entities',
      '/api/dashboards/leaderboard',
      '/api/dashboards/agents',
      '/api/dashboards/coins',
      '/api/dashboards/vaults',
      '/api/dashboards/wallets',
      '/api/projects',
    ]) {
      const query = (document.paths[path]?.get.parameters ?? [])
        .filter((parameter) => parameter.in === 'query')
        .map((parameter) => parameter.name);
      for (const name of ['sort', 'order', 'search', 'limit', 'offset']) {
        expect(query, `${path} ?${name}`).toContain(name);
      }
      const sort = document.paths[path]!.get.parameters!.find((p) => p.name === 'sort')!;
      expect(JSON.stringify(sort.schema), `${path} sort keys`).toMatch(/anyOf|enum|const/);
    }
  });
});
