/**
 * Rich-text comments with attachments on the ticket page (`/{Area}/{id}`): the
 * maintenance handler posts a comment with bold text and a file and an internal one; the
 * requester sees the bold text, downloads the file and never sees the internal comment; a refused
 * comment (21 files) shows the server's message and keeps the draft. The ticket view shows the
 * submission with the area's field titles and its rich text as text. The comment box is a text
 * area until its first focus builds the editor, whose chunk is asked for only once the ticket's form
 * is shown; what is typed before the editor's chunk arrives goes into the editor.
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
const example = JSON.parse(
  readFileSync(new URL('../../schemas/ResidentService/example.json', import.meta.url), 'utf8'),
) as FormValue;
/** The ticket page's read-only form (form-engine/stored-data.tsx) and the rich-text editor. */
const STORED_DATA_CHUNK = /\/assets\/stored-data-[^/]*\.js$/;
const EDITOR_CHUNK = /\/assets\/rich-text-editor-[^/]*\.js$/;
const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');

let portal: PortalServer;
let requester: Page;
let handler: Page;
let ticketPath = '';

const signedIn = (username: string, path: string): Promise<Page> => signedInPage(portal.baseUrl, username, path);

const comments = (page: Page) => page.getByRole('region', { name: 'Comments' });

beforeAll(async () => {
  portal = await startPortal();
});

afterAll(async () => {
  await closeAllBrowsers();
  await portal?.stop();
});

