import { execFile } from 'node:child_process';
import { createDecipheriv, scrypt } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { base64ToBytes, publicKeyFromSeed } from '@convene/protocol';
import { launchBrowser, openPage, screenshot } from './support/browser.js';
import { activate } from './support/member.js';
import { startServer, type RunningServer } from './support/server.js';
import { visit } from './support/visit.js';

const CONVENE = fileURLToPath(new URL('../../client/bin/convene.js', import.meta.url));
const PASSPHRASE = 'correct horse battery';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(560_000), launchBrowser()]);
  console.info(`join test server ready in ${server.startupMs} ms (demo data seeded or copied)`);
}, 600_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

interface Applied {
  memberId: string;
  publicKey: string;
  /** The downloaded keystore.json, as text. */
  keyFile: string;
}

/** Generates a key on /join, applies with it and downloads the key file the page offers. */
async function applyInBrowser(page: Page): Promise<Applied> {
  await page.goto(`${server.baseUrl}/join`);
  await page.waitForSelector('[data-testid="apply"]');
  // Before a key exists the submit button is disabled and the page says why.
  expect(await page.locator('[data-testid="apply-submit"]').isDisabled()).toBe(true);
  expect(await page.locator('[data-testid="apply"] form').textContent()).toContain(
    'Generate a key first: the application is signed with it.',
  );
  await page.click('[data-testid="generate-key"]');
  const publicKey = (await page.locator('[data-testid="public-key"]').textContent())!;
  // No unencrypted key file is offered, before or after applying.
  expect(await page.locator('a[download]').count()).toBe(0);
  await page.fill('input[name="name"]', `Key Export Tester ${Date.now()}`);
  await page.fill('input[name="contact"]', 'keys@example.org');
  await page.fill('input[name="passphrase"]', PASSPHRASE);
  await page.click('[data-testid="apply-submit"]');
  await page.waitForSelector('[data-testid="download-keystore"]');
  expect(await page.locator('a[download]').count()).toBe(1);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.click('[data-testid="download-keystore"]'),
  ]);
  expect(download.suggestedFilename()).toBe('keystore.json');
  const keyFile = await readFile(await download.path(), 'utf8');
  const status = page.locator('[data-testid="apply-result"] a[href^="/join/status/"]');
  const memberId = (await status.getAttribute('href'))!.split('/').pop()!;
  return { memberId, publicKey, keyFile };
}

/** Opens the CLI's keystore the way `convene` does (scrypt, then AES-256-GCM): the seed. */
async function cliSeed(keyFile: string, passphrase: string): Promise<string> {
  const { seed } = JSON.parse(keyFile) as {
    seed: {
      kdfParams: { N: number; r: number; p: number; salt: string };
      iv: string;
      tag: string;
      ciphertext: string;
    };
  };
  const { N, r, p, salt } = seed.kdfParams;
  const key = await promisify((pass: string, s: Buffer, cb: (e: Error | null, k: Buffer) => void) =>
    scrypt(pass, s, 32, { N, r, p, maxmem: 64 * 1024 * 1024 }, cb),
  )(passphrase, Buffer.from(salt, 'base64'));
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(seed.iv, 'base64'));
  decipher.setAuthTag(Buffer.from(seed.tag, 'base64'));
  return Buffer.concat([
    decipher.update(Buffer.from(seed.ciphertext, 'base64')),
    decipher.final(),
  ]).toString('utf8');
}

function convene(args: string[], home: string): Promise<{ stdout: string; stderr: string }> {
  return promisify(execFile)(process.execPath, [CONVENE, ...args], {
    env: {
      ...process.env,
      CONVENE_HOME: home,
      CONVENE_URL: server.baseUrl,
      CONVENE_PASSPHRASE: PASSPHRASE,
    },
  });
}

