/**
 * The lazy rich-text field (built on first focus, so forms mount faster): until its first focus a
 * rich-text field is a focusable box (`data-rich-text="lazy"`), and the focus builds the slate editor. A person must not
 * notice: screen readers see a labelled textbox, Tab reaches it, and typing that starts in the same
 * moment as the click or Tab loses no character and reaches the submitted value.
 *
 * The editor used to take the focus only after slate's 10 ms retry (a selection set by an operation
 * postpones `ReactEditor.focus`), so keys pressed in that gap went to the page body: the second test
 * checks, inside one browser task, that the editor holds the focus before any timer has run.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { closeBrowser, launchBrowser } from './support/browser';
import { chooseInChoices } from './support/fill-form';
import { startPortal, type PortalServer } from './support/portal-server';
import { signedInPage, signInOnProviderPage } from './support/sign-in';

let portal: PortalServer;
let context: BrowserContext;
let page: Page;

async function openTestPage(): Promise<void> {
  await page.goto(`${portal.baseUrl}/test`);
  await page.getByRole('heading', { name: 'Widget test', level: 1 }).waitFor();
  await page.locator('#root_notes[data-rich-text="lazy"]').waitFor();
}

/** Fills the test form's other required fields, submits it and answers the data it shows as submitted. */
async function submitTestForm(on: Page): Promise<Record<string, unknown>> {
  await on.locator('#root_day').fill('2025-03-14');
  await on.keyboard.press('Tab');
  await chooseInChoices(on, on.locator('select#root_kind'), 'Noise');
  await on.getByRole('button', { name: 'Submit' }).click();
  await on.getByText('Test form submitted').waitFor();
  return JSON.parse(await on.locator('#submitted-data').innerText()) as Record<string, unknown>;
}

beforeAll(async () => {
  portal = await startPortal();
  context = await launchBrowser();
  context.setDefaultTimeout(15_000);
  page = await context.newPage();
  await page.goto(`${portal.baseUrl}/test`);
  await signInOnProviderPage(page, 'employee');
  await page.waitForURL(`${portal.baseUrl}/test`);
});

afterAll(async () => {
  await closeBrowser(context);
  await portal?.stop();
});

describe('a rich-text field before its first focus', () => {
  it('is a textbox named by its label, and no editor is built yet', async () => {
    await openTestPage();
    const box = page.getByRole('textbox', { name: 'Notes (rich text)' });
    await expect.poll(() => box.getAttribute('data-rich-text')).toBe('lazy');
    await expect.poll(() => box.getAttribute('tabindex')).toBe('0');
    await expect.poll(() => page.locator('[data-slate-editor]').count()).toBe(0);
  });

  it('hands the focus to the editor within the focusing task, so text typed at once is kept', async () => {
    await openTestPage();
    const result = await page.evaluate(async () => {
      const box = document.getElementById('root_notes');
      if (!box) throw new Error('no #root_notes');
      box.focus();
      // a zero-delay timer: runs after React's render of the focus, before any later timer
      await new Promise((resolve) => setTimeout(resolve, 0));
      const active = document.activeElement as HTMLElement | null;
      document.execCommand('insertText', false, 'Quick');
      return {
        id: active?.id,
        editable: active?.isContentEditable ?? false,
        label: active?.getAttribute('aria-label'),
      };
    });
    expect(result).toEqual({ id: 'root_notes', editable: true, label: 'Notes (rich text)' });
    await expect.poll(() => page.locator('#root_notes').innerText()).toContain('Quick');
  });

  it('keeps every character typed right after a click and submits them', async () => {
    await openTestPage();
    await page.locator('#root_notes').click();
    await page.keyboard.type('Hello lazy world');
    const data = await submitTestForm(page);
    expect(JSON.parse(String(data.notes))).toEqual([{ type: 'paragraph', children: [{ text: 'Hello lazy world' }] }]);
  });

  it('is reached by Tab, and typing goes into the editor', async () => {
    await openTestPage();
    await page.locator('body').focus();
    let reached = false;
    for (let presses = 0; presses < 60 && !reached; presses += 1) {
      await page.keyboard.press('Tab');
      reached = await page.evaluate(() => document.activeElement?.id === 'root_notes');
    }
    expect(reached).toBe(true);
    await page.keyboard.type('Tabbed in');
    await expect.poll(() => page.locator('#root_notes[contenteditable="true"]').innerText()).toContain('Tabbed in');
  });
});

describe('a rich-text field whose editor has not arrived yet', () => {
  it.each(['a click', 'the keyboard focus'])(
    'shows the form without waiting for the editor, keeps what is typed after %s and hands it to the editor',
    async (how) => {
      // a browser of its own: the editor's chunk is held for this page only
      const held = await signedInPage(portal.baseUrl, 'employee', '/Forms');
      let release = () => undefined as void;
      const editorHeld = new Promise<void>((resolve) => (release = resolve));
      await held.route(/\/assets\/rich-text-editor-[^/]*\.js$/, async (route) => {
        await editorHeld;
        await route.continue();
      });
      await held.goto(`${portal.baseUrl}/test`);
      await held.getByRole('heading', { name: 'Widget test', level: 1 }).waitFor();
      // the whole form is there while the editor's chunk is still on its way
      await held.getByRole('button', { name: 'Submit' }).waitFor();
      const box = held.getByRole('textbox', { name: 'Notes (rich text)' });
      await expect.poll(() => box.getAttribute('data-rich-text')).toBe('lazy');
      if (how === 'a click') await box.click();
      else await box.focus();
      await held.keyboard.type('First line');
      await held.keyboard.press('Enter');
      await held.keyboard.type('second');
      await expect.poll(() => held.locator('[data-slate-editor]').count()).toBe(0);
      release();
      await held.locator('#root_notes[data-slate-editor="true"]').waitFor();
      // the editor holds the focus, the caret after the typed text
      await expect.poll(() => held.evaluate(() => document.activeElement?.id)).toBe('root_notes');
      await held.keyboard.type(' line');
      await expect.poll(() => held.locator('#root_notes p').allInnerTexts()).toEqual(['First line', 'second line']);
      const data = await submitTestForm(held);
      expect(JSON.parse(String(data.notes))).toEqual([
        { type: 'paragraph', children: [{ text: 'First line' }] },
        { type: 'paragraph', children: [{ text: 'second line' }] },
      ]);
      await held.context().close();
    },
  );
});