describe('ticket comments with rich text and files', () => {
  it('the ticket view shows the submission with field titles and its rich text as text', async () => {
    requester = await signedIn('employee', '/ResidentService/Form');
    await fillForm(requester, example);
    await requester.getByRole('button', { name: 'Submit' }).click();
    await requester.waitForURL(/\/ResidentService\/[0-9a-f-]{36}$/, { timeout: 30_000 });
    ticketPath = new URL(requester.url()).pathname;
    const submission = requester.getByRole('region', { name: 'Submission' });
    await submission.getByText('Problem summary').first().waitFor();
    await submission.getByText('Kitchen sink drains very slowly', { exact: false }).first().waitFor();
    const text = await submission.innerText();
    expect(text).not.toContain('issueTitle');
    expect(text).not.toContain('<p>');
  });

  it('the handler posts a public comment with bold text and a file, and an internal one', async () => {
    handler = await signedIn('maintenance', ticketPath);
    await ticketViewSettled(handler);
    const editor = handler.getByLabel('New comment', { exact: true });
    await editor.click();
    await handler.keyboard.type('Parts are ');
    await handler.keyboard.press('Control+B');
    await handler.keyboard.type('ordered today');
    await handler.keyboard.press('Control+B');
    await handler
      .getByLabel('Attach files')
      .setInputFiles({ name: 'quote.pdf', mimeType: 'application/pdf', buffer: PDF });
    await handler.getByRole('list', { name: 'Files to attach' }).getByText('quote.pdf').waitFor();
    await handler.getByRole('button', { name: 'Post comment' }).click();
    await comments(handler).locator('article strong', { hasText: 'ordered today' }).waitFor();

    await handler.getByLabel('New comment', { exact: true }).click();
    await handler.keyboard.type('Landlord pays, do not tell the resident');
    await handler.getByRole('checkbox', { name: /Internal/ }).check();
    await handler.getByRole('button', { name: 'Post comment' }).click();
    await comments(handler).locator('article', { hasText: 'Landlord pays' }).waitFor();
    expect(await comments(handler).locator('article').count()).toBe(2);
  });

  it('the requester sees the bold text, downloads the file and not the internal comment', async () => {
    await requester.reload();
    const bold = comments(requester).locator('article strong', { hasText: 'ordered today' });
    await bold.waitFor();
    await ticketViewSettled(requester);
    expect(await comments(requester).locator('article').count()).toBe(1);
    expect(await comments(requester).getByText('Landlord pays').count()).toBe(0);
    expect(await requester.getByRole('checkbox', { name: /Internal/ }).count()).toBe(0);

    const [download] = await Promise.all([
      requester.waitForEvent('download'),
      comments(requester).getByRole('button', { name: 'quote.pdf' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('quote.pdf');
    expect(readFileSync(await download.path())).toEqual(PDF);
  });

  it("a refused comment shows the server's message and keeps the draft until it is fixed", async () => {
    await requester.getByLabel('New comment', { exact: true }).click();
    await requester.keyboard.type('Photos of the sink');
    const photos = Array.from({ length: 21 }, (_, i) => ({
      name: `photo-${i + 1}.pdf`,
      mimeType: 'application/pdf',
      buffer: PDF,
    }));
    await requester.getByLabel('Attach files').setInputFiles(photos);
    const queued = requester.getByRole('list', { name: 'Files to attach' });
    await expect.poll(() => queued.getByRole('button', { name: /^Remove/ }).count(), { timeout: 60_000 }).toBe(21);
    await requester.getByRole('button', { name: 'Post comment' }).click();
    await requester.getByRole('alert').filter({ hasText: 'at most 20 attachments' }).waitFor();
    expect(await requester.getByLabel('New comment', { exact: true }).innerText()).toContain('Photos of the sink');
    expect(await comments(requester).locator('article').count()).toBe(1);

    await queued.getByRole('button', { name: 'Remove photo-21.pdf' }).click();
    await requester.getByRole('button', { name: 'Post comment' }).click();
    const posted = comments(requester).locator('article', { hasText: 'Photos of the sink' });
    await posted.waitFor();
    expect(await posted.getByRole('button', { name: /^photo-\d+\.pdf$/ }).count()).toBe(20);
  });

  it("asks for the comment box's editor only once the ticket's form is shown", async () => {
    // the read-only form's chunk held until the comment box is there: the editor's chunk, which
    // the page does not show yet, must not share the network with the form's
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await handler.route(STORED_DATA_CHUNK, async (route) => {
      await held;
      await route.continue();
    });
    // routing also keeps the editor's chunk out of the HTTP cache, so it is fetched again
    await handler.route(EDITOR_CHUNK, (route) => route.continue());
    await handler.reload();
    await handler.locator('textarea#new-comment').waitFor({ state: 'attached' });
    // hidden until the form is shown, so not in the accessibility tree yet
    await handler.locator('section[aria-label="Comments"] article').first().waitFor({ state: 'attached' });
    release();
    await ticketViewSettled(handler);
    const timing = async (pattern: RegExp) => {
      const entries = await handler.evaluate(() =>
        performance.getEntriesByType('resource').map((entry) => ({
          name: entry.name,
          startTime: entry.startTime,
          responseEnd: (entry as PerformanceResourceTiming).responseEnd,
        })),
      );
      return entries.find((entry) => pattern.test(new URL(entry.name).pathname));
    };
    await expect.poll(async () => (await timing(EDITOR_CHUNK)) !== undefined).toBe(true);
    const form = await timing(STORED_DATA_CHUNK);
    const editor = await timing(EDITOR_CHUNK);
    expect(editor!.startTime).toBeGreaterThan(form!.responseEnd);
    await handler.unroute(STORED_DATA_CHUNK);
    await handler.unroute(EDITOR_CHUNK);
  });

  it('the comment box builds its editor on first focus, and keeps what was typed before it arrived', async () => {
    // the editor's chunk held back: the box stays a text area, and takes what is typed
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await handler.route(/\/assets\/rich-text-editor-[^/]*\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await handler.reload();
    // not `ticketViewSettled`: the held request keeps the network busy
    await handler.getByRole('region', { name: 'Submission' }).locator('.form-group').first().waitFor();
    const box = handler.locator('textarea#new-comment');
    await box.waitFor();
    await box.focus();
    await handler.keyboard.type('Plumber booked');
    await handler.keyboard.press('Enter');
    await handler.keyboard.type('for Monday');
    expect(await handler.locator('[data-slate-editor="true"]').count()).toBe(0);
    // the chunk arrives: the editor holds the text, one paragraph per line, focus at its end
    release();
    const editor = handler.locator('#new-comment[data-slate-editor="true"]');
    await editor.waitFor();
    await expect.poll(() => handler.evaluate(() => document.activeElement?.id)).toBe('new-comment');
    await handler.keyboard.type(' morning');
    await expect.poll(() => editor.locator('p').allInnerTexts()).toEqual(['Plumber booked', 'for Monday morning']);
    await handler.unroute(/\/assets\/rich-text-editor-[^/]*\.js$/);
    await handler.getByRole('button', { name: 'Post comment' }).click();
    await comments(handler).locator('article', { hasText: 'for Monday morning' }).waitFor();
    // after the post the box is a text area again
    await box.waitFor();
  });
});
