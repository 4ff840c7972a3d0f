/**
 * The ticket view's side panel: the handler's due-date control (set, overdue mark,
 * the Overdue filter of /Tickets, clear) and optimistic concurrency as the user meets it — a
 * save made from a stale tab answers 412, tells the user, overwrites nothing and shows the fresh
 * ticket; saving again from there works.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { closeBrowser, launchBrowser } from './support/browser';
import { exampleWithFiles } from './support/example-files';
import { startPortal, type PortalServer } from './support/portal-server';
import { signInOnProviderPage } from './support/sign-in';
import { ticketViewSettled } from './support/ticket-view';

const STALE_MESSAGE = 'Someone else changed this ticket. The latest version is shown now.';
let portal: PortalServer;
let requesterContext: BrowserContext;
let handlerContext: BrowserContext;
let ticket: { id: string; number: string };

/** A new tab on `path`, signing in on the provider's page first (a browser without a session). */
async function signIn(context: BrowserContext, username: string, path: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${portal.baseUrl}${path}`);
  await page.waitForURL(/\/oidc\//);
  await signInOnProviderPage(page, username);
  await page.waitForURL(`${portal.baseUrl}${path}`);
  return page;
}

/** Submits the ResidentService example through the API with the page's own session, its files uploaded first. */
async function submitThroughApi(page: Page): Promise<{ id: string; number: string }> {
  const example: Record<string, unknown> = await exampleWithFiles(page, 'ResidentService');
  return page.evaluate(async (payload) => {
    const key = Object.keys(localStorage).find((name) => name.startsWith('auth.user:'));
    const token = (JSON.parse(localStorage.getItem(key ?? '') ?? '{}') as { access_token?: string }).access_token;
    const response = await fetch('/api/areas/ResidentService/submissions', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(payload),
    });
    if (response.status !== 201) throw new Error(`submit answered ${response.status}: ${await response.text()}`);
    return (await response.json()) as { id: string; number: string };
  }, example);
}

const ticketPath = () => `/ResidentService/${ticket.id}`;

/** `yyyy-MM-ddTHH:mm` of `date` in the browser's local time, the value a datetime-local input takes. */
function localInputValue(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

beforeAll(async () => {
  portal = await startPortal();
  requesterContext = await launchBrowser();
  handlerContext = await launchBrowser();
  requesterContext.setDefaultTimeout(20_000);
  handlerContext.setDefaultTimeout(20_000);
  const requester = await signIn(requesterContext, 'employee', '/Forms');
  await requester.getByRole('heading', { name: 'Accounting', level: 2 }).waitFor();
  ticket = await submitThroughApi(requester);
});

afterAll(async () => {
  await closeBrowser(requesterContext);
  await closeBrowser(handlerContext);
  await portal?.stop();
});

describe('the due-date control', () => {
  it('sets a due date in the past: the ticket is marked overdue and listed by the Overdue filter; Clear removes it', async () => {
    const page = await signIn(handlerContext, 'maintenance', ticketPath());
    await ticketViewSettled(page);
    const due = page.getByTestId('ticket-due');
    await expect.poll(() => due.innerText()).toBe('—');

    const yesterday = new Date(Date.now() - 24 * 3600 * 1000);
    yesterday.setHours(9, 30, 0, 0);
    await page.getByLabel('Due date').fill(localInputValue(yesterday));
    await page.getByRole('button', { name: 'Save due date' }).click();
    await page.getByText('Ticket updated.').first().waitFor();
    await expect.poll(() => due.innerText()).toContain('(overdue)');
    // the stored value is the picked local time (the page shows it back in the same time zone)
    const shown = await page.evaluate(
      (iso) => new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso)),
      yesterday.toISOString(),
    );
    expect(await due.innerText()).toBe(`${shown} (overdue)`);

    await page.goto(`${portal.baseUrl}/Tickets?overdue=true`);
    await page.getByRole('link', { name: ticket.number }).waitFor();

    await page.goto(`${portal.baseUrl}${ticketPath()}`);
    await ticketViewSettled(page);
    await page.getByRole('button', { name: 'Clear due date' }).click();
    await expect.poll(() => page.getByTestId('ticket-due').innerText()).toBe('—');
    await page.close();
  });
});

describe('a save from a stale tab', () => {
  it('answers 412: the user is told, nothing is overwritten, the fresh ticket is shown and can then be saved', async () => {
    // the handler's browser signed in during the test above
    const first = await handlerContext.newPage();
    await first.goto(`${portal.baseUrl}${ticketPath()}`);
    const stale = await handlerContext.newPage();
    await stale.goto(`${portal.baseUrl}${ticketPath()}`);
    const priorityOf = (page: Page) => page.getByLabel('Priority', { exact: true });
    await expect.poll(() => priorityOf(stale).inputValue()).toBe('Normal');

    await priorityOf(first).selectOption('High');
    await first.getByText('Ticket updated.').first().waitFor();

    // The second tab still shows Normal and version n: its save must not overwrite High.
    expect(await priorityOf(stale).inputValue()).toBe('Normal');
    await priorityOf(stale).selectOption('Urgent');
    await stale.getByText(STALE_MESSAGE).waitFor();
    await expect.poll(() => priorityOf(stale).inputValue()).toBe('High');
    await first.reload();
    await expect.poll(() => priorityOf(first).inputValue()).toBe('High');

    // From the fresh version the same change goes through.
    await priorityOf(stale).selectOption('Urgent');
    await expect.poll(() => stale.getByText('Ticket updated.').count()).toBeGreaterThan(0);
    await first.reload();
    await expect.poll(() => priorityOf(first).inputValue()).toBe('Urgent');
  });
});
