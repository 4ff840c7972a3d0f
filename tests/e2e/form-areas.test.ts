/**
 * Form areas in the browser (docs/behaviour.md "Form areas"): an administrator sees every folder
 * of SCHEMAS_DIR on /FormAreas, a broken one with its problem; an employee has no such page; and
 * a form left open while its schema changes on disk is refused on submit with a message to reload
 * it, the answers kept as a draft that the reloaded (newer) form starts with. Runs on a temporary
 * copy of `schemas/` plus a drop-in area and a broken folder.
 */
import { cp, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeAllBrowsers } from './support/browser';
import { startPortal, type PortalServer } from './support/portal-server';
import { signedInPage } from './support/sign-in';

const SCHEMAS = new URL('../../schemas/', import.meta.url).pathname;

/** A small drop-in area; `withKeyCount` adds a second required field (a new schema version). */
async function writeKeyReturn(schemasDir: string, withKeyCount: boolean): Promise<void> {
  const folder = join(schemasDir, 'KeyReturn');
  await mkdir(folder, { recursive: true });
  const properties: Record<string, unknown> = { unit: { type: 'string', title: 'Unit', minLength: 1 } };
  if (withKeyCount) properties.keyCount = { type: 'integer', title: 'Number of keys', minimum: 1 };
  const schema = {
    type: 'object',
    title: 'Key return',
    required: withKeyCount ? ['unit', 'keyCount'] : ['unit'],
    properties,
  };
  await writeFile(
    join(folder, 'area.json'),
    JSON.stringify({ key: 'KeyReturn', title: 'Key return', group: 'Facilities' }),
  );
  await writeFile(join(folder, 'schema.json'), JSON.stringify(schema, null, 2));
}

let root: string;
let schemasDir: string;
let portal: PortalServer;
let admin: Page;
let submissionId = '';

const signedIn = (username: string, path: string): Promise<Page> => signedInPage(portal.baseUrl, username, path);

const nav = (page: Page) => page.getByRole('navigation', { name: 'Main' });
const areaRow = (page: Page, title: string | RegExp) =>
  page
    .getByRole('table', { name: /Form areas/ })
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: title }) });
/** Refreshes the administrator's /FormAreas page and reads cell `index` of the Key return row. */
const refreshedKeyReturnCell = async (index: number): Promise<string> => {
  await admin.getByRole('button', { name: 'Refresh' }).click();
  return areaRow(admin, /Key return/)
    .getByRole('cell')
    .nth(index)
    .innerText();
};

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'tm-e2e-form-areas-'));
  schemasDir = join(root, 'schemas');
  await cp(SCHEMAS, schemasDir, { recursive: true });
  await writeKeyReturn(schemasDir, false);
  await mkdir(join(schemasDir, 'Broken'));
  await writeFile(join(schemasDir, 'Broken', 'schema.json'), '{ "type": "object", ');
  portal = await startPortal({ env: { SCHEMAS_DIR: schemasDir } });
});

afterAll(async () => {
  await closeAllBrowsers();
  await portal?.stop();
  await rm(root, { recursive: true, force: true });
});

describe('/FormAreas', () => {
  it('shows an administrator every folder, the broken one with its problem', async () => {
    admin = await signedIn('admin', '/FormAreas');
    await admin.getByRole('heading', { name: 'Form areas', level: 1 }).waitFor();
    expect(await nav(admin).getByRole('link', { name: 'Form areas' }).count()).toBe(1);
    const broken = areaRow(admin, 'Broken');
    await broken.waitFor();
    const [group, folder, version, status, submissions] = await broken.getByRole('cell').allInnerTexts();
    expect([group, folder, version, submissions]).toEqual(['—', 'Broken', '—', '0']);
    expect(status).toMatch(/^Broken\s+Not serving: the form is unavailable until the folder is fixed\./);
    expect(await broken.getByRole('list', { name: 'Problems of Broken' }).innerText()).toMatch(
      /^Broken\/schema\.json: is not valid JSON/,
    );
    const keyReturn = areaRow(admin, /Key return/);
    expect(await keyReturn.getByRole('cell').allInnerTexts()).toEqual(['Facilities', 'KeyReturn', '1', 'Loaded', '0']);
    expect(await admin.getByText(/1 folder is broken/).count()).toBe(1);
  });

  it('is not offered to an employee, who is told they have no access', async () => {
    const employee = await signedIn('employee', '/FormAreas');
    await expect
      .poll(() => employee.getByRole('heading', { name: 'You do not have access to this page' }).count())
      .toBe(1);
    expect(await nav(employee).getByRole('link', { name: 'Form areas' }).count()).toBe(0);
    await employee.close();
  });
});

