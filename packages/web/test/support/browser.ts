import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const SCREENSHOTS = fileURLToPath(
  new URL('../../../../test-artifacts/screenshots/', import.meta.url),
);

/** Launches Debian's Chromium; throws (the suite fails, never skips) when it is missing. */
export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(
      `Chromium not found at ${CHROMIUM}: install the Debian chromium package (browser tests need it)`,
    );
  }
  await mkdir(SCREENSHOTS, { recursive: true });
  return chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
}

export interface WatchedPage {
  page: Page;
  /** Console errors and uncaught page errors seen so far. */
  errors: string[];
  close: () => Promise<void>;
}

export async function openPage(
  browser: Browser,
  options: { width?: number; height?: number; colorScheme?: 'dark' | 'light' } = {},
): Promise<WatchedPage> {
  const context = await browser.newContext({
    viewport: { width: options.width ?? 1280, height: options.height ?? 900 },
    // The site's own theme, dark; Chromium would otherwise report a preference for light.
    colorScheme: options.colorScheme ?? 'dark',
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return { page, errors, close: () => context.close() };
}

/**
 * A whole-page JPEG: encoding 37 tall pages as PNG took a fifth of a route walk (10.6 of 47 s alone),
 * JPEG at quality 80 about half that, and a reader of the layout loses nothing.
 */
export async function screenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({
    path: join(SCREENSHOTS, `${name}.jpeg`),
    fullPage: true,
    type: 'jpeg',
    quality: 80,
  });
}
