/**
 * Drop-in form areas: an administrator copies a folder with a schema and a UI schema
 * into SCHEMAS_DIR and restarts the server; the area appears on /Forms, its pages work, files
 * upload through the attachments widget, and after the schema changes the stored submission is
 * still shown with the version it was submitted with, and its form (text, number, files) loads none
 * of the separately loaded widgets. Each form validates with its schema's precompiled validator
 * module: the new schema's form loads a new one, the stored version's form the first again. Runs
 * on a temporary copy of `schemas/`.
 */
import { cp, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { closeBrowser, launchBrowser } from './support/browser';
import { startPortal, type PortalServer } from './support/portal-server';
import { scriptsRequestedDuring, WIDGET_CHUNKS } from './support/requests';
import { signInOnProviderPage } from './support/sign-in';

const SCHEMAS = new URL('../../schemas/', import.meta.url).pathname;
const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** The worked example of the README's administrator section, with `unitTitle` as the unit field's label. */
function keyReturnArea(unitTitle: string) {
  return {
    'area.json': {
      key: 'KeyReturn',
      title: 'Key return',
      group: 'Facilities',
      description: 'Keys handed back by a vendor or a resident moving out.',
      listColumns: ['unit', 'keyCount'],
      summaryField: 'unit',
      handlers: ['Facilities'],
    },
    'schema.json': {
      $schema: 'http://json-schema.org/draft-07/schema#',
      title: 'Key return',
      type: 'object',
      required: ['unit', 'keyCount'],
      properties: {
        unit: { type: 'string', title: unitTitle, minLength: 1, maxLength: 40 },
        keyCount: { type: 'integer', title: 'Number of keys', minimum: 1, maximum: 50 },
        photos: {
          type: 'array',
          title: 'Photos of the keys',
          maxItems: 5,
          items: {
            type: 'object',
            required: ['id', 'name', 'size', 'mediaType'],
            properties: {
              id: { type: 'string', format: 'uuid' },
              name: { type: 'string' },
              size: { type: 'integer', minimum: 0 },
              mediaType: { type: 'string' },
            },
          },
        },
      },
    },
    'ui.json': {
      'ui:order': ['unit', 'keyCount', 'photos'],
      photos: { 'ui:widget': 'attachments', 'ui:options': { accept: 'image/*' } },
    },
  };
}

async function dropArea(schemasDir: string, unitTitle: string): Promise<void> {
  const folder = join(schemasDir, 'KeyReturn');
  await mkdir(folder, { recursive: true });
  for (const [file, content] of Object.entries(keyReturnArea(unitTitle))) {
    await writeFile(join(folder, file), `${JSON.stringify(content, null, 2)}\n`);
  }
}

let root: string;
let schemasDir: string;
let portal: PortalServer;
let context: BrowserContext;
let page: Page;
/** Paths of the KeyReturn validator modules the page loaded, in order. */
const validatorModules: string[] = [];

async function restart(): Promise<void> {
  const { dataDir } = portal;
  const port = Number(new URL(portal.baseUrl).port);
  const code = await portal.stop();
  // the server's own output says why, should it have exited on an unexpected error meanwhile
  expect(code, portal.output().slice(-4000)).toBe(0);
  portal = await startPortal({ dataDir, port, env: { SCHEMAS_DIR: schemasDir } });
}

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'tm-e2e-dropin-'));
  schemasDir = join(root, 'schemas');
  await cp(SCHEMAS, schemasDir, { recursive: true });
  portal = await startPortal({ env: { SCHEMAS_DIR: schemasDir } });
  context = await launchBrowser();
  context.setDefaultTimeout(15_000);
  page = await context.newPage();
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (path.startsWith('/api/areas/KeyReturn/validators/')) validatorModules.push(path);
  });
  await page.goto(`${portal.baseUrl}/Forms`);
  await page.waitForURL(/\/oidc\//);
  await signInOnProviderPage(page, 'employee');
  await page.waitForURL(`${portal.baseUrl}/Forms`);
});

afterAll(async () => {
  await closeBrowser(context);
  await portal?.stop();
  await rm(root, { recursive: true, force: true });
});

