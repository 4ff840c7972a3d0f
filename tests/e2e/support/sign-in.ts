/**
 * Signing in through the built-in identity provider's page in browser tests: the demo accounts of
 * README "Demo sign-ins" all have the password `demo`.
 */
import type { Page } from 'playwright-core';
import { launchBrowser } from './browser';

/** Fills the provider's sign-in form the page is on as `username` and submits it. */
export async function signInOnProviderPage(page: Page, username: string): Promise<void> {
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill('demo');
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/**
 * A browser of its own (launchBrowser; 20 s default timeout) signed in as `username`: opens
 * `baseUrl + path`, signs in on the provider's page it is sent to and waits to be back on `path`.
 * Its browser is closed by `closeAllBrowsers` (or at the end of the file at the latest).
 */
export async function signedInPage(baseUrl: string, username: string, path: string): Promise<Page> {
  const context = await launchBrowser();
  context.setDefaultTimeout(20_000);
  const page = await context.newPage();
  await page.goto(`${baseUrl}${path}`);
  await page.waitForURL(/\/oidc\/interaction\//);
  await signInOnProviderPage(page, username);
  await page.waitForURL(`${baseUrl}${path}`);
  return page;
}