describe('the member key leaves the browser only encrypted', () => {
  test('the downloaded key file holds no seed in the clear, and the convene CLI claims the token with it', async () => {
    const watched = await openPage(browser, { width: 390, height: 844 });
    const applied = await applyInBrowser(watched.page);
    const seed = await cliSeed(applied.keyFile, PASSPHRASE);
    // The seed the file seals is the key the application was signed with.
    expect(await publicKeyFromSeed(seed)).toBe(applied.publicKey);
    const seedBytes = Buffer.from(base64ToBytes(seed)!);
    expect(seedBytes.length).toBe(32);
    for (const form of [seed, seedBytes.toString('base64url'), seedBytes.toString('hex')])
      expect(applied.keyFile).not.toContain(form);
    await expect(cliSeed(applied.keyFile, 'not the passphrase')).rejects.toThrow();
    await screenshot(watched.page, 'join-key-export');

    // The CLI uses the file as its own keystore.
    await activate(server.baseUrl, server.dataDir, applied.memberId);
    const home = await mkdtemp(join(tmpdir(), 'convene-home-'));
    try {
      await writeFile(join(home, 'keystore.json'), applied.keyFile, { mode: 0o600 });
      await writeFile(join(home, 'member.json'), JSON.stringify({ memberId: applied.memberId }), {
        mode: 0o600,
      });
      await convene(['claim-token'], home);
      const whoami = await convene(['whoami'], home);
      expect(whoami.stdout).toContain(applied.memberId);
    } finally {
      await rm(home, { recursive: true, force: true });
    }
    expect(watched.errors).toEqual([]);
    await watched.close();
  }, 180_000);

  test('another browser imports the key file, claims the token, copies it, and the next steps resolve', async () => {
    const first = await openPage(browser, { width: 1440, height: 900 });
    const applied = await applyInBrowser(first.page);
    await first.close();
    const keyFile = join(await mkdtemp(join(tmpdir(), 'convene-key-')), 'keystore.json');
    await writeFile(keyFile, applied.keyFile);

    const watched = await openPage(browser, { width: 390, height: 844 });
    const { page } = watched;
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], {
      origin: server.baseUrl,
    });
    await visit(
      watched,
      server.baseUrl,
      `/join/status/${applied.memberId}`,
      '[data-testid="claim-token"]',
      'join-import-waiting',
    );
    expect(await page.locator('[data-testid="claim-submit"]').isDisabled()).toBe(true);
    expect(await page.locator('[data-testid="claim-blocked"]').textContent()).toBe(
      'Waiting for an admin to approve the application.',
    );
    await activate(server.baseUrl, server.dataDir, applied.memberId);
    await page.reload();
    await page.waitForSelector('[data-testid="import-key"]');
    // Approved, but this browser holds no key yet: the button is disabled and says so.
    expect(await page.locator('[data-testid="claim-submit"]').isDisabled()).toBe(true);
    expect(await page.locator('[data-testid="claim-blocked"]').textContent()).toContain(
      'No key for this member is stored in this browser',
    );
    await page.setInputFiles('[data-testid="import-key"]', keyFile);
    await page.waitForSelector('[data-testid="claim-blocked"]', { state: 'detached' });
    expect(await page.locator('[data-testid="claim-submit"]').isEnabled()).toBe(true);
    await page.fill('[data-testid="claim-token"] input[name="passphrase"]', PASSPHRASE);
    await page.click('[data-testid="claim-submit"]');
    const token = (await page.locator('[data-testid="token-value"]').textContent())!.trim();
    const verified = await fetch(`${server.baseUrl}/api/swarm/verify-token`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(verified.status).toBe(200);
    expect(((await verified.json()) as { memberId: string }).memberId).toBe(applied.memberId);

    // The copy button puts exactly the shown token on the clipboard.
    const copy = page.locator('[data-testid="copy-token"]');
    await copy.click();
    await expect.poll(() => copy.textContent()).toBe('Copied');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(token);

    // The next steps: the onboarding skill and the CLI's documentation answer 200.
    const links = await page
      .locator('[data-testid="next-steps"] a')
      .evaluateAll((anchors) => anchors.map((a) => (a as HTMLAnchorElement).href));
    expect(links).toContain(`${server.baseUrl}/skills/swarm-onboarding/SKILL.md`);
    for (const link of links) {
      const response = await fetch(link);
      expect(response.status, link).toBe(200);
    }
    const skill = await (await fetch(`${server.baseUrl}/skills/swarm-onboarding/SKILL.md`)).text();
    expect(skill).toContain('## With the CLI');
    expect(skill).toContain('npx convene claim-token');
    await screenshot(page, 'join-import-claimed');

    // Claimed: a second claim is refused, and the page says so before anyone tries.
    await page.reload();
    await page.waitForSelector('[data-testid="claim-blocked"]');
    expect(await page.locator('[data-testid="claim-submit"]').isDisabled()).toBe(true);
    expect(await page.locator('[data-testid="claim-blocked"]').textContent()).toContain(
      'already claimed',
    );
    expect(watched.errors).toEqual([]);
    await watched.close();
  }, 180_000);

  test('the sealed key this browser stores exports and imports into another browser', async () => {
    const first = await openPage(browser, { width: 1440, height: 900 });
    const applied = await applyInBrowser(first.page);
    const stored = (await first.page.evaluate(
      (id) => localStorage.getItem(`convene:member-key:${id}`),
      applied.memberId,
    ))!;
    expect(JSON.parse(stored)).toMatchObject({
      format: 'convene-sealed-key-1',
      memberId: applied.memberId,
      publicKey: applied.publicKey,
    });
    const seed = await cliSeed(applied.keyFile, PASSPHRASE);
    expect(stored).not.toContain(seed);
    await first.close();
    const file = join(await mkdtemp(join(tmpdir(), 'convene-sealed-')), 'sealed.json');
    await writeFile(file, stored);

    await activate(server.baseUrl, server.dataDir, applied.memberId);
    const watched = await openPage(browser, { width: 1440, height: 900 });
    const { page } = watched;
    await visit(
      watched,
      server.baseUrl,
      `/join/status/${applied.memberId}`,
      '[data-testid="import-key"]',
      'join-import-sealed',
    );
    await page.setInputFiles('[data-testid="import-key"]', file);
    await page.waitForSelector('[data-testid="claim-blocked"]', { state: 'detached' });
    await page.fill('[data-testid="claim-token"] input[name="passphrase"]', 'wrong passphrase');
    await page.click('[data-testid="claim-submit"]');
    await page.waitForSelector('[data-testid="claim-error"]');
    expect(await page.locator('[data-testid="claim-error"]').textContent()).toContain(
      'wrong passphrase',
    );
    await page.fill('[data-testid="claim-token"] input[name="passphrase"]', PASSPHRASE);
    await page.click('[data-testid="claim-submit"]');
    const token = (await page.locator('[data-testid="token-value"]').textContent())!.trim();
    const verified = await fetch(`${server.baseUrl}/api/swarm/verify-token`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(((await verified.json()) as { memberId: string }).memberId).toBe(applied.memberId);
    expect(watched.errors).toEqual([]);
    await watched.close();
  }, 180_000);
});

