import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserReport } from './browser-page.js';
import { VECTOR_FILES } from './vectors.js';

const CHROMIUM = '/usr/bin/chromium';
const root = (path: string) => fileURLToPath(new URL(`../${path}`, import.meta.url));

/** Bundles a source entry the way a browser app (Vite) would: `source` condition, browser platform. */
async function bundle(entry: string): Promise<string> {
  const result = await build({
    entryPoints: [root(entry)],
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    conditions: ['source'],
    logLevel: 'silent',
  });
  return result.outputFiles[0]!.text;
}

let server: Server;
let browser: Browser;
let origin: string;
let protocolBundle: string;

beforeAll(async () => {
  if (!existsSync(CHROMIUM)) {
    throw new Error(
      `${CHROMIUM} is missing: install it (apt-get install -y chromium) to run the browser check`,
    );
  }
  protocolBundle = await bundle('src/index.ts');
  const files: Record<string, { type: string; body: string }> = {
    '/': {
      type: 'text/html',
      body: '<!doctype html><title>protocol</title><script type="module" src="/page.js"></script>',
    },
    '/page.js': { type: 'text/javascript', body: await bundle('test/browser-page.ts') },
  };
  for (const name of VECTOR_FILES) {
    files[`/vectors/${name}`] = {
      type: 'application/json',
      body: await readFile(root(`vectors/${name}`), 'utf8'),
    };
  }
  server = createServer((request, response) => {
    const file = files[request.url ?? ''];
    response.writeHead(file === undefined ? 404 : 200, {
      'content-type': file?.type ?? 'text/plain',
    });
    response.end(file?.body ?? 'not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => server?.close(resolve));
});

describe('browser build', () => {
  it('bundles src/index.ts for the browser without Node built-ins', () => {
    expect(protocolBundle).not.toMatch(/node:crypto|require\(/);
    expect(protocolBundle).toContain('platform: "web"');
  });

  it('replays every vector, verifies receipts and the transparency log in headless Chromium', async () => {
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${origin}/`);
    await page.waitForFunction(() => 'protocolReport' in globalThis);
    const report = await page.evaluate(
      () => (globalThis as unknown as { protocolReport: Promise<BrowserReport> }).protocolReport,
    );
    await page.close();

    expect(errors).toEqual([]);
    expect(report.failures).toEqual([]);
    expect(report.platform).toBe('web');
    expect(report.userAgent).toContain('Chrome');
    expect(report.webCryptoEd25519).toBe(true);
    expect(report.signatures).toBeGreaterThanOrEqual(16);
    expect(report.receipts).toBeGreaterThanOrEqual(20);
    // The transparency log's vectors: the same replay as vectors.test.ts, in the browser build.
    expect(report.tlog.entries).toBeGreaterThanOrEqual(8);
    expect(report.tlog.inclusionProofs).toBe((report.tlog.entries * (report.tlog.entries + 1)) / 2);
    expect(report.tlog.consistencyProofs).toBeGreaterThan(report.tlog.inclusionProofs);
    expect(report.tlog.tampered).toBeGreaterThanOrEqual(14);
  }, 60_000);
});
