/**
 * Files in a form, end to end: an employee fills the AP form, attaches the invoice as a PDF and a
 * photo, submits, and the detail page shows the photo as a thumbnail (fetched with the access
 * token, opening full size in a new tab) and the PDF in the file list with its type and size.
 * Screenshots of the form with the files attached and of the detail page at 375 and 1280 px go to
 * test-results/form-attachments/.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { deflateSync, crc32 } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { closeBrowser, launchBrowser } from './support/browser';
import { fillForm, PDF_BYTES } from './support/fill-form';
import { startPortal, type PortalServer } from './support/portal-server';
import { signInOnProviderPage } from './support/sign-in';

const SCREENSHOT_DIR = new URL('../../test-results/form-attachments/', import.meta.url).pathname;
type FormValue = Parameters<typeof fillForm>[1];
const AP_EXAMPLE = JSON.parse(
  readFileSync(new URL('../../schemas/AP/example.json', import.meta.url), 'utf8'),
) as Record<string, FormValue>;

/** A `width`×`height` RGB PNG (PNG specification: IHDR, one IDAT, IEND) with a two-colour gradient. */
function gradientPng(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits, RGB, deflate, no filter method, not interlaced
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const at = y * (width * 3 + 1) + 1 + x * 3;
      rows.set([40 + Math.round((180 * x) / width), 90 + Math.round((120 * y) / height), 160], at);
    }
  }
  const signature = Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]);
  return Buffer.concat([
    signature,
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const PHOTO = gradientPng(160, 120);

let portal: PortalServer;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  portal = await startPortal();
  context = await launchBrowser();
  context.setDefaultTimeout(15_000);
  page = await context.newPage();
  await page.goto(`${portal.baseUrl}/Forms`);
  await signInOnProviderPage(page, 'employee');
  await page.waitForURL(`${portal.baseUrl}/Forms`);
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
});

afterAll(async () => {
  await closeBrowser(context);
  await portal?.stop();
});

describe('an AP invoice with its files', () => {
  it('is refused without the invoice file, then submits with a PDF and a photo, shown on the detail page', async () => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${portal.baseUrl}/AP/Form`);
    await page.getByRole('heading', { level: 1, name: 'New Accounts payable invoice' }).waitFor();
    const withoutFiles = { ...AP_EXAMPLE };
    delete withoutFiles.invoiceFile;
    await fillForm(page, withoutFiles);

    // the file input takes PDFs and images only, and the field is required
    const input = page.locator('input[type="file"]#root_invoiceFile');
    expect(await input.getAttribute('accept')).toBe('application/pdf,image/*');
    await page.getByRole('button', { name: 'Submit' }).click();
    const group = input.locator('xpath=ancestor::*[contains(@class,"form-group")][1]');
    await expect.poll(() => group.innerText()).toMatch(/required/i);
    expect(new URL(page.url()).pathname).toBe('/AP/Form');

    await input.setInputFiles([
      { name: 'INV-20931.pdf', mimeType: 'application/pdf', buffer: PDF_BYTES },
      { name: 'invoice-photo.png', mimeType: 'image/png', buffer: PHOTO },
    ]);
    await page.getByRole('button', { name: 'Remove INV-20931.pdf', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Remove invoice-photo.png', exact: true }).waitFor();
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await group.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SCREENSHOT_DIR}ap-form-files-${width}.png` });
    }

    await page.getByRole('button', { name: 'Submit' }).click();
    await page.waitForURL(/\/AP\/[0-9a-f-]{36}$/, { timeout: 30_000 });
    await page.getByRole('heading', { level: 1, name: /AP-\d{6}/ }).waitFor();

    // the photo: a thumbnail loaded from a blob: address (the file route needs the Bearer token)
    const thumbnails = page.getByRole('list', { name: 'Images' });
    const thumbnail = thumbnails.locator('.image-display');
    await thumbnail.and(page.locator('[data-state="loaded"]')).waitFor();
    expect(await thumbnail.locator('img').getAttribute('alt')).toBe('invoice-photo.png');
    expect(await thumbnail.locator('img').getAttribute('src')).toMatch(/^blob:/);
    expect(await thumbnails.innerText()).toContain('invoice-photo.png');
    // the PDF: listed with its name (a download button), type and size
    const files = page.getByRole('list', { name: 'Attached files' });
    await expect.poll(() => files.innerText()).toMatch(/INV-20931\.pdf\s+PDF\s+77 B/);
    expect(await thumbnails.innerText()).not.toContain('INV-20931.pdf');

    // full size in a new tab
    const [opened] = await Promise.all([
      context.waitForEvent('page'),
      thumbnails.getByRole('link', { name: /invoice-photo\.png/ }).click(),
    ]);
    expect(opened.url()).toMatch(/^blob:/);
    await opened.close();

    const download = page.waitForEvent('download');
    await files.getByRole('button', { name: 'INV-20931.pdf' }).click();
    expect((await download).suggestedFilename()).toBe('INV-20931.pdf');

    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await thumbnails.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SCREENSHOT_DIR}ap-detail-${width}.png` });
    }
  });
});
