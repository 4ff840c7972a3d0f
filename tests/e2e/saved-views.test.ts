/**
 * Saved views of /Tickets (docs/behaviour.md "Saved views"): a handler saves the current filters
 * under a name (a refused name shows the server's message), signs out and in again, finds the view
 * kept on the server and applies it: the URL takes its filters and the view is marked current.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { closeAllBrowsers } from './support/browser';
import { startPortal, type PortalServer } from './support/portal-server';
import { signedInPage, signInOnProviderPage } from './support/sign-in';

let portal: PortalServer;
let page: Page;

beforeAll(async () => {
  portal = await startPortal();
});

afterAll(async () => {
  await closeAllBrowsers();
  await portal?.stop();
});

const views = () => page.getByRole('navigation', { name: 'Saved views' });
const currentView = () => views().locator('[aria-current="true"]');

describe('saved views on /Tickets', () => {
  it('a handler saves the current filters as a view', async () => {
    page = await signedInPage(portal.baseUrl, 'maintenance', '/Tickets');
    await page.goto(`${portal.baseUrl}/Tickets?priority=Urgent&state=open`);
    await views().getByRole('button', { name: 'My open tickets' }).waitFor();
    expect(await currentView().count()).toBe(0);

    await views().getByRole('button', { name: 'Save current view…' }).click();
    await views().getByRole('button', { name: 'Save view' }).click();
    // the server's 422 message for an empty name, under the field
    await views().getByText('Enter a name.').waitFor();
    await views().getByRole('textbox', { name: 'Name of the view' }).fill('  Urgent and open ');
    await views().getByRole('button', { name: 'Save view' }).click();
    await expect.poll(() => currentView().allInnerTexts()).toEqual(['Urgent and open']);
  });

  it('after signing out and in again the view is there and applies its filters', async () => {
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/oidc\/interaction\//);
    await signInOnProviderPage(page, 'maintenance');
    await page.getByRole('button', { name: 'Sign out' }).waitFor();
    await page.goto(`${portal.baseUrl}/Tickets`);

    const saved = views().getByRole('button', { name: 'Urgent and open', exact: true });
    await saved.waitFor();
    expect(await currentView().count()).toBe(0);
    await saved.click();
    await expect
      .poll(() => Object.fromEntries(new URL(page.url()).searchParams))
      .toEqual({ priority: 'Urgent', state: 'open' });
    await expect.poll(() => currentView().allInnerTexts()).toEqual(['Urgent and open']);

    // a built-in view replaces the filters and becomes the current one
    await views().getByRole('button', { name: 'My open tickets' }).click();
    await expect
      .poll(() => Object.fromEntries(new URL(page.url()).searchParams))
      .toEqual({ assignee: 'me', state: 'open' });
    await expect.poll(() => currentView().allInnerTexts()).toEqual(['My open tickets']);
  });
});
