/**
 * Notifications in the browser (docs/behaviour.md "Notifications"): the maintenance handler's bell
 * counts up, live over the event stream, when the employee submits a request the seeded rule routes
 * to Maintenance; the handler opens /Notifications from the bell, marks it read, and the count falls.
 * /Notifications, /Settings and /Mail (administrators; others see the no-access page) pass axe
 * (WCAG 2.2 AA, the whole page with the navigation bar), and the e-mail settings are saved.
 */
import { readFileSync } from 'node:fs';
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allowNotificationStreams, closeAllBrowsers } from './support/browser';
import { fillForm } from './support/fill-form';
import { startPortal, type PortalServer } from './support/portal-server';
import { signedInPage } from './support/sign-in';

type FormValue = Parameters<typeof fillForm>[1];
const example = JSON.parse(
  readFileSync(new URL('../../schemas/ResidentService/example.json', import.meta.url), 'utf8'),
) as FormValue;
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

let portal: PortalServer;
let handler: Page;
let unreadBefore = 0;

const bell = (page: Page) => page.getByRole('link', { name: /^Notifications, \d+ unread$/ });

async function bellCount(page: Page): Promise<number> {
  const name = (await bell(page).getAttribute('aria-label')) ?? '';
  return Number(/(\d+) unread/.exec(name)?.[1] ?? Number.NaN);
}

/** Serious and critical axe violations of the whole page, as readable lines. */
async function violations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  return result.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

beforeAll(async () => {
  allowNotificationStreams();
  portal = await startPortal();
});

afterAll(async () => {
  await closeAllBrowsers();
  await portal?.stop();
});

describe('the notification bell', () => {
  it('counts up live when a request is routed to the handler’s group', async () => {
    handler = await signedInPage(portal.baseUrl, 'maintenance', '/Tickets');
    await bell(handler).waitFor();
    unreadBefore = await bellCount(handler);
    const requester = await signedInPage(portal.baseUrl, 'employee', '/ResidentService/Form');
    await fillForm(requester, example);
    await requester.getByRole('button', { name: 'Submit' }).click();
    await requester.waitForURL(/\/ResidentService\/[0-9a-f-]{36}$/, { timeout: 30_000 });
    // no reload, no navigation: the stream pushes the new count
    await handler.getByRole('link', { name: `Notifications, ${unreadBefore + 1} unread` }).waitFor();
  });

  it('opens /Notifications, marks the notification read, and the count falls', async () => {
    await bell(handler).click();
    await handler.waitForURL(`${portal.baseUrl}/Notifications`);
    await handler.getByRole('heading', { level: 1, name: 'Notifications' }).waitFor();
    await expect.poll(() => handler.title()).toBe('Notifications – TM online portal');
    await expect.poll(() => handler.evaluate(() => document.activeElement?.tagName)).toBe('H1');
    const item = handler.getByRole('list', { name: 'Notifications' }).getByRole('listitem').first();
    await item.getByRole('link', { name: /was assigned to Maintenance$/ }).waitFor();
    expect(await violations(handler)).toEqual([]);
    await item.getByRole('button', { name: /^Mark read/ }).click();
    await handler.getByRole('link', { name: `Notifications, ${unreadBefore} unread` }).waitFor();
    await item.getByRole('button', { name: /^Mark read/ }).waitFor({ state: 'detached' });
    await item.getByRole('link', { name: /was assigned to Maintenance$/ }).click();
    await handler.waitForURL(/\/ResidentService\/[0-9a-f-]{36}$/);
  });
});

describe('settings and the mail catcher', () => {
  it('saves the e-mail settings', async () => {
    await handler.goto(`${portal.baseUrl}/Settings`);
    await handler.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
    const box = handler.getByRole('checkbox', { name: 'Someone comments on my request' });
    await box.waitFor();
    expect(await box.isChecked()).toBe(true);
    expect(await violations(handler)).toEqual([]);
    await box.uncheck();
    await handler.getByRole('button', { name: 'Save' }).click();
    await handler.getByRole('status').getByText('Your settings were saved.').waitFor();
    await handler.reload();
    await handler.getByRole('checkbox', { name: 'Someone comments on my request' }).waitFor();
    expect(await handler.getByRole('checkbox', { name: 'Someone comments on my request' }).isChecked()).toBe(false);
  });

  it('shows the outbox to administrators only', async () => {
    await handler.goto(`${portal.baseUrl}/Mail`);
    await handler.getByText('You do not have access to this page').waitFor();
    const admin = await signedInPage(portal.baseUrl, 'admin', '/Mail');
    await admin.getByRole('heading', { level: 1, name: 'Mail' }).waitFor();
    const subject = admin.getByRole('button', { name: /was assigned to Maintenance$/ }).first();
    await subject.click();
    await admin.getByRole('heading', { level: 2, name: /was assigned to Maintenance$/ }).waitFor();
    await admin.getByText('maintenance@tm.example').first().waitFor();
    expect(await violations(admin)).toEqual([]);
  });
});
