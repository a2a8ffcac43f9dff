/**
 * Where a reader checks the data at its source: the block explorer of the treasury's chain and the
 * analytics dataset's provider, as configured (EXPLORER_URL, ANALYTICS_SOURCE_URL/NAME), or null.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ConfigError, parseConfig } from '../src/config.js';
import { createTestApp, type TestContext } from './support/app.js';

describe('source links', () => {
  let configured: TestContext;
  let unset: TestContext;
  beforeAll(async () => {
    configured = await createTestApp('pglite', {
      env: {
        EXPLORER_URL: 'https://explorer.example/',
        ANALYTICS_SOURCE_URL: 'https://data.example/agents',
        ANALYTICS_SOURCE_NAME: 'Example Data',
      },
    });
    unset = await createTestApp('pglite');
  });
  afterAll(async () => {
    await configured?.close();
    await unset?.close();
  });

  test('GET /api/site-links answers the configured explorer and provider, cacheable', async () => {
    const response = await configured.app.inject({ url: '/api/site-links' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=300');
    expect(response.json()).toEqual({
      explorerUrl: 'https://explorer.example',
      analyticsSource: { name: 'Example Data', url: 'https://data.example/agents' },
    });
  });

  test('unset: null, never a made-up link; a provider without a name is named by its host', async () => {
    expect((await unset.app.inject({ url: '/api/site-links' })).json()).toEqual({
      explorerUrl: null,
      analyticsSource: null,
    });
    expect(
      parseConfig({ ANALYTICS_SOURCE_URL: 'https://data.example:8443/x' }).sourceLinks
        .analyticsSource,
    ).toEqual({ name: 'data.example:8443', url: 'https://data.example:8443/x' });
  });

  test('a link that is not an http(s) URL is a configuration error naming the variable', () => {
    expect(() => parseConfig({ EXPLORER_URL: 'javascript:alert(1)' })).toThrow(ConfigError);
    expect(() => parseConfig({ ANALYTICS_SOURCE_URL: 'ftp://data.example' })).toThrow(
      /ANALYTICS_SOURCE_URL must be a URL starting with http:\/\/ or https:\/\//,
    );
  });
});