describe('a form whose schema changes while it is open', () => {
  it('is refused on submit with a message to reload; the answers come back in the newer form', async () => {
    const page = await signedIn('employee', '/KeyReturn/Form');
    await page.getByRole('heading', { name: 'New Key return', level: 1 }).waitFor();
    await page.locator('#root_unit').fill('B-204');

    await writeKeyReturn(schemasDir, true);
    // the server reloads by itself: the administrator's page shows version 2 after a refresh
    await expect.poll(() => refreshedKeyReturnCell(2), { timeout: 10_000, interval: 500 }).toBe('2');

    await page.getByRole('button', { name: 'Submit' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'This form has changed since you opened it' });
    await alert.waitFor();
    expect(await alert.innerText()).toContain('yours is version 1, the current one is version 2');
    const drafts = await page.evaluate(() =>
      Object.keys(localStorage)
        .filter((key) => key.startsWith('tm.draft.'))
        .map((key) => JSON.parse(localStorage.getItem(key) ?? 'null') as { data: Record<string, unknown> }),
    );
    expect(drafts.map((draft) => draft.data)).toEqual([{ unit: 'B-204' }]);
    expect(page.url()).toBe(`${portal.baseUrl}/KeyReturn/Form`);

    await alert.getByRole('button', { name: 'Reload the form' }).click();
    await page.locator('#root_keyCount').waitFor();
    await expect.poll(() => page.locator('#root_unit').inputValue()).toBe('B-204');
    await page.locator('#root_keyCount').fill('3');
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.waitForURL(/\/KeyReturn\/[0-9a-f-]{36}$/, { timeout: 30_000 });
    await page.getByRole('heading', { level: 1, name: 'KeyReturn-000001 — Key return' }).waitFor();
    submissionId = page.url().split('/').pop() ?? '';
    await page.close();
  });
});

describe('an area whose folder is removed', () => {
  it('leaves the catalogue; its ticket still shows the stored data with the form it was submitted with', async () => {
    await rm(join(schemasDir, 'KeyReturn'), { recursive: true });
    await expect.poll(() => refreshedKeyReturnCell(3), { timeout: 10_000, interval: 500 }).toMatch(/^Removed/);
    expect(
      await areaRow(admin, /Key return/)
        .getByRole('cell')
        .nth(4)
        .innerText(),
    ).toBe('1\nversion 2: 1');

    await admin.goto(`${portal.baseUrl}/Forms`);
    await admin.getByRole('heading', { name: 'Accounting', level: 2 }).waitFor();
    expect(await admin.getByRole('link', { name: 'Key return' }).count()).toBe(0);
    await admin.goto(`${portal.baseUrl}/Tickets/comments/${submissionId}`);
    await admin.waitForURL(`${portal.baseUrl}/KeyReturn/${submissionId}`);
    await admin.getByRole('heading', { level: 1, name: /KeyReturn-000001/ }).waitFor();
    await expect.poll(() => admin.locator('#root_unit').inputValue()).toBe('B-204');
    await expect.poll(() => admin.locator('#root_keyCount').inputValue()).toBe('3');
  });
});
