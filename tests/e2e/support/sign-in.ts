/**
 * Signing in through the built-in identity provider's page in browser tests: the demo accounts of
 * README "Demo sign-ins" all have the password `demo`.
 */
import type { Page } from 'playwright-core';

/** Fills the provider's sign-in form the page is on as `username` and submits it. */
export async function signInOnProviderPage(page: Page, username: string): Promise<void> {
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill('demo');
  await page.getByRole('button', { name: 'Sign in' }).click();
}
