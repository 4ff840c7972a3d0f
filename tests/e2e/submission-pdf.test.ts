/**
 * A submission as people read it and file it: the AP detail page shows the invoice total as money
 * and an empty optional date as nothing (docs/behaviour.md "Showing values"); "Download PDF" on
 * the detail page and on the ticket view saves `<number>.pdf` (docs/behaviour.md "PDF of a
 * submission").
 */
import { readFileSync } from 'node:fs';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeBrowser, launchBrowser } from './support/browser';
import { exampleWithFiles } from './support/example-files';
import { startPortal, type PortalServer } from './support/portal-server';
import { signInOnProviderPage } from './support/sign-in';
import { ticketViewSettled } from './support/ticket-view';

let portal: PortalServer;
let context: BrowserContext;
let page: Page;
let submission: { id: string; number: string };

/**
 * Submits the AP example through the API with the page's own session, its invoice file uploaded
 * first, and an optional date and an optional text with a placeholder left empty.
 */
async function submitThroughApi(): Promise<{ id: string; number: string }> {
  const example = await exampleWithFiles(page, 'AP');
  const invoice: Record<string, unknown> = Object.fromEntries(
    Object.entries(example).filter(([key]) => key !== 'receivedDate' && key !== 'vendorCode'),
  );
  return page.evaluate(async (payload) => {
    const key = Object.keys(localStorage).find((name) => name.startsWith('auth.user:'));
    const token = (JSON.parse(localStorage.getItem(key ?? '') ?? '{}') as { access_token?: string }).access_token;
    const response = await fetch('/api/areas/AP/submissions', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(payload),
    });
    if (response.status !== 201) throw new Error(`submit answered ${response.status}: ${await response.text()}`);
    return (await response.json()) as { id: string; number: string };
  }, invoice);
}

beforeAll(async () => {
  portal = await startPortal();
  context = await launchBrowser();
  context.setDefaultTimeout(20_000);
  page = await context.newPage();
  await page.goto(`${portal.baseUrl}/Forms`);
  await page.waitForURL(/\/oidc\//);
  await signInOnProviderPage(page, 'employee');
  await page.waitForURL(`${portal.baseUrl}/Forms`);
  await page.getByRole('heading', { name: 'Accounting', level: 2 }).waitFor();
  submission = await submitThroughApi();
});

afterAll(async () => {
  await closeBrowser(context);
  await portal?.stop();
});

describe('an AP invoice read and downloaded', () => {
  it('shows the total as money and an empty optional date as nothing on the detail page', async () => {
    await page.goto(`${portal.baseUrl}/AP/${submission.id}`);
    const data = page.getByRole('region', { name: 'Submission' });
    const total = data.getByLabel('Invoice total');
    await expect.poll(() => total.inputValue()).toBe('7,842.50');
    const received = data.getByLabel('Date received');
    expect(await received.inputValue()).toBe('');
    expect(await received.getAttribute('placeholder')).toBe('');
    expect(await data.getByLabel('Yardi vendor code').getAttribute('placeholder')).toBe('');
    expect(await data.getByLabel('Invoice date').inputValue()).toBe('Mar 2, 2026');
  });

  it('downloads <number>.pdf from the detail page', async () => {
    await page.goto(`${portal.baseUrl}/AP/${submission.id}`);
    const button = page.getByRole('button', { name: 'Download PDF' });
    const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
    expect(download.suggestedFilename()).toBe(`${submission.number}.pdf`);
    const path = await download.path();
    expect(readFileSync(path).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  it('downloads <number>.pdf from the page /Tickets/comments/{id} leads to', async () => {
    await page.goto(`${portal.baseUrl}/Tickets/comments/${submission.id}`);
    await page.waitForURL(`${portal.baseUrl}/AP/${submission.id}`);
    await ticketViewSettled(page);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download PDF' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^AP-\d{6}\.pdf$/);
  });
});
