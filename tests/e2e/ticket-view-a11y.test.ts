/**
 * The ticket view and the lists for keyboard users and small screens (WCAG 2.2 AA): the
 * Comments/History tabs follow the WAI-ARIA tabs pattern (one Tab stop, Left/Right/Home/End,
 * automatic activation); the ticket view (as its handler, with the panel's controls) and the AP
 * list do not scroll sideways at 320 px (SC 1.4.10) and are axe-clean there and at 1280 px; after
 * an invalid submit the rich-text field is `aria-invalid` with the other fields, and stays so when
 * its editor is built, and an invalid select has the red border.
 * SCREENSHOT_DIR set: screenshots of the pages are written there.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { seriousViolations, scrollWidth } from './support/axe';
import { closeAllBrowsers } from './support/browser';
import { fillForm } from './support/fill-form';
import { startPortal, type PortalServer } from './support/portal-server';
import { signedInPage } from './support/sign-in';
import { ticketViewSettled } from './support/ticket-view';

type FormValue = Parameters<typeof fillForm>[1];
const example = (area: string) =>
  JSON.parse(readFileSync(new URL(`../../schemas/${area}/example.json`, import.meta.url), 'utf8')) as FormValue;
const DANGER = 'rgb(180, 35, 24)';
const shots = process.env.SCREENSHOT_DIR;

let portal: PortalServer;
let employee: Page;
let handler: Page;
let ticketPath = '';

beforeAll(async () => {
  portal = await startPortal();
});

afterAll(async () => {
  await closeAllBrowsers();
  await portal?.stop();
});

const invalid = (id: string) => employee.locator(`#${id}`).getAttribute('aria-invalid');
const borderColour = (selector: string) =>
  employee
    .locator(selector)
    .first()
    .evaluate((element) => getComputedStyle(element).borderTopColor);

describe('invalid fields', () => {
  it('marks the rich-text field invalid with the others after an invalid submit, and the select red', async () => {
    employee = await signedInPage(portal.baseUrl, 'employee', '/ResidentService/Form');
    await employee.locator('form.area-form button[type="submit"]').click();
    await employee.locator('.error-summary').waitFor();
    // the same render: no waiting between the summary and the marks
    const marks = await employee.evaluate(() =>
      ['root_unit', 'root_category', 'root_description'].map((id) =>
        document.getElementById(id)?.getAttribute('aria-invalid'),
      ),
    );
    expect(marks).toEqual(['true', 'true', 'true']);
    expect(await borderColour('#root_category')).toBe(DANGER);
    // the editor that the first focus builds is invalid too, until the field is valid
    await employee.locator('#root_description').focus();
    await employee.locator('.rich-text [data-slate-editor]').waitFor();
    expect(await invalid('root_description')).toBe('true');
    // the select's combobox, built on its first focus, keeps the red border
    await employee.locator('#root_category').focus();
    await employee.locator('.choices[aria-invalid="true"]').first().waitFor();
    expect(await borderColour('.has-error .choices__inner')).toBe(DANGER);
    if (shots) await employee.screenshot({ path: `${shots}/invalid-select.png` });
  });
});

describe('the ticket view', () => {
  it('opens a ticket as its handler', async () => {
    await employee.goto(`${portal.baseUrl}/ResidentService/Form`);
    await fillForm(employee, example('ResidentService'));
    await employee.getByRole('button', { name: 'Submit' }).click();
    await employee.waitForURL(/\/ResidentService\/[0-9a-f-]{36}$/, { timeout: 30_000 });
    ticketPath = new URL(employee.url()).pathname;
    handler = await signedInPage(portal.baseUrl, 'maintenance', ticketPath);
    await handler.setViewportSize({ width: 1280, height: 900 });
    await ticketViewSettled(handler);
  });

  it('has Comments and History tabs that follow the tabs pattern, by keyboard', async () => {
    const tablist = handler.getByRole('tablist', { name: 'Ticket activity' });
    const comments = tablist.getByRole('tab', { name: 'Comments' });
    const history = tablist.getByRole('tab', { name: 'History' });
    const selected = () => tablist.locator('[role="tab"][aria-selected="true"]').innerText();
    const focused = () => handler.evaluate(() => document.activeElement?.textContent ?? '');
    expect(await selected()).toBe('Comments');
    expect(await tablist.locator('[tabindex="0"]').count()).toBe(1);
    // each tab controls its panel, which its tab names
    for (const tab of [comments, history]) {
      const panelId = await tab.getAttribute('aria-controls');
      const tabId = await tab.getAttribute('id');
      expect(await handler.locator(`#${panelId}`).getAttribute('role')).toBe('tabpanel');
      expect(await handler.locator(`#${panelId}`).getAttribute('aria-labelledby')).toBe(tabId);
    }
    await comments.focus();
    await handler.keyboard.press('ArrowRight');
    expect(await focused()).toBe('History');
    expect(await selected()).toBe('History');
    await handler.getByRole('tabpanel', { name: 'History' }).getByRole('list', { name: 'History' }).waitFor();
    expect(await handler.getByRole('region', { name: 'Comments' }).isVisible()).toBe(false);
    await handler.keyboard.press('ArrowRight');
    expect(await selected()).toBe('Comments');
    await handler.keyboard.press('End');
    expect(await selected()).toBe('History');
    await handler.keyboard.press('Home');
    expect(await selected()).toBe('Comments');
    await handler.keyboard.press('ArrowLeft');
    expect(await focused()).toBe('History');
    expect(await tablist.locator('[tabindex="0"]').innerText()).toBe('History');
    // Tab leaves the tab list for the selected panel
    await handler.keyboard.press('Tab');
    expect(await handler.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('tabpanel');
    expect(await seriousViolations(handler, 'ticket history 1280')).toEqual([]);
    await history.click();
    await comments.click();
    await handler.getByRole('region', { name: 'Comments' }).waitFor();
  });

  it('fits 320 px without scrolling sideways, and is axe-clean there and at 1280 px', async () => {
    const found = await seriousViolations(handler, 'ticket 1280');
    if (shots) await handler.screenshot({ path: `${shots}/ticket-1280.png`, fullPage: true });
    await handler.setViewportSize({ width: 320, height: 800 });
    await expect.poll(() => scrollWidth(handler)).toBeLessThanOrEqual(320);
    found.push(...(await seriousViolations(handler, 'ticket 320')));
    if (shots)
      await handler
        .getByRole('complementary', { name: 'Ticket' })
        .screenshot({ path: `${shots}/ticket-panel-320.png` });
    await handler.getByRole('tab', { name: 'History' }).click();
    await expect.poll(() => scrollWidth(handler)).toBeLessThanOrEqual(320);
    expect(found).toEqual([]);
  });
});

describe('the AP list', () => {
  it('shows its rows as cards that fit 320 px, axe-clean', async () => {
    await employee.goto(`${portal.baseUrl}/AP/Form`);
    await fillForm(employee, example('AP'));
    await employee.getByRole('button', { name: 'Submit' }).click();
    await employee.waitForURL(/\/AP\/[0-9a-f-]{36}$/, { timeout: 30_000 });
    await employee.setViewportSize({ width: 320, height: 800 });
    await employee.goto(`${portal.baseUrl}/AP`);
    await employee.locator('table.data-table tbody tr td[data-label]').first().waitFor();
    await expect.poll(() => scrollWidth(employee)).toBeLessThanOrEqual(320);
    const found = await seriousViolations(employee, 'AP 320');
    if (shots) await employee.screenshot({ path: `${shots}/ap-320.png`, fullPage: true });
    await employee.setViewportSize({ width: 1280, height: 900 });
    found.push(...(await seriousViolations(employee, 'AP 1280')));
    expect(found).toEqual([]);
  });
});
