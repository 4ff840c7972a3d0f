/**
 * Role groups in the browser: an administrator creates a role group with
 * `reports:accounting:read` on /RoleGroups and adds `employee`; the employee — still signed in,
 * on their next page load — sees the Report tracker entry; removed again, they no longer do.
 * Admin and employee use separate browsers (separate storage), as two people would.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { closeAllBrowsers } from './support/browser';
import { startPortal, type PortalServer } from './support/portal-server';
import { signedInPage } from './support/sign-in';

let portal: PortalServer;
let admin: Page;
let employee: Page;

const signedIn = (username: string, path: string): Promise<Page> => signedInPage(portal.baseUrl, username, path);

const nav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

/** Reloads the page (the app fetches /api/me again) and waits for the signed-in nav bar. */
async function reload(page: Page): Promise<void> {
  await page.reload();
  await expect.poll(() => nav(page).getByRole('button', { name: 'Sign out' }).count()).toBe(1);
}

beforeAll(async () => {
  portal = await startPortal();
});

afterAll(async () => {
  await closeAllBrowsers();
  await portal?.stop();
});

describe('/RoleGroups', () => {
  it('tells the employee they have no access to role groups and shows them no such entry', async () => {
    employee = await signedIn('employee', '/RoleGroups');
    await expect
      .poll(() => employee.getByRole('heading', { name: 'You do not have access to this page' }).count())
      .toBe(1);
    expect(await nav(employee).getByRole('link', { name: 'Role groups' }).count()).toBe(0);
    expect(await nav(employee).getByRole('link', { name: 'Report tracker' }).count()).toBe(0);
  });

  it('lets an administrator create a group with reports:accounting:read and add the employee, who then sees Report tracker', async () => {
    admin = await signedIn('admin', '/RoleGroups');
    expect(await nav(admin).getByRole('link', { name: 'Role groups' }).count()).toBe(1);
    await admin.getByRole('button', { name: 'New role group' }).click();
    const form = admin.getByRole('form', { name: 'New role group' });
    await form.getByLabel('Name', { exact: true }).fill('Month-end readers');
    await form.getByLabel('Description', { exact: true }).fill('Follow the accounting report tracker');
    await form.getByRole('checkbox', { name: 'Read the accounting report tracker' }).check();
    await form.getByRole('button', { name: 'Create role group' }).click();

    const members = admin.getByRole('region', { name: 'Members of Month-end readers' });
    await members.getByLabel('Find a user by name or e-mail').fill('employee@tm.example');
    await members.getByRole('button', { name: 'Search' }).click();
    await members.getByRole('button', { name: 'Add Emma Employee' }).click();
    await expect.poll(() => members.getByRole('button', { name: 'Remove Emma Employee' }).count()).toBe(1);
    await expect
      .poll(() => admin.getByRole('row', { name: /Month-end readers/ }).innerText())
      .toContain('reports:accounting:read');

    await reload(employee);
    expect(await nav(employee).getByRole('link', { name: 'Report tracker' }).count()).toBe(1);
  });

  it('hides Report tracker from the employee again once the administrator removes them, then deletes the group', async () => {
    const members = admin.getByRole('region', { name: 'Members of Month-end readers' });
    await members.getByRole('button', { name: 'Remove Emma Employee' }).click();
    await expect.poll(() => members.getByText('No members added by hand.').count()).toBe(1);

    await reload(employee);
    expect(await nav(employee).getByRole('link', { name: 'Report tracker' }).count()).toBe(0);

    await admin.getByRole('button', { name: 'Delete Month-end readers' }).click();
    await admin
      .getByRole('group', { name: 'Confirm deleting Month-end readers' })
      .getByRole('button', { name: 'Yes, delete' })
      .click();
    await expect.poll(() => admin.getByRole('row', { name: /Month-end readers/ }).count()).toBe(0);
  });
});
