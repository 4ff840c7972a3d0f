/**
 * The ticket journey: a requester submits a ResidentService request; the maintenance
 * handler moves it to In progress, assigns it to themself and posts an internal and a public
 * comment with a file; the requester sees only the public one, downloads the file and replies;
 * the handler resolves it; the
 * requester rates it through TicketFeedback and sees the rating on the ticket; /Changes tells
 * each step as a sentence.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { closeAllBrowsers } from './support/browser';
import { fillForm } from './support/fill-form';
import { startPortal, type PortalServer } from './support/portal-server';
import { signedInPage } from './support/sign-in';
import { ticketViewSettled } from './support/ticket-view';

type FormValue = Parameters<typeof fillForm>[1];
const exampleOf = (area: string) =>
  JSON.parse(readFileSync(new URL(`../../schemas/${area}/example.json`, import.meta.url), 'utf8')) as FormValue;
const example = exampleOf('ResidentService');
/** The file on the handler's public comment (a minimal PDF: uploads are checked by content). */
const VISIT_SLIP = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');

let portal: PortalServer;
let requester: Page;
let handler: Page;
let ticketUrl = '';

const signedIn = (username: string, path: string): Promise<Page> => signedInPage(portal.baseUrl, username, path);

async function status(page: Page): Promise<string> {
  return page.getByTestId('ticket-status').innerText();
}

beforeAll(async () => {
  portal = await startPortal();
});

afterAll(async () => {
  await closeAllBrowsers();
  await portal?.stop();
});

describe('a resident service ticket worked to resolution', () => {
  it('the requester submits ResidentService and lands on its ticket page', async () => {
    requester = await signedIn('employee', '/ResidentService/Form');
    await fillForm(requester, example);
    await requester.getByRole('button', { name: 'Submit' }).click();
    await requester.waitForURL(/\/ResidentService\/[0-9a-f-]{36}$/, { timeout: 30_000 });
    ticketUrl = requester.url();
    // The seeded routing rule (src/server/db/seed-assignments.ts) assigns it to Maintenance.
    await expect.poll(() => status(requester)).toBe('Assigned');
  });

  it('the handler moves it to In progress and posts an internal and a public comment', async () => {
    handler = await signedIn('maintenance', new URL(ticketUrl).pathname);
    await ticketViewSettled(handler);
    await handler.getByRole('button', { name: 'Move to In progress' }).click();
    await expect.poll(() => status(handler)).toBe('In progress');
    await handler.getByLabel('User', { exact: true }).selectOption({ label: 'Morgan Maintenance' });
    await expect.poll(() => handler.getByTestId('ticket-assignee').innerText()).toContain('Morgan Maintenance');
    await handler.getByLabel('New comment', { exact: true }).fill('Check the boiler log first');
    await handler.getByRole('checkbox', { name: /Internal/ }).check();
    await handler.getByRole('button', { name: 'Post comment' }).click();
    await handler.getByRole('article').filter({ hasText: 'Check the boiler log first' }).waitFor();
    await handler.getByRole('checkbox', { name: /Internal/ }).uncheck();
    await handler.getByLabel('New comment', { exact: true }).fill('A technician comes on Tuesday');
    await handler
      .getByLabel('Attach files')
      .setInputFiles({ name: 'visit-slip.pdf', mimeType: 'application/pdf', buffer: VISIT_SLIP });
    await handler.getByRole('list', { name: 'Files to attach' }).getByText('visit-slip.pdf').waitFor();
    await handler.getByRole('button', { name: 'Post comment' }).click();
    await handler.getByRole('article').filter({ hasText: 'A technician comes on Tuesday' }).waitFor();
  });

  it('the requester sees only the public comment and replies', async () => {
    await requester.reload();
    await requester.getByText('A technician comes on Tuesday').waitFor();
    await ticketViewSettled(requester);
    expect(await requester.getByText('Check the boiler log first').count()).toBe(0);
    const [download] = await Promise.all([
      requester.waitForEvent('download'),
      requester.getByRole('region', { name: 'Comments' }).getByRole('button', { name: 'visit-slip.pdf' }).click(),
    ]);
    expect(readFileSync(await download.path())).toEqual(VISIT_SLIP);
    await requester.getByLabel('New comment', { exact: true }).fill('Tuesday works for me');
    await requester.getByRole('button', { name: 'Post comment' }).click();
    await requester.getByRole('article').filter({ hasText: 'Tuesday works for me' }).waitFor();
  });

  it('the handler resolves it', async () => {
    await handler.reload();
    await ticketViewSettled(handler);
    await handler.getByRole('button', { name: 'Move to Resolved' }).click();
    await expect.poll(() => status(handler)).toBe('Resolved');
    expect(await handler.getByRole('link', { name: 'Rate this ticket' }).count()).toBe(0);
  });

  it('the requester rates it through TicketFeedback and sees the rating on the ticket', async () => {
    await requester.reload();
    await ticketViewSettled(requester);
    await expect.poll(() => status(requester)).toBe('Resolved');
    await expect.poll(() => requester.getByTestId('ticket-rating').innerText()).toBe('Not rated');
    const number = (await requester.getByRole('heading', { level: 1 }).innerText()).split(' ')[0] ?? '';
    await requester.getByRole('link', { name: 'Rate this ticket' }).click();
    await requester.waitForURL(/\/TicketFeedback\/Form\?ticket=/);
    const ticketField = requester.getByLabel(/Ticket number/);
    // the link's ticket number is filled in and locked once the form has loaded
    await expect.poll(() => ticketField.inputValue()).toBe(number);
    await expect.poll(() => ticketField.isEditable()).toBe(false);
    // The locked ticket field is left as the link filled it; the rest are the example's answers.
    const answers = Object.fromEntries(
      Object.entries(exampleOf('TicketFeedback') as Record<string, FormValue>).filter(
        ([key]) => key !== 'ticketNumber',
      ),
    );
    await fillForm(requester, { ...answers, rating: 4 });
    await requester.getByRole('button', { name: 'Submit' }).click();
    await requester.waitForURL(/\/TicketFeedback\/[0-9a-f-]{36}$/, { timeout: 30_000 });
    await requester.goto(ticketUrl);
    await expect.poll(() => requester.getByTestId('ticket-rating').innerText()).toBe('Rated 4/5');
    expect(await requester.getByRole('link', { name: 'Rate this ticket' }).count()).toBe(0);
  });

  it('/Changes tells each step as a sentence', async () => {
    await handler.goto(`${portal.baseUrl}/Changes`);
    const today = handler.getByRole('list', { name: 'Today' });
    await today.getByText('changed Status from In progress to Resolved').waitFor();
    // the sentence, the quoted comment and the time are paragraphs of their own: compare as one line
    const text = (await today.innerText()).replace(/\s+/g, ' ');
    for (const step of [
      'submitted ResidentService-',
      'changed Status from Assigned to In progress',
      'The portal assigned the ticket to the role group Maintenance by the routing rule',
      'Morgan Maintenance assigned the ticket to Morgan Maintenance',
      'Morgan Maintenance commented (internal): Check the boiler log first',
      'Morgan Maintenance commented and attached visit-slip.pdf: A technician comes on Tuesday',
      'Emma Employee commented: Tuesday works for me',
      'Morgan Maintenance changed Status from In progress to Resolved',
      'Emma Employee rated the ticket 4 out of 5 (TicketFeedback-',
    ]) {
      expect(text).toContain(step);
    }
    expect(text).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/);
  });
});
