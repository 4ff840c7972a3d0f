/**
 * The attachments widget refuses at pick time what the server would refuse (the limits are shared:
 * src/shared/attachment.ts): the 21st file of a field, with one
 * clear message, and a file whose content is not an accepted type whatever its name — neither is
 * uploaded. Runs on the widget test page `/test`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { closeBrowser, launchBrowser } from './support/browser';
import { startPortal, type PortalServer } from './support/portal-server';
import { signInOnProviderPage } from './support/sign-in';

const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const EXE_BYTES = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(58), Buffer.from([0x40, 0, 0, 0]), Buffer.from('PE\0\0'), Buffer.alloc(64)]);

let portal: PortalServer;
let context: BrowserContext;
let page: Page;
let uploads = 0;

beforeAll(async () => {
  portal = await startPortal();
  context = await launchBrowser();
  context.setDefaultTimeout(15_000);
  page = await context.newPage();
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/attachments') uploads += 1;
  });
  await page.goto(`${portal.baseUrl}/test`);
  await signInOnProviderPage(page, 'employee');
  await page.waitForURL(`${portal.baseUrl}/test`);
  await page.getByRole('heading', { name: 'Widget test', level: 1 }).waitFor();
});

afterAll(async () => {
  await closeBrowser(context);
  await portal?.stop();
});

describe('the attachments widget at pick time', () => {
  it('refuses a file whose content is not an accepted type, under an accepted name, without uploading it', async () => {
    await page.locator('#root_files').setInputFiles([{ name: 'invoice.pdf', mimeType: 'application/pdf', buffer: EXE_BYTES }]);
    await expect.poll(() => page.locator('.attachments__item--pending [role="alert"]').innerText()).toMatch(/^Not an accepted file type/);
    expect(uploads).toBe(0);
    await page.getByRole('button', { name: 'Dismiss' }).click();
  });

  it('uploads 20 files and refuses the 21st with a message', async () => {
    const files = Array.from({ length: 21 }, (_, index) => ({ name: `photo-${index + 1}.png`, mimeType: 'image/png', buffer: PNG_1X1 }));
    await page.locator('#root_files').setInputFiles(files);
    await page.getByRole('alert').filter({ hasText: 'At most 20 files can be attached: photo-21.png was not added.' }).waitFor();
    const attached = page.locator('.attachments__item:not(.attachments__item--pending)');
    await page.waitForFunction(() => document.querySelectorAll('.attachments__item:not(.attachments__item--pending)').length === 20, undefined, { timeout: 60_000 });
    await expect.poll(() => attached.count()).toBe(20);
    await expect.poll(() => page.locator('.attachments__item', { hasText: 'photo-21.png' }).count()).toBe(0);
    expect(uploads).toBe(20);

    // the field is full: one more is refused at once, nothing uploaded
    await page.locator('#root_files').setInputFiles([{ name: 'one-more.png', mimeType: 'image/png', buffer: PNG_1X1 }]);
    await page.getByRole('alert').filter({ hasText: 'one-more.png was not added' }).waitFor();
    expect(uploads).toBe(20);
  });
});
