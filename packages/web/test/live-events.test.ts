/**
 * Live pages in Chromium: an open session's page and the log page subscribe to GET
 * /api/swarm/events with the browser's own EventSource. A take submitted over HTTP shows on the open
 * session's page, and the log page's checkpoint moves, without a reload; the "live" mark is there
 * and axe-clean, at phone and desktop size.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser } from 'playwright-core';
import {
  onboardMember,
  signedTakeBody,
  startStagingServer,
  submitTake,
  type HttpMember,
  type StagingServer,
} from '@convene/test-support';
import { seriousAxeViolations } from './support/audit.js';
import { launchBrowser, openPage, screenshot } from './support/browser.js';

const ADMIN_TOKEN = `live-admin-${randomBytes(12).toString('hex')}`;
const SUBJECT = 'live-subject';
const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 1440, height: 900 },
];

let staging: StagingServer;
let browser: Browser;
let base: string;
let member: HttpMember;
let sessionId: string;
let date: string;

const admin = (method: string, path: string, body: unknown) =>
  fetch(`${base}${path}`, {
    method,
    headers: { 'content-type': 'application/json', 'x-admin-token': ADMIN_TOKEN },
    body: JSON.stringify(body),
  });

const fileTake = async (stance: string) => {
  const body = await signedTakeBody(member, {
    date,
    subjectId: SUBJECT,
    nonce: crypto.randomUUID(),
    stance,
  });
  expect((await submitTake(base, member.token, body)).status).toBe(201);
};

beforeAll(async () => {
  [staging, browser] = await Promise.all([
    startStagingServer({
      name: 'web-live',
      adminToken: ADMIN_TOKEN,
      receiptSeed: randomBytes(32).toString('base64'),
      logSeed: randomBytes(32).toString('base64'),
    }),
    launchBrowser(),
  ]);
  base = staging.server.baseUrl;
  member = await onboardMember(base, ADMIN_TOKEN, 'Lena Live');
  expect(
    (
      await admin('PUT', `/api/swarm/admin/subjects/${SUBJECT}`, {
        name: 'Live subject',
        recommendationType: 'bucket_weights',
      })
    ).ok,
  ).toBe(true);
  const opened = await admin('POST', '/api/swarm/admin/sessions', { subjectId: SUBJECT });
  sessionId = ((await opened.json()) as { sessionId: string }).sessionId;
  date = (
    (await (await fetch(`${base}/api/swarm/sessions/${sessionId}`)).json()) as { date: string }
  ).date;
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await staging?.stop();
});

const STANCES = ['bullish', 'bearish'];

for (const [i, viewport] of VIEWPORTS.entries()) {
  test(`an open session's page shows a new take live at ${viewport.width}×${viewport.height}`, async () => {
    const tab = await openPage(browser, viewport);
    const { page } = tab;
    await page.goto(`${base}/swarm/sessions/${sessionId}`, { waitUntil: 'domcontentloaded' });
    const badge = page.locator('[data-testid="live-badge"]');
    await badge.waitFor({ timeout: 20_000 });
    expect(await badge.getAttribute('aria-label')).toMatch(/^Live:/);
    expect(await seriousAxeViolations(page)).toEqual([]);

    await page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));
    const stance = STANCES[i]!;
    const shown = page.locator('[data-testid="takes"]').getByText(stance, { exact: false });
    expect(await shown.count()).toBe(0);
    await fileTake(stance);
    await shown.first().waitFor({ timeout: 20_000 });
    expect(
      await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded),
    ).toBe(true);
    expect(tab.errors).toEqual([]);
    await screenshot(page, `live-session-${viewport.width}`);
    await tab.close();
  });
}

test('the log page moves to a new checkpoint live', async () => {
  const tab = await openPage(browser, VIEWPORTS[1]);
  const { page } = tab;
  await page.goto(`${base}/log`, { waitUntil: 'domcontentloaded' });
  await page.locator('[data-testid="live-badge"]').waitFor({ timeout: 20_000 });
  const size = page.locator('[data-testid="log-size"]');
  await size.waitFor({ timeout: 20_000 });
  const before = await size.textContent();
  await page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));
  await fileTake('neutral');
  await page.waitForFunction(
    (previous) => document.querySelector('[data-testid="log-size"]')?.textContent !== previous,
    before,
    { timeout: 20_000 },
  );
  expect(
    await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded),
  ).toBe(true);
  expect(await seriousAxeViolations(page)).toEqual([]);
  await tab.close();
});
