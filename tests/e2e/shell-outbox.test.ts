/**
 * The offline outbox in Chromium with the real service worker and server: forms
 * submitted offline wait in IndexedDB (payload and idempotency key, never a token), survive a
 * reload, and are delivered exactly once when the connection returns — counted in the server's
 * rows; a submission the server refuses comes back as an editable draft with its errors.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { closeBrowser, launchBrowser } from './support/browser';
import { exampleWithFiles } from './support/example-files';
import { fillForm } from './support/fill-form';
import { startPortal, type PortalServer } from './support/portal-server';
import { signInOnProviderPage } from './support/sign-in';

type FormValue = Parameters<typeof fillForm>[1];
const AP_EXAMPLE = JSON.parse(
  readFileSync(new URL('../../schemas/AP/example.json', import.meta.url), 'utf8'),
) as Record<string, FormValue>;

let portal: PortalServer;
let context: BrowserContext;
let base: string;
let page: Page;

beforeAll(async () => {
  portal = await startPortal();
  base = portal.baseUrl;
  context = await launchBrowser({ serviceWorkers: 'allow' });
  context.setDefaultTimeout(20_000);
  page = await context.newPage();
  await page.goto(`${base}/AP`);
  await page.waitForURL(/\/oidc\/interaction\//);
  await signInOnProviderPage(page, 'employee');
  await page.waitForURL(`${base}/AP`);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  // a reload so the service worker controls the page and has cached the shell
  await page.reload();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await page.getByRole('heading', { name: 'Accounts payable invoice', level: 1 }).waitFor();
});

afterAll(async () => {
  await closeBrowser(context);
  await portal?.stop();
});

/** The server's AP rows visible to the signed-in employee (their own), read with their token. */
async function serverRows(): Promise<{ number: string; data: { invoiceNumber?: string } }[]> {
  return page.evaluate(async () => {
    const key = Object.keys(localStorage).find((name) => name.startsWith('auth.user:'));
    const token = (JSON.parse(localStorage.getItem(key ?? '') ?? '{}') as { access_token?: string }).access_token;
    const response = await fetch('/api/areas/AP/submissions?limit=100', {
      headers: { authorization: `Bearer ${token}` },
    });
    return ((await response.json()) as { items: { number: string; data: { invoiceNumber?: string } }[] }).items;
  });
}

async function outboxDump(): Promise<string> {
  return page.evaluate(
    () =>
      new Promise<string>((resolve, reject) => {
        const open = indexedDB.open('tm-outbox');
        open.onerror = () => reject(new Error(String(open.error)));
        open.onsuccess = () => {
          const request = open.result.transaction('items').objectStore('items').getAll();
          request.onsuccess = () => {
            open.result.close();
            resolve(JSON.stringify(request.result));
          };
        };
      }),
  );
}

/**
 * Fills the AP form online (its invoice file is uploaded when picked), then submits it offline.
 * Coming back online makes the outbox send what waits; while the file uploads, the submissions
 * endpoint stays unreachable (a dropped request, as on a flaky connection), so forms queued
 * earlier keep waiting with their key.
 */
async function submitOffline(invoiceNumber: string): Promise<void> {
  await page.getByRole('link', { name: 'New', exact: true }).first().click();
  await page.getByRole('heading', { name: 'New Accounts payable invoice', level: 1 }).waitFor();
  const submissions = `${base}/api/areas/AP/submissions`;
  await context.route(submissions, (route) =>
    route.request().method() === 'POST' ? route.abort('internetdisconnected') : route.fallback(),
  );
  try {
    await context.setOffline(false);
    await fillForm(page, { ...AP_EXAMPLE, invoiceNumber });
    await context.setOffline(true);
  } finally {
    await context.unroute(submissions);
  }
  await page.getByRole('button', { name: 'Submit' }).click();
  await page.waitForURL(`${base}/AP`);
}

