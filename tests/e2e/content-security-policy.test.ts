/**
 * The built app under its real Content-Security-Policy (docs/behaviour.md "Security headers") in
 * Chromium: signing in through the built-in provider's pages, the home page, `/Tickets` and the
 * API docs page record no CSP violation at all — no `securitypolicyviolation` event and no
 * "Refused to …" console message. The last test shows the recorder works: an inline style added by
 * a script is refused and recorded. (Form pages are left out until the browser's form validation
 * no longer compiles code at run time.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { closeBrowser, launchBrowser } from './support/browser';
import { startPortal, type PortalServer } from './support/portal-server';
import { signInOnProviderPage } from './support/sign-in';

let portal: PortalServer;
let context: BrowserContext;
let page: Page;
/** Every violation seen so far, as `page URL: what`. */
const violations: string[] = [];

beforeAll(async () => {
  portal = await startPortal();
  context = await launchBrowser();
  context.setDefaultTimeout(20_000);
  // exposed bindings survive navigations; the listener is added to every document before its scripts run
  await context.exposeBinding('reportCspViolation', ({ page: source }, text: string) => {
    violations.push(`${source.url()}: ${text}`);
  });
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { reportCspViolation: (text: string) => void }).reportCspViolation;
      void report(`${event.effectiveDirective} blocked ${event.blockedURI} at ${event.sourceFile}:${event.lineNumber}`);
    });
  });
  page = await context.newPage();
  page.on('console', (message) => {
    if (/Refused to|Content Security Policy/i.test(message.text())) violations.push(`${page.url()}: ${message.text()}`);
  });
});

afterAll(async () => {
  await closeBrowser(context);
  await portal?.stop();
});

describe('the Content-Security-Policy in the browser', () => {
  it('records no violation on the home page, signed out and in, nor on the sign-in page', async () => {
    await page.goto(`${portal.baseUrl}/`);
    await page.getByRole('heading', { level: 1, name: 'TM online portal' }).waitFor();
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/oidc\/interaction\//);
    await signInOnProviderPage(page, 'maintenance');
    await page.waitForURL(`${portal.baseUrl}/`);
    await page.getByRole('heading', { level: 1, name: /^Welcome/ }).waitFor();
    await page.getByRole('heading', { name: 'Your open requests' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(violations).toEqual([]);
  });

  it('records no violation on /Tickets', async () => {
    await page.getByRole('navigation').getByRole('link', { name: 'Tickets', exact: true }).click();
    await page.waitForURL(`${portal.baseUrl}/Tickets`);
    await page.getByRole('heading', { name: 'Tickets', level: 1 }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(violations).toEqual([]);
  });

  it('records no violation on the API docs page', async () => {
    await page.goto(`${portal.baseUrl}/api/docs/`);
    await page.getByRole('heading', { name: /TM online portal API/ }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(violations).toEqual([]);
  });

  it('is enforced, and the recorder sees it: an inline style a script adds to the app page is refused', async () => {
    await page.goto(`${portal.baseUrl}/`);
    await page.getByRole('heading', { level: 1, name: /^Welcome/ }).waitFor();
    expect(violations).toEqual([]);
    await page.evaluate(() => {
      const style = document.createElement('style');
      style.textContent = 'body { outline: 1px solid red; }';
      document.head.append(style);
    });
    await expect.poll(() => violations.some((text) => text.includes('style-src'))).toBe(true);
  });
});
