/**
 * Forms completed and submitted with the keyboard alone (Tab, Shift+Tab, arrows, Enter, Space and
 * typing; no click, no `fill`): a flat form with radio groups, a select and rich text
 * (PortalFeedback), and one with a repeating section whose rows are added by keyboard (Uniform).
 * After every key the focus is somewhere on the page, never `<body>`; after the submit the focus
 * is on the new record's heading.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { closeBrowser, launchBrowser } from './support/browser';
import { startPortal, type PortalServer } from './support/portal-server';
import { signInOnProviderPage } from './support/sign-in';

let portal: PortalServer;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  portal = await startPortal();
  context = await launchBrowser();
  context.setDefaultTimeout(20_000);
  page = await context.newPage();
  await page.goto(`${portal.baseUrl}/Forms`);
  await signInOnProviderPage(page, 'employee');
  await page.waitForURL(`${portal.baseUrl}/Forms`);
});

afterAll(async () => {
  await closeBrowser(context);
  await portal?.stop();
});

/** The focused element's id (or its `.choices` box's select id), or `BODY` when the focus was lost. */
async function focused(): Promise<string> {
  return page.evaluate(() => {
    const active = document.activeElement;
    if (!active || active === document.body) return 'BODY';
    const select = active.closest('.choices')?.querySelector('select');
    return select?.id || active.id || active.tagName;
  });
}

async function press(key: string): Promise<void> {
  await page.keyboard.press(key);
  expect(await focused(), `focus after ${key}`).not.toBe('BODY');
}

/** Presses Tab (Shift+Tab with `back`) until the focus is on `id` (or in its choices box, or on one of its radios). */
async function tabTo(id: string, back = false): Promise<void> {
  for (let step = 0; step < 80; step += 1) {
    const at = await focused();
    if (at === id || at.startsWith(`${id}-`)) return;
    await press(back ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`Tab never reached #${id} (last at ${await focused()})`);
}

async function typeInto(id: string, text: string, back = false): Promise<void> {
  await tabTo(id, back);
  await page.keyboard.type(text);
}

/** A choices.js select: Tab in (the focus builds and opens it), type to search, Enter picks the first match. */
async function choose(id: string, search: string, expected: string, back = false): Promise<void> {
  await tabTo(id, back);
  await page.keyboard.type(search);
  await page.locator(`.choices:has(select#${id}) .choices__list--dropdown .choices__item--selectable`).first().waitFor();
  await press('Enter');
  await expect.poll(() => page.locator(`select#${id}`).evaluate((el) => (el as HTMLSelectElement).selectedOptions[0]?.textContent)).toBe(expected);
}

/** A radio group: Tab to it, then Space checks the focused radio and the arrows move the check. */
async function pickRadio(id: string, arrowsRight: number): Promise<void> {
  await tabTo(id);
  await press('Space');
  for (let i = 0; i < arrowsRight; i += 1) await press('ArrowRight');
}

async function submitAndLand(area: string): Promise<void> {
  await tabTo('FORM_SUBMIT');
  // the button goes with the page it leaves: the focus is checked on the new page's heading
  await page.keyboard.press('Enter');
  await page.waitForURL(new RegExp(`/${area}/[0-9a-f-]{36}$`));
  await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe('H1');
  await expect.poll(() => page.evaluate(() => document.activeElement?.textContent ?? '')).toContain(`${area}-0000`);
}

describe('forms by keyboard alone', () => {
  beforeAll(async () => {
    // the submit button gets an id the Tab loop can look for
    await context.addInitScript(() => {
      new MutationObserver(() => {
        const submit = document.querySelector('form.area-form button[type="submit"]');
        if (submit && !submit.id) submit.id = 'FORM_SUBMIT';
      }).observe(document, { childList: true, subtree: true });
    });
  });

  it('PortalFeedback: radios, a select, text and rich text, submitted with Enter', async () => {
    await page.goto(`${portal.baseUrl}/PortalFeedback/Form`);
    await page.getByRole('heading', { level: 1, name: 'New Portal feedback' }).waitFor();
    await pickRadio('root_rating', 3);
    await choose('root_category', 'Idea', 'Idea or suggestion');
    await typeInto('root_subject', 'Keyboard only');
    await tabTo('root_message');
    await page.keyboard.type('Everything reachable with Tab.');
    await pickRadio('root_mayContact', 0);
    await submitAndLand('PortalFeedback');
  });

  it('Uniform: a repeating section whose rows are added and filled by keyboard, and an empty submit first', async () => {
    await page.goto(`${portal.baseUrl}/Uniform/Form`);
    await page.getByRole('heading', { level: 1, name: /^New / }).waitFor();
    // an empty submit: the focus goes to the error summary, Tab reaches its first link, Enter goes to the field
    await tabTo('FORM_SUBMIT');
    await press('Enter');
    await expect.poll(() => page.evaluate(() => document.activeElement?.classList.contains('error-summary'))).toBe(true);
    await press('Tab');
    await press('Enter');
    await expect.poll(focused).toBe('root_employeeName');
    await page.keyboard.type('Marcus Bell');
    await typeInto('root_jobTitle', 'Maintenance technician');
    await choose('root_property', 'P-1005', (await page.locator('select#root_property option').filter({ hasText: 'P-1005' }).first().textContent()) ?? 'P-1005');
    await choose('root_orderReason', 'Seasonal', 'Seasonal (cold-weather gear)');
    if ((await page.locator('#root_items_0_item').count()) === 0) {
      await tabTo('root_items__add');
      await press('Enter');
    }
    await choose('root_items_0_item', 'Winter', 'Winter coat');
    await typeInto('root_items_0_size', 'XL');
    await typeInto('root_items_0_quantity', '1');
    await tabTo('root_items__add');
    await press('Enter');
    await page.locator('#root_items_1_item').waitFor();
    await expect.poll(() => page.locator('#root_items [role="status"]').innerText()).toMatch(/2 added/);
    // the new row lies before the add button, which keeps the focus
    await choose('root_items_1_item', 'Cap', 'Cap or beanie', true);
    await typeInto('root_items_1_size', 'One size');
    await typeInto('root_items_1_quantity', '2');
    await typeInto('root_neededBy', '2026-11-02');
    await press('Escape');
    await typeInto('root_managerName', 'Tom Reyes');
    await submitAndLand('Uniform');
  });
});
