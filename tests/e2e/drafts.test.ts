/**
 * Autosaved drafts: an unfinished create form survives a reload, shows "Draft saved"
 * and can be discarded; submitting clears it.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { closeBrowser, launchBrowser } from './support/browser';
import { fillForm } from './support/fill-form';
import { startPortal, type PortalServer } from './support/portal-server';
import { signInOnProviderPage } from './support/sign-in';
import { DRAFT_SAVE_DELAY_MS } from '../../src/client/features/areas/drafts';

type FormValue = Parameters<typeof fillForm>[1];
const example = (area: string): FormValue =>
  JSON.parse(readFileSync(new URL(`../../schemas/${area}/example.json`, import.meta.url), 'utf8')) as FormValue;

let portal: PortalServer;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  portal = await startPortal();
  context = await launchBrowser();
  context.setDefaultTimeout(15_000);
  page = await context.newPage();
  await page.goto(`${portal.baseUrl}/AP/Form`);
  await page.waitForURL(/\/oidc\//);
  await signInOnProviderPage(page, 'employee');
  await page.waitForURL(`${portal.baseUrl}/AP/Form`);
});

afterAll(async () => {
  await closeBrowser(context);
  await portal?.stop();
});

describe('a draft of the AP invoice form', () => {
  const vendor = () => page.locator('#root_vendorName');

  it('is saved while typing and survives a reload', async () => {
    await page.getByRole('heading', { name: 'New Accounts payable invoice', level: 1 }).waitFor();
    await expect.poll(() => page.getByText(/Draft saved/).count()).toBe(0);
    await vendor().fill('Draft Vendor Ltd');
    await page.locator('#root_invoiceNumber').fill('INV-DRAFT-1');
    await page.getByText(/Draft saved/).waitFor();
    await page.reload();
    await page.getByRole('heading', { name: 'New Accounts payable invoice', level: 1 }).waitFor();
    await expect.poll(() => vendor().inputValue()).toBe('Draft Vendor Ltd');
    await expect.poll(() => page.locator('#root_invoiceNumber').inputValue()).toBe('INV-DRAFT-1');
    await page.getByText(/Draft saved/).waitFor();
  });

  it('is discarded by "Discard draft": the form empties and stays empty after a reload', async () => {
    await page.getByRole('button', { name: 'Discard draft' }).click();
    await expect.poll(() => vendor().inputValue()).toBe('');
    await expect.poll(() => page.getByText(/Draft saved/).count()).toBe(0);
    await page.reload();
    await page.getByRole('heading', { name: 'New Accounts payable invoice', level: 1 }).waitFor();
    await expect.poll(() => vendor().inputValue()).toBe('');
  });

  it('is cleared by a successful submit', async () => {
    await fillForm(page, example('AP'));
    await page.getByText(/Draft saved/).waitFor();
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.waitForURL(/\/AP\/[0-9a-f-]{36}$/, { timeout: 30_000 });
    await page.getByRole('heading', { level: 1, name: /AP-\d{6}/ }).waitFor();
    await page.goto(`${portal.baseUrl}/AP/Form`);
    await page.getByRole('heading', { name: 'New Accounts payable invoice', level: 1 }).waitFor();
    await expect.poll(() => vendor().inputValue()).toBe('');
    await expect.poll(() => page.getByText(/Draft saved/).count()).toBe(0);
    const keys = await page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('tm.draft.')));
    expect(keys).toEqual([]);
  });

  // last: the fake clock stays installed on the whole browser context
  it('is not stored for a form nobody typed in (the defaults the form fills in are no edit)', async () => {
    const fresh = await context.newPage();
    await fresh.clock.install();
    await fresh.goto(`${portal.baseUrl}/AP/Form`);
    await fresh.locator('#root_vendorName').waitFor();
    await fresh.clock.runFor(DRAFT_SAVE_DELAY_MS * 5);
    const keys = await fresh.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('tm.draft.')));
    expect(keys).toEqual([]);
    expect(await fresh.getByText(/Draft saved/).count()).toBe(0);
    await fresh.close();
  });
});