describe('offline outbox', () => {
  it('keeps two forms submitted offline across a reload and delivers each exactly once when back online', async () => {
    await context.setOffline(true);
    try {
      await submitOffline('OFFLINE-1');
      await submitOffline('OFFLINE-2');
      await page.reload(); // offline: the service worker serves the app
      const waiting = page.getByRole('list', { name: 'Waiting to send' });
      await waiting.getByRole('listitem').nth(1).waitFor();
      expect(await waiting.getByRole('listitem').count()).toBe(2);
      await page.getByText('Waiting to send', { exact: true }).waitFor();

      // payload and idempotency key only: no token of any kind in IndexedDB
      const dump = await outboxDump();
      expect(dump).toContain('OFFLINE-1');
      expect(dump).toContain('idempotencyKey');
      const tokens = await page.evaluate(() => {
        const key = Object.keys(localStorage).find((name) => name.startsWith('auth.user:'));
        const user = JSON.parse(localStorage.getItem(key ?? '') ?? '{}') as Record<string, string>;
        return [user.access_token, user.refresh_token, user.id_token].filter(Boolean);
      });
      expect(tokens.length).toBeGreaterThan(0);
      for (const token of tokens) expect(dump).not.toContain(token);
      expect(dump).not.toMatch(/bearer|authorization|access_token|refresh_token/i);
    } finally {
      await context.setOffline(false);
    }

    await page.getByRole('list', { name: 'Waiting to send' }).waitFor({ state: 'detached' });
    // reconnect again and reload twice more: nothing is sent a second time
    await context.setOffline(true);
    await context.setOffline(false);
    await page.reload();
    await page.reload();
    await page.getByRole('heading', { name: 'Accounts payable invoice', level: 1 }).waitFor();
    // settled: no request for 500 ms, so a second delivery the reloads would start has been sent by now
    await page.waitForLoadState('networkidle');
    const rows = (await serverRows()).filter((row) => row.data.invoiceNumber?.startsWith('OFFLINE-'));
    expect(rows.map((row) => row.data.invoiceNumber).sort()).toEqual(['OFFLINE-1', 'OFFLINE-2']);
    expect(await outboxDump()).toBe('[]');
  });

  it('returns a submission the server refuses (422) as an editable draft with its errors', async () => {
    const userId = await page.evaluate(async () => {
      const key = Object.keys(localStorage).find((name) => name.startsWith('auth.user:'));
      const token = (JSON.parse(localStorage.getItem(key ?? '') ?? '{}') as { access_token?: string }).access_token;
      return (
        (await (await fetch('/api/me', { headers: { authorization: `Bearer ${token}` } })).json()) as { id: string }
      ).id;
    });
    // an item queued by an earlier version of the form: the vendor name is missing
    const payload: Record<string, FormValue> = { ...(await exampleWithFiles(page, 'AP')), invoiceNumber: 'DRAFT-1' };
    delete payload.vendorName;
    const item: unknown = {
      idempotencyKey: '11111111-2222-4333-8444-555555555555',
      area: 'AP',
      parentArea: null,
      parentId: null,
      payload,
      userId,
      queuedAt: new Date().toISOString(),
      state: 'waiting',
      errors: [],
      message: null,
    };
    await page.evaluate(
      ({ item }: { item: unknown }) =>
        new Promise<void>((resolve, reject) => {
          const open = indexedDB.open('tm-outbox');
          open.onerror = () => reject(new Error(String(open.error)));
          open.onsuccess = () => {
            const tx = open.result.transaction('items', 'readwrite');
            tx.objectStore('items').put(item);
            tx.oncomplete = () => {
              open.result.close();
              resolve();
            };
          };
        }),
      { item },
    );
    await page.reload();
    const corrections = page.getByRole('list', { name: 'Needs correction' });
    await corrections.getByRole('link', { name: 'Edit draft' }).click();
    await page.getByRole('heading', { name: 'New Accounts payable invoice', level: 1 }).waitFor();
    expect(await page.locator('#root_invoiceNumber').inputValue()).toBe('DRAFT-1');
    const vendorGroup = page.locator('#root_vendorName').locator('xpath=ancestor::*[contains(@class,"form-group")][1]');
    await expect.poll(() => vendorGroup.innerText()).toMatch(/required/i);
    expect((await serverRows()).some((row) => row.data.invoiceNumber === 'DRAFT-1')).toBe(false);

    await page.locator('#root_vendorName').fill(AP_EXAMPLE.vendorName as string);
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.waitForURL(/\/AP\/[0-9a-f-]{36}$/);
    expect((await serverRows()).filter((row) => row.data.invoiceNumber === 'DRAFT-1')).toHaveLength(1);
    expect(await outboxDump()).toBe('[]');
  });
});
