/**
 * The foundation journey: a new user signs in through the built-in OpenID Connect
 * provider, creates an AP invoice and an incident with a nested follow-up through the UI, finds
 * them in their lists, opens them, and finds them again after the server restarts.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { closeBrowser, launchBrowser } from './support/browser';
import { fillForm } from './support/fill-form';
import { startPortal, type PortalServer } from './support/portal-server';
import { signInOnProviderPage } from './support/sign-in';

type FormValue = Parameters<typeof fillForm>[1];
const example = (area: string): FormValue =>
  JSON.parse(readFileSync(new URL(`../../schemas/${area}/example.json`, import.meta.url), 'utf8')) as FormValue;

let portal: PortalServer;
let context: BrowserContext;
let page: Page;
const created: Record<string, { url: string; number: string }> = {};

async function signIn(username: string): Promise<void> {
  await signInOnProviderPage(page, username);
}

async function submitAndRead(): Promise<{ url: string; number: string }> {
  await page.getByRole('button', { name: 'Submit' }).click();
  await page.waitForURL(/\/[0-9a-f-]{36}$/, { timeout: 30_000 });
  // the create page stays on screen until the detail page's module has loaded
  const heading = await page.getByRole('heading', { level: 1, name: /[A-Za-z0-9]+-\d{6}/ }).innerText();
  const number = /[A-Za-z0-9]+-\d{6}/.exec(heading)?.[0];
  if (!number) throw new Error(`no submission number in heading "${heading}"`);
  return { url: page.url(), number };
}

beforeAll(async () => {
  portal = await startPortal();
  context = await launchBrowser();
  context.setDefaultTimeout(15_000);
  page = await context.newPage();
});

afterAll(async () => {
  await closeBrowser(context);
  await portal?.stop();
});

describe('an employee on a fresh portal', () => {
  it('is sent to the identity provider and comes back to /Forms after signing in', async () => {
    await page.goto(`${portal.baseUrl}/Forms`);
    await page.waitForURL(/\/oidc\//);
    await expect.poll(() => page.title()).toContain('Sign in');
    await signIn('employee');
    await page.waitForURL(`${portal.baseUrl}/Forms`);
    // every page names itself (docs/architecture.md, client rules)
    await expect.poll(() => page.title()).toBe('Forms – TM online portal');
    await page.getByRole('heading', { name: 'Accounting', level: 2 }).waitFor();
    await page.getByText('Emma Employee').first().waitFor();
  });

  it('creates an AP invoice through the form and sees it in the AP list', async () => {
    await page.getByRole('link', { name: 'Accounts payable invoice' }).click();
    await page.getByRole('heading', { name: 'Accounts payable invoice', level: 1 }).waitFor();
    await page.getByRole('link', { name: 'New' }).click();
    await page.getByRole('heading', { name: 'New Accounts payable invoice', level: 1 }).waitFor();
    await fillForm(page, example('AP'));
    created.AP = await submitAndRead();
    expect(created.AP.number).toBe('AP-000001');
    // Above 5,000.00 (schemas/AP/area.json "approvals"): it waits for Accounting.
    await page.getByText('Waiting for approval', { exact: true }).first().waitFor();

    await page.goto(`${portal.baseUrl}/AP`);
    await page.getByRole('link', { name: 'AP-000001' }).waitFor();
  });

  it('shows the per-field message and stores nothing when a required field is empty', async () => {
    await page.goto(`${portal.baseUrl}/AP/Form`);
    await page.getByRole('heading', { name: 'New Accounts payable invoice', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect
      .poll(() =>
        page.locator('#root_vendorName').locator('xpath=ancestor::*[contains(@class,"form-group")][1]').innerText(),
      )
      .toMatch(/required/i);
    expect(page.url()).toMatch(/\/AP\/Form$/);
  });

  it('creates an incident, then a follow-up nested under it', async () => {
    await page.goto(`${portal.baseUrl}/IncidentForm/Form`);
    await fillForm(page, example('IncidentForm'));
    created.IncidentForm = await submitAndRead();
    expect(created.IncidentForm.number).toBe('IncidentForm-000001');

    await page.getByRole('link', { name: /New Incident follow-up/i }).click();
    await page.waitForURL(/\/IncidentForm\/[0-9a-f-]{36}\/IncidentFollowUp\/Form$/);
    await fillForm(page, example('IncidentFollowUp'));
    created.IncidentFollowUp = await submitAndRead();
    expect(created.IncidentFollowUp.url).toMatch(/\/IncidentForm\/[0-9a-f-]{36}\/IncidentFollowUp\/[0-9a-f-]{36}$/);

    await page.goto(created.IncidentForm.url);
    await page.getByRole('link', { name: created.IncidentFollowUp.number }).waitFor();
  });

  it('still finds every submission after the server restarts', async () => {
    const { dataDir } = portal;
    const port = Number(new URL(portal.baseUrl).port);
    expect(await portal.stop()).toBe(0);
    portal = await startPortal({ dataDir, port });

    for (const { url, number } of Object.values(created)) {
      await page.goto(url);
      await page.getByRole('heading', { level: 1, name: new RegExp(number) }).waitFor();
    }
    await page.goto(`${portal.baseUrl}/AP`);
    await page.getByRole('link', { name: 'AP-000001' }).waitFor();
  });
});
