/**
 * Computed totals and the rule they serve, in the browser (docs/behaviour.md "Cross-field rules"):
 * an employee fills an AP invoice line by line and sees the "Lines total" under the lines follow
 * each line; lines that do not add up to the invoice total are refused on the total field before
 * anything is sent; once they add up the invoice is stored and its page shows the total too.
 * Screenshots of the form at 375 and 1280 px go to SHOTS_DIR when it is set.
 */
import { mkdir } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeAllBrowsers } from './support/browser';
import { fillForm } from './support/fill-form';
import { startPortal, type PortalServer } from './support/portal-server';
import { signedInPage } from './support/sign-in';

type FormValue = Parameters<typeof fillForm>[1];
type Line = { glAccount: string; description: string; amount: number };

const invoice = JSON.parse(readFileSync(new URL('../../schemas/AP/example.json', import.meta.url), 'utf8')) as Record<
  string,
  FormValue
> & { lineItems: Line[] };
const [first, second] = invoice.lineItems as [Line, Line];

let portal: PortalServer;
let page: Page;

const total = () => page.locator('#root_lineItems__total');
/** The text of the form group of the field with id `id` (its label, input and messages). */
const groupText = (id: string) =>
  page.locator(`#${id}`).locator('xpath=ancestor::*[contains(@class,"form-group")][1]').innerText();

beforeAll(async () => {
  portal = await startPortal();
  page = await signedInPage(portal.baseUrl, 'employee', '/AP/Form');
  await page.getByRole('heading', { name: 'New Accounts payable invoice', level: 1 }).waitFor();
});

afterAll(async () => {
  await closeAllBrowsers();
  await portal?.stop();
});

describe('the AP lines total', () => {
  it('is announced politely under the lines and follows each line as it is filled in', async () => {
    await expect.poll(() => total().getAttribute('aria-live')).toBe('polite');
    await expect.poll(() => total().innerText()).toBe('Lines total: 0.00');

    await fillForm(page, { ...invoice, lineItems: [first] });
    await expect.poll(() => total().innerText()).toBe('Lines total: 6,900.00');

    await fillForm(page, { lineItems: [first, { ...second, amount: 942.4 }] });
    await expect.poll(() => total().innerText()).toBe('Lines total: 7,842.40');

    const shots = process.env.SHOTS_DIR;
    if (shots) {
      await mkdir(shots, { recursive: true });
      for (const width of [375, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        await total().scrollIntoViewIfNeeded();
        await page.screenshot({ path: `${shots}/ap-lines-total-${width}.png` });
      }
    }
  });

  it('refuses lines that do not add up, on the invoice total, and sends nothing', async () => {
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect.poll(() => groupText('root_amount')).toContain('the line items add up to 7,842.40, not 7,842.50');
    expect(page.url()).toMatch(/\/AP\/Form$/);
    if (process.env.SHOTS_DIR) {
      await page.locator('#root_amount').scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${process.env.SHOTS_DIR}/ap-total-mismatch-1280.png` });
    }
  });

  it('stores the invoice once the lines add up, and shows the total on its page', async () => {
    await fillForm(page, { lineItems: [first, second] });
    await expect.poll(() => total().innerText()).toBe('Lines total: 7,842.50');
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.waitForURL(/\/AP\/[0-9a-f-]{36}$/, { timeout: 30_000 });
    await expect.poll(() => total().innerText()).toBe('Lines total: 7,842.50');
  });
});
