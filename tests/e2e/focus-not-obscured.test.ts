/**
 * A field that gets the focus is not hidden by the sticky site header (WCAG 2.2 SC 2.4.11 Focus
 * Not Obscured, Minimum): focused from the bottom of a long form, a field near its top scrolls
 * into view below the header, whose height varies with the width and the user's links (an
 * administrator's navigation wraps onto a second row; below 768 px the links fold into a menu).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { closeAllBrowsers } from './support/browser';
import { startPortal, type PortalServer } from './support/portal-server';
import { signedInPage } from './support/sign-in';

let portal: PortalServer;
let page: Page;

beforeAll(async () => {
  portal = await startPortal();
  page = await signedInPage(portal.baseUrl, 'admin', '/AP/Form');
  await page.locator('form.area-form').waitFor();
});

afterAll(async () => {
  await closeAllBrowsers();
  await portal?.stop();
});

/** The header's bottom edge and the focused element's top edge, in viewport pixels. */
function edges(): Promise<{ header: number; focused: number }> {
  return page.evaluate(() => ({
    header: document.querySelector('.site-header')?.getBoundingClientRect().bottom ?? 0,
    focused: document.activeElement?.getBoundingClientRect().top ?? 0,
  }));
}

describe('below the sticky header', () => {
  it.each([320, 768, 1024, 1280])('a field focused from further down shows at %i px', async (width) => {
    await page.setViewportSize({ width, height: 640 });
    for (const id of ['root_vendorName', 'root_invoiceNumber', 'root_amount']) {
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await expect.poll(() => page.evaluate(() => window.scrollY > 0)).toBe(true);
      await page.locator(`#${id}`).focus();
      const { header, focused } = await edges();
      expect(header, `the header at ${width} px`).toBeGreaterThan(50);
      expect(focused, `#${id} at ${width} px`).toBeGreaterThanOrEqual(header);
    }
  });

  it.each([320, 768, 1024, 1280])('the error summary of a refused submit shows at %i px', async (width) => {
    await page.setViewportSize({ width, height: 640 });
    await page.reload();
    const submit = page.getByRole('button', { name: 'Submit' });
    await submit.scrollIntoViewIfNeeded();
    await submit.click();
    const summary = page.locator('.area-form .error-summary');
    await expect.poll(() => summary.evaluate((element) => element === document.activeElement)).toBe(true);
    const { header, focused } = await edges();
    expect(focused, `the error summary at ${width} px`).toBeGreaterThanOrEqual(header);
  });
});
