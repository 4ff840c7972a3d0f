/**
 * The installable, offline-capable portal in Chromium with its real
 * service worker: manifest and icons, the worker controlling `/`, opening offline, and the
 * runtime caches cleared on sign-out.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { closeBrowser, launchBrowser } from './support/browser';
import { startPortal, type PortalServer } from './support/portal-server';
import { signInOnProviderPage } from './support/sign-in';

type Manifest = {
  name: string;
  start_url: string;
  scope: string;
  display: string;
  icons: { src: string; sizes: string; type: string; purpose?: string }[];
};

let portal: PortalServer;
let context: BrowserContext;
let base: string;
let page: Page;

beforeAll(async () => {
  portal = await startPortal();
  base = portal.baseUrl;
  context = await launchBrowser({ serviceWorkers: 'allow' });
  context.setDefaultTimeout(15_000);
  page = await context.newPage();
});

afterAll(async () => {
  await closeBrowser(context);
  await portal?.stop();
});

function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(1, 4).toString('ascii')).toBe('PNG');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

const cacheNames = () => page.evaluate(async () => (await caches.keys()).sort());

async function cachedUrls(name: string): Promise<string[]> {
  return page.evaluate(async (cacheName) => {
    const cache = await caches.open(cacheName);
    return (await cache.keys()).map((request) => new URL(request.url).pathname);
  }, name);
}

describe('installable portal', () => {
  it('links a web app manifest with 192, 512 and maskable PNG icons, all served', async () => {
    const html = await (await fetch(`${base}/`)).text();
    expect(html).toContain('<link rel="manifest" href="/manifest.webmanifest">');
    const response = await fetch(`${base}/manifest.webmanifest`);
    expect(response.status).toBe(200);
    const manifest = (await response.json()) as Manifest;
    expect(manifest).toMatchObject({ name: 'TM online portal', start_url: '/', scope: '/', display: 'standalone' });
    const bySize = (sizes: string, purpose: string) =>
      manifest.icons.find((icon) => icon.sizes === sizes && icon.purpose === purpose);
    for (const [sizes, purpose, px] of [
      ['192x192', 'any', 192],
      ['512x512', 'any', 512],
      ['512x512', 'maskable', 512],
    ] as const) {
      const icon = bySize(sizes, purpose);
      expect(icon, `${sizes} ${purpose}`).toBeDefined();
      const image = await fetch(`${base}${icon?.src}`);
      expect(image.status).toBe(200);
      expect(image.headers.get('content-type')).toBe('image/png');
      expect(pngSize(Buffer.from(await image.arrayBuffer()))).toEqual({ width: px, height: px });
    }
  });

  it('registers a service worker at / that controls the page and opens the portal offline', async () => {
    await page.goto(`${base}/`);
    const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
    expect(scope).toBe(`${base}/`);
    await page.reload();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toBe(`${base}/sw.js`);

    await context.setOffline(true);
    try {
      await page.goto(`${base}/Forms`);
      await page.locator('[data-layout]').first().waitFor();
      await page.goto(`${base}/`);
      await page.getByRole('heading', { name: 'TM online portal', level: 1 }).waitFor();
      await page.getByRole('heading', { name: 'Announcements', level: 2 }).waitFor(); // the content database is precached
    } finally {
      await context.setOffline(false);
    }
  });

  it("caches area definitions and the user's lists for offline reading and clears them on sign-out", async () => {
    await page.goto(`${base}/Forms`);
    await page.waitForURL(/\/oidc\/interaction\//);
    await signInOnProviderPage(page, 'employee');
    await page.waitForURL(`${base}/Forms`);
    await page.getByRole('heading', { name: 'Accounting', level: 2 }).waitFor();
    await page.goto(`${base}/AP`);
    await page.getByRole('heading', { name: /Accounts payable/i, level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Sign out' }).waitFor();
    await page.getByRole('link', { name: 'Home', exact: true }).click();
    await page.getByRole('heading', { name: 'Your open requests', level: 2 }).waitFor();

    await expect.poll(cacheNames).toEqual(expect.arrayContaining(['tm-areas', 'tm-personal', 'tm-validators']));
    await expect.poll(() => cachedUrls('tm-areas')).toEqual(expect.arrayContaining(['/api/areas', '/api/areas/AP']));
    // the AP form's precompiled validator module, imported when the area was read
    await expect
      .poll(() => cachedUrls('tm-validators'))
      .toEqual([expect.stringMatching(/^\/api\/areas\/AP\/validators\/[0-9a-f]{64}\.js$/)]);
    await expect
      .poll(() => cachedUrls('tm-personal'))
      .toEqual(expect.arrayContaining(['/api/me', '/api/me/activity', '/api/tickets', '/api/areas/AP/submissions']));

    // offline, the lists the user has seen still open: the area list and the home page
    await context.setOffline(true);
    try {
      await page.goto(`${base}/AP`);
      await page.getByRole('heading', { name: /Accounts payable/i, level: 1 }).waitFor();
      // and the AP form, validated with its module from the cache
      await page.goto(`${base}/AP/Form`);
      await page.locator('#root_vendorName').waitFor();
      await page.goto(`${base}/`);
      await page.getByRole('heading', { name: 'Your open requests', level: 2 }).waitFor();
      expect(await page.getByText('could not be loaded').count()).toBe(0);
    } finally {
      await context.setOffline(false);
    }
    await page.goto(`${base}/AP`);
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(`${base}/`);
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    const after = await cacheNames();
    expect(after).not.toContain('tm-personal');
    expect(after).not.toContain('tm-validators');
    // the signed-out home page may cache the public sign-in settings again, nothing of the session
    const left = after.includes('tm-areas') ? await cachedUrls('tm-areas') : [];
    expect(
      left.filter((path) => !['/api/auth/config', '/oidc/.well-known/openid-configuration'].includes(path)),
    ).toEqual([]);
    expect(after.some((name) => name.startsWith('workbox-precache'))).toBe(true);
  });
});
