import { describe, expect, test } from 'vitest';
import { ConfigError, parseConfig } from '../src/config.js';

describe('parseConfig', () => {
  test('defaults describe a demo deployment on port 8080 with PGlite under ./data', () => {
    const config = parseConfig({}, '/srv/convene');
    expect(config).toMatchObject({
      port: 8080,
      appEnv: 'demo',
      databaseUrl: undefined,
      dataDir: '/srv/convene/data',
      tokenKey: 'CONVENE',
      schedulerEnabled: true,
    });
    expect(Object.isFrozen(config)).toBe(true);
  });

  test('one error names every bad variable', () => {
    const error = captureConfigError({
      PORT: 'eighty',
      APP_ENV: 'production',
      DATABASE_URL: 'mysql://x',
    });
    expect(error.problems).toHaveLength(3);
    expect(error.message).toContain('PORT must be an integer');
    expect(error.message).toContain(
      'APP_ENV must be one of prod, staging, demo (got "production")',
    );
    expect(error.message).toContain(
      'DATABASE_URL must be a URL starting with postgres:// or postgresql://',
    );
  });

  test("track records: horizons, the minimum for a rank and each label's series (demo maps its own)", () => {
    const demo = parseConfig({}, '/srv');
    expect(demo.trackRecord.horizons).toEqual([7, 30]);
    expect(demo.trackRecord.minScoredTakes).toBe(10);
    expect(demo.trackRecord.series.get('service_token')).toEqual({
      text: 'regime:ETH',
      source: { kind: 'regime', key: 'ETH' },
    });
    const staging = parseConfig(
      {
        APP_ENV: 'staging',
        ADMIN_TOKEN: 'x'.repeat(16),
        RECEIPT_SIGNING_KEY: Buffer.alloc(32, 1).toString('base64'),
        LOG_SIGNING_KEY: Buffer.alloc(32, 2).toString('base64'),
        TRACK_RECORD_HORIZONS: '30,1',
        TRACK_RECORD_SERIES: `aave=own-vault,x=coin:${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}`,
      },
      '/srv',
    );
    expect(staging.trackRecord.horizons).toEqual([1, 30]);
    expect([...staging.trackRecord.series.keys()]).toEqual(['aave', 'x']);
    expect(parseConfig({ APP_ENV: 'staging', ...keys() }, '/srv').trackRecord.series.size).toBe(0);
    const error = captureConfigError({
      TRACK_RECORD_HORIZONS: '7,7',
      TRACK_RECORD_MIN_TAKES: '0',
      TRACK_RECORD_SERIES: 'aave=somewhere',
    });
    expect(error.problems).toHaveLength(3);
    expect(error.message).toContain('TRACK_RECORD_HORIZONS must be 1 to 4 distinct whole days');
    expect(error.message).toContain('TRACK_RECORD_MIN_TAKES must be an integer from 1');
    expect(error.message).toContain('TRACK_RECORD_SERIES items must be label=regime:<KEY>');
  });

  test('prod requires an admin token and a receipt signing key, and never echoes secrets', () => {
    const error = captureConfigError({ APP_ENV: 'prod', ADMIN_TOKEN: 'short-secret' });
    expect(error.message).toContain('ADMIN_TOKEN must be at least 16 characters long');
    expect(error.message).toContain('RECEIPT_SIGNING_KEY is required when APP_ENV=prod');
    expect(error.message).toContain('LOG_SIGNING_KEY is required when APP_ENV=prod');
    expect(error.message).not.toContain('short-secret');
  });

  test('LOG_SIGNING_KEY must be base64 of 32 bytes; LOG_ORIGIN defaults to the public host', () => {
    expect(captureConfigError({ LOG_SIGNING_KEY: 'AAAA' }).message).toContain(
      'LOG_SIGNING_KEY must be base64 of exactly 32 bytes',
    );
    expect(parseConfig({ PUBLIC_BASE_URL: 'https://convene.example:8443/x' }).logOrigin).toBe(
      'convene.example:8443/convene-log',
    );
    expect(parseConfig({}).logOrigin).toBe('localhost/convene-log');
    expect(parseConfig({ LOG_ORIGIN: 'log.example/a' }).logOrigin).toBe('log.example/a');
    expect(captureConfigError({ LOG_ORIGIN: 'has space' }).message).toContain('LOG_ORIGIN');
  });

  test('RECEIPT_SIGNING_KEY must be base64 of 32 bytes', () => {
    expect(captureConfigError({ RECEIPT_SIGNING_KEY: 'AAAA' }).message).toContain(
      'RECEIPT_SIGNING_KEY must be base64 of exactly 32 bytes',
    );
    const seed = Buffer.alloc(32, 7).toString('base64');
    expect(parseConfig({ RECEIPT_SIGNING_KEY: seed }).receiptSigningKey).toBe(seed);
  });

  test('booleans, integers and ranges are checked', () => {
    expect(parseConfig({ SCHEDULER_ENABLED: 'off', PORT: '0' })).toMatchObject({
      schedulerEnabled: false,
      port: 0,
    });
    expect(captureConfigError({ PORT: '70000' }).message).toContain(
      'PORT must be an integer from 0 to 65535',
    );
    expect(parseConfig({}).databasePoolSize).toBe(10);
    expect(parseConfig({ DATABASE_POOL_SIZE: '32' }).databasePoolSize).toBe(32);
    expect(captureConfigError({ DATABASE_POOL_SIZE: '1' }).message).toContain(
      'DATABASE_POOL_SIZE must be an integer from 2 to 500',
    );
    expect(captureConfigError({ SCHEDULER_ENABLED: 'maybe' }).message).toContain(
      'SCHEDULER_ENABLED must be true or false',
    );
  });
});

function captureConfigError(env: Record<string, string>): ConfigError {
  try {
    parseConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error('expected a ConfigError');
}

function keys() {
  return {
    ADMIN_TOKEN: 'x'.repeat(16),
    RECEIPT_SIGNING_KEY: Buffer.alloc(32, 1).toString('base64'),
    LOG_SIGNING_KEY: Buffer.alloc(32, 2).toString('base64'),
  };
}
