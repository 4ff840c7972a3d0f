/**
 * Report tracker journey: an accountant opens a month, marks a property's reports
 * Complete with the keyboard, sees the overview chart count them, records the delivery, and exports
 * the grid as CSV — in the real built app, through the real sign-in.
 */
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { closeBrowser, launchBrowser } from './support/browser';
import { startPortal, type PortalServer } from './support/portal-server';
import { signInOnProviderPage } from './support/sign-in';

// Before the 12 months the first-start seed opens (relative to today), so opening it is new.
const PERIOD = '2025-08';
let portal: PortalServer;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  // Seven engineers share two cores: a first start can take over a minute there.
  portal = await startPortal({ timeoutMs: 180_000 });
  context = await launchBrowser();
  context.setDefaultTimeout(15_000);
  page = await context.newPage();
});

afterAll(async () => {
  await closeBrowser(context);
  await portal?.stop();
});

const legendValue = (figure: string, segment: string) =>
  page.getByRole('figure', { name: `${figure} status` }).locator(`[data-segment="${segment}"] dd`);

describe('the report tracker, as the accounting team', () => {
  it('signs in to the overview, which the nav bar links to', async () => {
    await page.goto(`${portal.baseUrl}/ReportTracker`);
    await page.waitForURL(/\/oidc\//);
    await signInOnProviderPage(page, 'accounting');
    await page.getByRole('heading', { name: 'Report tracker', level: 1 }).waitFor();
    await page.getByRole('link', { name: 'Report tracker' }).waitFor();
    await page.getByRole('figure', { name: 'Accounting status' }).waitFor();
  });

  it('opens a new month from the accounting grid', async () => {
    await page.getByRole('link', { name: 'Accounting grid' }).click();
    await page.getByRole('heading', { level: 1, name: /^Accounting \d{4}-\d{2}$/ }).waitFor();
    await page.getByLabel('New month').fill(PERIOD);
    await page.getByRole('button', { name: 'Open month' }).click();
    await page.getByRole('heading', { level: 1, name: `Accounting ${PERIOD}` }).waitFor();
    await page.getByText(`${PERIOD} opened: 192 reports and 24 deliveries.`).waitFor();
    await page
      .getByRole('button', { name: 'Bank reconciliation, Maple Court Apartments: Not started, overdue' })
      .waitFor();
  });

  it('marks every report of a property Complete with the keyboard, and they stay Complete after a reload', async () => {
    await page.getByRole('button', { name: /^Bank reconciliation, Maple Court Apartments:/ }).focus();
    for (let i = 0; i < 8; i += 1) {
      await page.keyboard.press('c');
      if (i < 7) await page.keyboard.press('ArrowRight');
    }
    const row = page.locator('tr[data-row="0"]');
    await expect.poll(() => row.getByRole('button', { name: /: Complete$/ }).count()).toBe(8);
    // Enter moves a report on, on the next property (ArrowDown): Not started → In progress → In review.
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: /^Budget comparison, Riverside Commons: In review/ }).waitFor();
    // Every change is saved (no request in flight) before the reload.
    await page.locator('[data-pending-saves="0"]').waitFor();
    await page.reload();
    await expect
      .poll(() =>
        page
          .locator('tr[data-row="0"]')
          .getByRole('button', { name: /: Complete$/ })
          .count(),
      )
      .toBe(8);
    await page.getByRole('button', { name: /^Budget comparison, Riverside Commons: In review/ }).waitFor();
  });

  it('shows the completed reports in the overview chart', async () => {
    await page.locator('.report-crumbs').getByRole('link', { name: 'Report tracker' }).click();
    await page.getByRole('heading', { name: 'Report tracker', level: 1 }).waitFor();
    // counted per property: Maple Court has all 8 reports Complete, Riverside Commons one In review
    await expect.poll(() => legendValue('Accounting', 'Complete').innerText()).toBe('1');
    await expect.poll(() => legendValue('Accounting', 'In progress').innerText()).toBe('1');
    await expect.poll(() => legendValue('Accounting', 'In review').innerText()).toBe('0');
    await expect.poll(() => page.getByRole('figure', { name: 'Accounting status' }).locator('figcaption').innerText(),).toMatch(/24 properties, .*8 of 192 reports complete/);
    await expect.poll(() => legendValue('Delivery', 'Delivered').innerText()).toBe('0');
  });

  it('narrows the overview to one region through the URL, and the grid link keeps the region', async () => {
    const caption = page.getByRole('figure', { name: 'Accounting status' }).locator('figcaption');
    await page.getByLabel('Region').selectOption('North');
    await page.waitForURL(/[?&]region=North/);
    await page.getByRole('heading', { name: 'Report tracker — North', level: 1 }).waitFor();
    await expect.poll(() => caption.innerText()).toMatch(/5 properties/);
    await expect.poll(() => legendValue('Accounting', 'Complete').innerText()).toBe('1');
    await expect.poll(() => legendValue('Accounting', 'In progress').innerText()).toBe('0');
    await page.reload();
    await page.getByRole('heading', { name: 'Report tracker — North', level: 1 }).waitFor();
    await page.getByRole('link', { name: 'Accounting grid' }).click();
    await page.getByRole('heading', { level: 1, name: `Accounting ${PERIOD}` }).waitFor();
    await expect.poll(() => page.locator('tr[data-row]').count()).toBe(5);
    await page.goBack();
    await page.getByLabel('Region').selectOption('');
    await expect.poll(() => caption.innerText()).toMatch(/24 properties/);
    await expect.poll(() => legendValue('Accounting', 'In progress').innerText()).toBe('1');
  });

  it('records the delivery of the completed property, and asks for an override reason for the other', async () => {
    await page.getByRole('link', { name: 'Deliveries' }).click();
    await page.getByRole('heading', { level: 1, name: `Delivery ${PERIOD}` }).waitFor();
    await page.getByRole('button', { name: 'Record delivery for Maple Court Apartments' }).click();
    const form = page.getByRole('form', { name: 'Record delivery for Maple Court Apartments' });
    await expect.poll(() => form.getByLabel(/Override reason/).count()).toBe(0);
    await form.getByLabel('Method').selectOption('e-mail');
    await form.getByLabel('Recipient').fill('owner@maplecourt.example');
    await form.getByRole('button', { name: 'Save delivery' }).click();
    const row = page.locator('tr[data-property="P-1001"]');
    await row.getByText('Delivered', { exact: true }).waitFor();
    await row.getByText('owner@maplecourt.example').waitFor();

    await page.getByRole('button', { name: 'Record delivery for Riverside Commons' }).click();
    const other = page.getByRole('form', { name: 'Record delivery for Riverside Commons' });
    await other.getByLabel(/Override reason/).waitFor();
    await other.getByLabel('Recipient').fill('Riverside owner');
    await other.getByLabel(/Override reason/).fill('Owner needs a draft for the bank');
    await other.getByRole('button', { name: 'Save delivery' }).click();
    await page.locator('tr[data-property="P-1002"]').getByText('override: Owner needs a draft for the bank').waitFor();
    await page.getByLabel('Status').selectOption('Delivered');
    await expect.poll(() => page.locator('tbody tr[data-property]').count()).toBe(2);

    await page.locator('.report-crumbs').getByRole('link', { name: 'Report tracker' }).click();
    await expect.poll(() => legendValue('Delivery', 'Delivered').innerText()).toBe('2');
  });

  it('exports the grid as CSV with the statuses the grid shows', async () => {
    await page.getByRole('link', { name: 'Accounting grid' }).click();
    await page.getByRole('heading', { level: 1, name: `Accounting ${PERIOD}` }).waitFor();
    await page.getByRole('button', { name: /^Bank reconciliation, Maple Court Apartments: Complete/ }).waitFor();
    // Printed, the grid shows every property (not only the rows scrolled into view) and no toolbar.
    await page.emulateMedia({ media: 'print' });
    await expect.poll(() => page.locator('tr[data-row]').count()).toBe(24);
    await expect.poll(() => page.getByRole('button', { name: 'Export CSV' }).isVisible()).toBe(false);
    await page.emulateMedia({ media: 'screen' });
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`report-tracker-${PERIOD}.csv`);
    const text = await readFile(await download.path(), 'utf8');
    const lines = text.trim().split('\r\n');
    expect(lines).toHaveLength(25);
    expect(lines[0]).toMatch(
      /^Property,Name,Region,Bank reconciliation,Bank reconciliation owner,Bank reconciliation due,/,
    );
    const maple = lines[1]!.split(',');
    expect(maple.slice(0, 3)).toEqual(['P-1001', 'Maple Court Apartments', 'North']);
    expect([3, 6, 9, 12, 15, 18, 21, 24].map((i) => maple[i])).toEqual(Array(8).fill('Complete'));
    expect(lines[2]!.split(',')[24]).toBe('In review');
  });
});