describe('an area dropped into SCHEMAS_DIR', () => {
  let detailUrl = '';

  it('appears on /Forms after a restart, with no client rebuild', async () => {
    await page.getByRole('heading', { name: 'Accounting', level: 2 }).waitFor();
    await expect.poll(() => page.getByRole('link', { name: 'Key return' }).count()).toBe(0);
    await dropArea(schemasDir, 'Unit');
    await restart();
    await page.goto(`${portal.baseUrl}/Forms`);
    await page.getByRole('link', { name: 'Key return' }).click();
    await page.waitForURL(`${portal.baseUrl}/KeyReturn`);
    await page.getByRole('heading', { name: 'Key return', level: 1 }).waitFor();
  });

  it('loads none of the separately loaded widgets for its form of text, number and files', async () => {
    const scripts = await scriptsRequestedDuring(page, async () => {
      await page.goto(`${portal.baseUrl}/KeyReturn/Form`);
      await page.locator('#root_unit').waitFor();
    });
    expect(scripts.has('area-create')).toBe(true);
    expect(WIDGET_CHUNKS.filter((name) => scripts.has(name))).toEqual([]);
    await page.goto(`${portal.baseUrl}/KeyReturn`);
    await page.getByRole('heading', { name: 'Key return', level: 1 }).waitFor();
  });

  it('accepts a submission with an uploaded photo and opens it with a download link', async () => {
    await page.getByRole('link', { name: 'New' }).click();
    await page.waitForURL(`${portal.baseUrl}/KeyReturn/Form`);
    await page.locator('#root_unit').fill('B-204');
    // one module, named by its hash, however many times the form was opened (once per page load)
    expect([...new Set(validatorModules)]).toEqual([
      expect.stringMatching(/^\/api\/areas\/KeyReturn\/validators\/[0-9a-f]{64}\.js$/),
    ]);
    await page.locator('#root_keyCount').fill('3');
    await page.locator('#root_photos').setInputFiles({ name: 'keys.png', mimeType: 'image/png', buffer: PNG_1X1 });
    // "Remove" appears once the upload has finished and the reference is in the form data.
    await page.getByRole('button', { name: 'Remove keys.png' }).waitFor();
    await expect.poll(() => page.getByRole('list', { name: 'Attached files' }).innerText()).toContain('70 B');
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.waitForURL(/\/KeyReturn\/[0-9a-f-]{36}$/, { timeout: 30_000 });
    await page.getByRole('heading', { level: 1, name: 'KeyReturn-000001 — Key return' }).waitFor();
    detailUrl = page.url();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'keys.png' }).click();
    expect((await download).suggestedFilename()).toBe('keys.png');
    await page.goto(`${portal.baseUrl}/KeyReturn`);
    await page.getByRole('link', { name: 'KeyReturn-000001' }).waitFor();
  });

  it('refuses a text file named .png with the server message under the file', async () => {
    await page.goto(`${portal.baseUrl}/KeyReturn/Form`);
    await page
      .locator('#root_photos')
      .setInputFiles({ name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('not an image') });
    await page.getByRole('alert').filter({ hasText: 'not an accepted file type' }).waitFor();
  });

  it('does not submit while a picked file is still being checked or uploaded', async () => {
    await page.goto(`${portal.baseUrl}/KeyReturn/Form`);
    await page.locator('#root_unit').fill('C-301');
    await page.locator('#root_keyCount').fill('1');
    // A slow machine, made slow on purpose: the file's bytes for the type check and then the upload
    // are each held until the test lets them go, so each submit below happens while that step runs.
    await page.evaluate(() => {
      const held = window as unknown as { releaseRead: () => void; refusals: number };
      const read = Reflect.get<Blob, 'arrayBuffer'>(Blob.prototype, 'arrayBuffer');
      const gate = new Promise<void>((resolve) => (held.releaseRead = resolve));
      Blob.prototype.arrayBuffer = function heldRead(this: Blob) {
        return gate.then(() => read.call(this));
      };
      // each refused submit adds a toast; counted as they appear (the first may close before the second)
      const seen = new Set<Element>();
      held.refusals = 0;
      new MutationObserver(() => {
        for (const toast of document.querySelectorAll('.Toastify__toast')) {
          if (toast.textContent?.includes('Wait until the files have finished uploading')) seen.add(toast);
        }
        held.refusals = seen.size;
      }).observe(document.body, { childList: true, subtree: true });
    });
    const refusals = () => page.evaluate(() => (window as unknown as { refusals: number }).refusals);
    let releaseUpload = () => {};
    const uploadHeld = new Promise<void>((resolve) => (releaseUpload = resolve));
    await page.route('**/api/attachments', async (route) => {
      await uploadHeld;
      await route.continue();
    });
    const uploadSent = page.waitForRequest('**/api/attachments', { timeout: 30_000 });
    await page.locator('#root_photos').setInputFiles({ name: 'slow.png', mimeType: 'image/png', buffer: PNG_1X1 });
    // while the type check reads the file
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('Wait until the files have finished uploading').first().waitFor();
    await expect.poll(refusals).toBe(1);
    await page.evaluate(() => (window as unknown as { releaseRead: () => void }).releaseRead());
    // while the upload runs: a submit that went through would open the new record without the file
    await uploadSent;
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect.poll(refusals).toBe(2);
    releaseUpload();
    await page.getByRole('button', { name: 'Remove slow.png' }).waitFor({ timeout: 30_000 });
    expect(page.url()).toMatch(/\/KeyReturn\/Form$/);
    await page.unroute('**/api/attachments');
    await page.getByRole('button', { name: 'Discard draft' }).click();
  });

  it('shows the stored submission with its own schema version after the schema changed', async () => {
    await dropArea(schemasDir, 'Apartment');
    await restart();
    const first = validatorModules[0];
    await page.goto(`${portal.baseUrl}/KeyReturn/Form`);
    await expect.poll(() => page.locator('label[for="root_unit"]').innerText()).toMatch(/^Apartment/);
    const second = validatorModules.at(-1);
    expect(second).not.toBe(first);
    await page.goto(detailUrl);
    await page.getByText(/Shown with version 1 of this form/).waitFor();
    await expect.poll(() => page.locator('label[for="root_unit"]').innerText()).toMatch(/^Unit/);
    await expect.poll(() => page.locator('#root_unit').inputValue()).toBe('B-204');
    expect(validatorModules.at(-1)).toBe(first);
  });
});