describe('the status page', () => {
  test('shows the status first, turns approved without a reload, and offers the encrypted keystore on a later visit', async () => {
    const watched = await openPage(browser, { width: 390, height: 844 });
    const { page } = watched;
    const applied = await applyInBrowser(page);
    await visit(
      watched,
      server.baseUrl,
      `/join/status/${applied.memberId}`,
      '[data-testid="application-state"]',
      'join-status-waiting',
    );
    // The status comes before any form on the page.
    const stateTop = (await page.locator('[data-testid="application-state"]').boundingBox())!.y;
    const formTops = await page
      .locator('main form')
      .evaluateAll((forms) => forms.map((f) => f.getBoundingClientRect().top + window.scrollY));
    console.info(
      `status at ${Math.round(stateTop)} px; forms at ${formTops.map(Math.round).join(', ')} px`,
    );
    for (const top of formTops) expect(top, 'a form above the status').toBeGreaterThan(stateTop);
    expect(await page.locator('[data-testid="status-live"]').textContent()).toContain(
      'updates itself',
    );

    // The admin approves while the page is open: it changes with no reload.
    await page.evaluate(() => ((window as unknown as { stillHere: boolean }).stillHere = true));
    const said = await page.locator('[data-testid="status-live"]').textContent();
    const approvedAt = Date.now();
    await activate(server.baseUrl, server.dataDir, applied.memberId);
    await page.waitForFunction(
      () =>
        document
          .querySelector('[data-testid="application-state"]')
          ?.textContent?.includes('approved') === true,
      undefined,
      { timeout: 30_000 },
    );
    console.info(`"${said}"; approved on the page ${Date.now() - approvedAt} ms after the admin`);
    expect(
      await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere),
    ).toBe(true);
    expect(await page.locator('[data-testid="claim-submit"]').isEnabled()).toBe(true);

    // Coming back later, the key this browser holds can still be saved, encrypted.
    await page.reload();
    await page.waitForSelector('[data-testid="keystore-download"]');
    await page.fill('[data-testid="keystore-download"] input[name="passphrase"]', PASSPHRASE);
    await page.click('[data-testid="keystore-download"] button[type="submit"]');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.click('[data-testid="download-keystore"]'),
    ]);
    expect(download.suggestedFilename()).toBe('keystore.json');
    const later = await readFile(await download.path(), 'utf8');
    expect(await publicKeyFromSeed(await cliSeed(later, PASSPHRASE))).toBe(applied.publicKey);
    await screenshot(page, 'join-status-keystore');
    expect(watched.errors).toEqual([]);
    await watched.close();
  }, 180_000);
});
