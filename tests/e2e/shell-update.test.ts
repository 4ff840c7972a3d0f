/**
 * A new deployment under a running portal shows a "New version available — Reload" toast instead
 * of silently mixing versions: in Chromium with the real service worker. The portal serves a copy of the built client (CLIENT_DIST_DIR); the test then
 * "deploys" a second build into that copy — a changed index.html and a service worker whose
 * precache revision of it differs, as `vite build` produces — and checks that the open page keeps
 * the old version until the user presses Reload, which activates the new worker and shows the
 * new version.
 */
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { compressFile } from '../../scripts/lib/compress-assets';
import { closeBrowser, launchBrowser } from './support/browser';
import { startPortal, type PortalServer } from './support/portal-server';

const BUILT_CLIENT = new URL('../../dist/client/', import.meta.url).pathname;
const BUILD_MARK = '<meta name="tm-build" content="2">';

let portal: PortalServer;
let context: BrowserContext;
let page: Page;
let base: string;
let clientDir: string;

beforeAll(async () => {
  clientDir = mkdtempSync(join(tmpdir(), 'tm-e2e-client-'));
  cpSync(BUILT_CLIENT, clientDir, { recursive: true });
  portal = await startPortal({ env: { CLIENT_DIST_DIR: clientDir }, timeoutMs: 180_000 });
  base = portal.baseUrl;
  context = await launchBrowser({ serviceWorkers: 'allow' });
  context.setDefaultTimeout(20_000);
  page = await context.newPage();
});

afterAll(async () => {
  await closeBrowser(context);
  await portal?.stop();
});

/**
 * Writes the "second build" into the served folder: index.html gains a marker, and sw.js names
 * a new precache revision for it (so its bytes differ and the browser installs it); both with
 * their compressed copies, as `npm run build` writes them.
 */
async function deploySecondBuild(): Promise<void> {
  const indexPath = join(clientDir, 'index.html');
  const swPath = join(clientDir, 'sw.js');
  writeFileSync(indexPath, readFileSync(indexPath, 'utf8').replace('<head>', `<head>${BUILD_MARK}`));
  const worker = readFileSync(swPath, 'utf8');
  const revised = worker.replace(/(\{url:"index\.html",revision:")[0-9a-f]+(")/, '$1deployment-2$2');
  expect(revised).not.toBe(worker);
  writeFileSync(swPath, revised);
  await Promise.all([compressFile(indexPath), compressFile(swPath)]);
}

const buildMark = () =>
  page.evaluate(() => document.querySelector('meta[name="tm-build"]')?.getAttribute('content') ?? null);

const workerStates = () =>
  page.evaluate(async () => {
    const registration = await navigator.serviceWorker.getRegistration('/');
    return {
      waiting: registration?.waiting?.state ?? null,
      active: registration?.active?.state ?? null,
      controlled: navigator.serviceWorker.controller !== null,
    };
  });

describe('new deployment', () => {
  it('shows "New version available — Reload", keeps the old version until Reload, then runs the new one', async () => {
    await page.goto(`${base}/`);
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.reload();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    expect(await page.getByText('New version available').count()).toBe(0);
    expect(await buildMark()).toBeNull();

    await deploySecondBuild();
    // the server already serves the new build; the open page's next navigation finds the new worker
    const served = await (await fetch(`${base}/index.html`)).text();
    expect(served).toContain(BUILD_MARK);
    await page.reload();

    const toast = page.getByRole('alert').filter({ hasText: 'New version available' });
    await toast.waitFor();
    await expect.poll(workerStates).toEqual({ waiting: 'installed', active: 'activated', controlled: true });
    // still the old version: the old worker answers from its precache, nothing of build 2 mixed in
    expect(await buildMark()).toBeNull();
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    expect(await toast.getByRole('button', { name: 'Reload' }).count()).toBe(1);

    const reloaded = page.waitForEvent('load');
    await toast.getByRole('button', { name: 'Reload' }).click();
    await reloaded;
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    await expect.poll(buildMark).toBe('2');
    await expect.poll(workerStates).toEqual({ waiting: null, active: 'activated', controlled: true });
    expect(await page.getByText('New version available').count()).toBe(0);

    // and it stays the new version, also offline
    await context.setOffline(true);
    try {
      await page.reload();
      await page.getByRole('button', { name: 'Sign in' }).waitFor();
      expect(await buildMark()).toBe('2');
    } finally {
      await context.setOffline(false);
    }
  });
});
