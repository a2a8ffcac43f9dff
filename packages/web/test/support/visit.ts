import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { screenshot, type WatchedPage } from './browser.js';

/**
 * Opens `path`, waits for `ready` (a selector that only appears with data), checks that no error
 * box or console error showed up, and saves a screenshot named `name`.
 */
export async function visit(
  watched: WatchedPage,
  baseUrl: string,
  path: string,
  ready: string,
  name: string,
): Promise<Page> {
  const { page } = watched;
  watched.errors.length = 0;
  await page.goto(`${baseUrl}${path}`, { waitUntil: 'domcontentloaded' });
  await page.waitForSelector(ready, { timeout: 20_000 });
  await page.waitForFunction(() => document.querySelectorAll('.loading').length === 0, undefined, {
    timeout: 20_000,
  });
  expect(await page.locator('.error-box').count(), `error box on ${path}`).toBe(0);
  expect(watched.errors, `console errors on ${path}`).toEqual([]);
  await screenshot(page, name);
  return page;
}
