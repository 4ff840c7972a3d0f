/**
 * Every one of the 27 form areas can be filled in and submitted through the UI by an employee
 * (nested areas under an incident), and each submission then opens read-only with its number.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { closeBrowser, launchBrowser } from './support/browser';
import { fillForm } from './support/fill-form';
import { startPortal, type PortalServer } from './support/portal-server';
import { signInOnProviderPage } from './support/sign-in';

const SCHEMAS = new URL('../../schemas/', import.meta.url);
type FormValue = Parameters<typeof fillForm>[1];
type Manifest = { key: string; title: string; parent?: string; ratesTicket?: { ticketField: string } };
const areas: Manifest[] = readdirSync(SCHEMAS)
  .map((key) => JSON.parse(readFileSync(new URL(`${key}/area.json`, SCHEMAS), 'utf8')) as Manifest)
  .sort((a, b) => Number(Boolean(a.parent)) - Number(Boolean(b.parent)) || a.key.localeCompare(b.key));

let portal: PortalServer;
let context: BrowserContext;
let page: Page;
let incidentPath = '';
const titleOf = (key: string) => areas.find((area) => area.key === key)?.title;
const [AP_TITLE, VENDOR_TITLE, YARDI_TITLE] = ['AP', 'Vendor', 'Yardi'].map(titleOf);

beforeAll(async () => {
  portal = await startPortal();
  context = await launchBrowser();
  context.setDefaultTimeout(15_000);
  page = await context.newPage();
  await page.goto(`${portal.baseUrl}/Forms`);
  await signInOnProviderPage(page, 'employee');
  await page.waitForURL(`${portal.baseUrl}/Forms`);
});

afterAll(async () => {
  await closeBrowser(context);
  await portal?.stop();
});

describe('the /Forms search box', () => {
  it('finds a form by title, description and department, and says when nothing matches', async () => {
    await page.goto(`${portal.baseUrl}/Forms`);
    const search = page.getByRole('searchbox', { name: 'Search forms' });
    const cards = page.locator('.card__link');
    await expect.poll(() => cards.count()).toBeGreaterThan(20);
    // a word only in a description
    await search.fill('w-9');
    await expect.poll(() => cards.allTextContents()).toEqual([VENDOR_TITLE]);
    // a department: its forms, not the others
    await search.fill('accounting');
    await expect.poll(() => cards.allTextContents()).toEqual(expect.arrayContaining([AP_TITLE, VENDOR_TITLE]));
    expect(await cards.allTextContents()).not.toContain(YARDI_TITLE);
    await search.fill('no form is called this');
    await page.getByRole('status').filter({ hasText: 'No form matches “no form is called this”.' }).waitFor();
    expect(await cards.count()).toBe(0);
    expect(new URL(page.url()).searchParams.get('q')).toBe('no form is called this');
    await search.fill('');
    await expect.poll(() => cards.count()).toBeGreaterThan(20);
  });
});

describe('each form area, filled in by keyboard and mouse', () => {
  it('covers all 27 areas', () => {
    expect(areas).toHaveLength(27);
  });

  for (const area of areas) {
    it(`${area.key}: the form submits its example and the record opens with its number`, async () => {
      const base = area.parent ? `${incidentPath}/${area.key}` : `/${area.key}`;
      if (area.parent) expect(incidentPath, 'the parent incident exists').not.toBe('');
      await page.goto(`${portal.baseUrl}${base}/Form`);
      await page.getByRole('heading', { level: 1, name: `New ${area.title}` }).waitFor();
      const example = JSON.parse(readFileSync(new URL(`${area.key}/example.json`, SCHEMAS), 'utf8')) as FormValue;
      await fillForm(page, example);
      await page.getByRole('button', { name: 'Submit' }).click();
      if (area.ratesTicket) {
        // A feedback rates one of the submitter's Resolved tickets (ticket-journey.test.ts does that);
        // the example's ticket does not exist here, so the server's refusal shows on the ticket field.
        await page
          .getByText(/There is no ticket [\w-]+ that you can see/)
          .first()
          .waitFor();
        expect(new URL(page.url()).pathname).toBe(`${base}/Form`);
        return;
      }
      await page.waitForURL(new RegExp(`${base}/[0-9a-f-]{36}$`)).catch(async (error: unknown) => {
        const problems = await page.locator('.errors, [role="alert"]').allInnerTexts();
        throw new Error(`${String(error)}\nshown on the page: ${problems.join(' | ')}`);
      });
      await page.getByRole('heading', { level: 1, name: new RegExp(`${area.key}-000001`) }).waitFor();
      if (area.key === 'IncidentForm') incidentPath = new URL(page.url()).pathname;
    });
  }
});
