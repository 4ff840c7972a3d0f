/**
 * The widget test page `/test`: every widget filled by keyboard and mouse, the hidden
 * conditional value left out of the submitted data, a `javascript:` link never executable, a
 * failing image shows 'No image found!', success and failure toasts appear (300 ms slide, swipe to
 * dismiss at 80 px), and a repeating-section
 * row (which holds its edits until it is left) resolves its conditions and reaches a submit at once.
 * The page asks for every widget's chunk as it opens, the home page for none of the form stack.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { closeBrowser, launchBrowser } from './support/browser';
import { exampleWithFiles, submitFromPage } from './support/example-files';
import { chooseInChoices } from './support/fill-form';
import { startPortal, type PortalServer } from './support/portal-server';
import { FORM_STACK_CHUNK, scriptsRequestedDuring, WIDGET_CHUNKS } from './support/requests';
import { signedInPage, signInOnProviderPage } from './support/sign-in';
import { ticketViewSettled } from './support/ticket-view';

let portal: PortalServer;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  portal = await startPortal();
  context = await launchBrowser();
  context.setDefaultTimeout(15_000);
  page = await context.newPage();
  await page.goto(`${portal.baseUrl}/test`);
  await signInOnProviderPage(page, 'employee');
  await page.waitForURL(`${portal.baseUrl}/test`);
  await page.getByRole('heading', { name: 'Widget test', level: 1 }).waitFor();
});

afterAll(async () => {
  await closeBrowser(context);
  await portal?.stop();
});

/**
 * The text selected in the rich-text editor, as the browser shows it (`dom`) and as slate holds it
 * (`model`, read from the editor object the `<Slate>` component is given, found through React's
 * fiber of the editable element: slate exposes no other handle on it).
 */
function selections(): Promise<{ dom: string; model: string | null }> {
  return page.evaluate(() => {
    type Fiber = { memoizedProps?: { editor?: unknown }; return: Fiber | null };
    type SlateEditor = { selection: unknown; string: (at: unknown) => string };
    const dom = window.getSelection()?.toString() ?? '';
    const element = document.getElementById('root_notes') as (HTMLElement & Record<string, unknown>) | null;
    const key = element ? Object.keys(element).find((name) => name.startsWith('__reactFiber$')) : undefined;
    let fiber = (key ? element?.[key] : null) as Fiber | null;
    while (fiber && !fiber.memoizedProps?.editor) fiber = fiber.return;
    const editor = fiber?.memoizedProps?.editor as SlateEditor | undefined;
    const model = editor?.selection ? editor.string(editor.selection) : null;
    return { dom, model };
  });
}

/**
 * Selects the just-typed `text` with Shift+ArrowLeft, as a person watching the screen would: one
 * key, then a look at the selection before the next. slate-react takes a DOM selection change into
 * its model through a 100 ms throttle and renders afterwards; on a starved CPU a key pressed while
 * a render of the older selection is pending is undone by that render (CI lost one of 15 and two
 * of 4 keys pressed back to back). So after each key this waits until slate's model and the
 * browser agree (then no pending render can undo anything), and presses a key that was undone
 * again, at most twice; this test is about linking, not slate's race.
 */
async function selectBackwards(text: string): Promise<void> {
  await expect.poll(() => page.locator('#root_notes').innerText()).toContain(text);
  for (let i = 1; i <= text.length; i += 1) {
    const wanted = text.slice(-i);
    for (let attempt = 0; attempt < 3; attempt += 1) {
      await page.keyboard.press('Shift+ArrowLeft');
      await expect.poll(async () => {
        const { dom, model } = await selections();
        return dom === model;
      }).toBe(true);
      if ((await selections()).dom === wanted) break;
    }
  }
  await expect.poll(async () => (await selections()).dom).toBe(text);
}

/**
 * Links the selection through the toolbar's link dialog: `url` typed as its address, or the
 * address it offers (selected text that is an e-mail address) when `url` is undefined.
 */
async function linkSelection(url?: string): Promise<void> {
  await page.getByRole('button', { name: 'Link', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Insert link' });
  if (url !== undefined) await dialog.getByRole('textbox', { name: 'Address' }).fill(url);
  await dialog.getByRole('button', { name: 'Insert' }).click();
  await dialog.waitFor({ state: 'detached' });
}

describe('the widget test page', () => {
  it('opens the link dialog as soon as its chunk is in, with no timer left to run', async () => {
    // a browser of its own: the fake clock below is its whole context's
    const fresh = await signedInPage(portal.baseUrl, 'employee', '/Forms');
    let release = () => undefined as void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await fresh.route(/\/assets\/address-dialog-[^/]*\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await fresh.clock.install();
    await fresh.goto(`${portal.baseUrl}/test`);
    await fresh.getByRole('heading', { name: 'Widget test', level: 1 }).waitFor();
    await fresh.locator('#root_notes').click();
    await fresh.locator('#root_notes[data-slate-editor="true"]').waitFor();
    // From here on no timer of the page runs. React holds a <Suspense> boundary's content until
    // 300 ms after its fallback appeared: a dialog shown through one would never appear now.
    const now = await fresh.evaluate(() => Date.now());
    await fresh.clock.pauseAt(now + 100);
    await fresh.getByRole('button', { name: 'Link', exact: true }).click();
    release();
    await fresh.getByRole('dialog', { name: 'Insert link' }).getByRole('textbox', { name: 'Address' }).waitFor();
    await fresh.context().close();
  });

  it('shows a loaded image, and a failing one as a bordered box saying No image found!', async () => {
    await page.locator('#root_photo [data-state="loaded"]').waitFor();
    await expect.poll(() => page.locator('#root_missingPhoto').innerText()).toBe('No image found!');
    const border = await page.locator('#root_missingPhoto .image-display--error').evaluate((el) => getComputedStyle(el).borderStyle);
    expect(border).toBe('solid');
  });

  it('shows the help text of a field as a tooltip', async () => {
    await page.locator('.help-tip').first().hover();
    await expect.poll(() => page.locator('.tippy-box').innerText()).toContain('Bold, lists, headings');
  });

  it('fills every widget, drops the hidden conditional value and toasts the submit', async () => {
    const editor = page.locator('#root_notes');
    await editor.click();
    await page.keyboard.type('Call ');
    await page.keyboard.press('Control+B');
    await page.keyboard.type('now');
    await page.keyboard.press('Control+B');
    await page.keyboard.type(' ops@example.org');
    await selectBackwards('ops@example.org');
    await linkSelection();
    await page.keyboard.press('End');
    await page.keyboard.type(' evil');
    await selectBackwards('evil');
    await linkSelection('JaVaScRiPt:alert(1)');
    await expect.poll(() => editor.locator('a[href^="mailto:"]').count()).toBe(1);
    await expect.poll(() => page.locator('a[href*="script:" i]').count()).toBe(0);

    // date by keyboard, time by keyboard, date-time by mouse in the calendar
    await page.locator('#root_day').fill('2025-03-14');
    await page.keyboard.press('Tab');
    await page.locator('#root_time').fill('09:30');
    await page.keyboard.press('Tab');
    await page.locator('#root_at').click();
    await page.locator('.flatpickr-calendar.open .flatpickr-day:not(.prevMonthDay):not(.nextMonthDay)').nth(9).click();
    await page.keyboard.press('Escape');

    // the conditional field appears for Other and goes away again for Leak
    await chooseInChoices(page, page.locator('select#root_kind'), 'Other');
    await page.locator('#root_other').fill('Draught');
    await chooseInChoices(page, page.locator('select#root_kind'), 'Leak');
    await page.locator('#root_other').waitFor({ state: 'detached' });

    await chooseInChoices(page, page.locator('select#root_tags'), 'Urgent');
    await chooseInChoices(page, page.locator('select#root_tags'), 'Repeat');
    await page.locator('#root_rooms__add').click();
    await page.locator('#root_rooms_0_room').fill('Kitchen');

    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('Test form submitted').waitFor();
    const data = JSON.parse(await page.locator('#submitted-data').innerText()) as Record<string, unknown>;
    expect(data).toMatchObject({ day: '2025-03-14', time: '09:30:00', kind: 'Leak', tags: ['Urgent', 'Repeat'], rooms: [{ room: 'Kitchen' }] });
    expect(data.at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(data).not.toHaveProperty('other');
    const notes = JSON.parse(String(data.notes)) as unknown;
    expect(notes).toEqual([
      {
        type: 'paragraph',
        children: [
          { text: 'Call ' },
          { text: 'now', bold: true },
          { text: ' ' },
          { type: 'link', url: 'mailto:ops@example.org', children: [{ text: 'ops@example.org' }] },
          { text: ' ' },
          { type: 'link', url: '', children: [{ text: 'evil' }] },
          { text: '' },
        ],
      },
    ]);
  });

  it('shows a row\'s conditional field at once, and submits typing that ends in a submit without leaving the row', async () => {
    // A row keeps its edits until focus leaves it or typing pauses (ROW_COMMIT_DELAY_MS); each step
    // below runs in one browser task, before that timer can fire, so only the row's own state and
    // the commit at submit can make it pass.
    await page.locator('#root_rooms__add').click();
    const damageShown = await page.evaluate(async () => {
      document.getElementById('root_rooms_1_damaged')?.click();
      await Promise.resolve();
      return document.getElementById('root_rooms_1_damage') !== null;
    });
    expect(damageShown).toBe(true);
    const typeAndSubmit = (id: string, text: string) =>
      page.evaluate(
        ([fieldId, value]) => {
          const input = document.getElementById(fieldId);
          if (!(input instanceof HTMLInputElement) || !input.form) throw new Error(`no input #${fieldId}`);
          input.focus();
          Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, value);
          input.dispatchEvent(new Event('input', { bubbles: true }));
          input.form.requestSubmit();
        },
        [id, text] as const,
      );
    await typeAndSubmit('root_rooms_1_room', 'Bathroom');
    // the row's typing reached the validation: the conditional required field is the one error
    await page.locator('#root_rooms_1_damage__error').waitFor();
    await expect.poll(() => page.locator('#root_rooms_1_room__error').count()).toBe(0);
    await typeAndSubmit('root_rooms_1_damage', 'Cracked tiles');
    await page.locator('#submitted-data', { hasText: 'Cracked tiles' }).waitFor();
    const data = JSON.parse(await page.locator('#submitted-data').innerText()) as Record<string, unknown>;
    expect(data.rooms).toEqual([{ room: 'Kitchen' }, { room: 'Bathroom', damaged: true, damage: 'Cracked tiles' }]);
  });

  it('shows a failure toast that slides in for 300 ms, springs back from a 60 px swipe and goes at 100 px', async () => {
    // the earlier submits' toasts close by themselves (5 s); until then they would move this one
    await page.waitForFunction(() => document.querySelectorAll('.Toastify__toast').length === 0, undefined, { timeout: 15_000 });
    // The duration is read as the toast appears: the animation class is gone 300 ms later.
    const duration = await page.evaluate(
      () =>
        new Promise<string>((resolve) => {
          const observer = new MutationObserver(() => {
            const toast = document.querySelector('.Toastify__toast.Toastify--animate');
            if (!toast) return;
            observer.disconnect();
            resolve(getComputedStyle(toast).animationDuration);
          });
          observer.observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['class'] });
          [...document.querySelectorAll('button')].find((button) => button.textContent === 'Show a failure toast')?.click();
        }),
    );
    expect(duration).toBe('0.3s');
    const toast = page.locator('.Toastify__toast', { hasText: 'Test failure: nothing was submitted' });
    await toast.waitFor();
    // the slide-in is over (no animation or transition left on it): the toast is where it stays
    const settled = () => toast.evaluate((element) => element.getAnimations().length === 0 && element.style.transform === '');
    await expect.poll(settled).toBe(true);
    const swipe = async (distance: number) => {
      const box = await toast.boundingBox();
      if (!box) throw new Error('the toast has no box');
      const y = box.y + box.height / 2;
      await page.mouse.move(box.x + 40, y);
      await page.mouse.down();
      await page.mouse.move(box.x + 40 + distance, y, { steps: 8 });
      await page.mouse.up();
    };
    await swipe(60);
    // sprung back: react-toastify drops the drag's transform and lets the 0.2 s transition run out
    await expect.poll(settled).toBe(true);
    await expect.poll(() => toast.count()).toBe(1);
    await swipe(100);
    await toast.waitFor({ state: 'detached' });
  });

  it('chooses in a select by keyboard alone: Tab in, type to search, Enter; Arrow keys move the choice', async () => {
    await page.reload();
    await page.getByRole('heading', { name: 'Widget test', level: 1 }).waitFor();
    const kind = page.locator('select#root_kind');
    // Tab into the still plain select: the focus builds choices.js and stays in it
    await kind.evaluate((element) => {
      const before = element.closest('form')?.querySelectorAll<HTMLElement>('input, select, [tabindex="0"]') ?? [];
      const index = [...before].indexOf(element as HTMLElement);
      (before[index - 1] ?? document.body).focus();
    });
    await page.keyboard.press('Tab');
    const box = page.locator('.choices').filter({ has: kind });
    await expect.poll(() => box.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    await page.keyboard.type('Oth');
    await box.locator('.choices__list--dropdown .choices__item--selectable', { hasText: 'Other' }).waitFor();
    await page.keyboard.press('Enter');
    await page.locator('#root_other').waitFor();
    expect(await kind.evaluate((element) => (element as HTMLSelectElement).selectedOptions[0]?.textContent)).toBe('Other');

    // open again with the keyboard and move to the first option with the arrow keys
    await box.focus();
    await page.keyboard.press('ArrowDown');
    const dropdown = box.locator('.choices__list--dropdown');
    await expect.poll(() => dropdown.evaluate((element) => element.classList.contains('is-active'))).toBe(true);
    const first = (await dropdown.locator('.choices__item--selectable').first().innerText()).trim();
    for (let i = 0; i < 10; i += 1) await page.keyboard.press('ArrowUp');
    await page.keyboard.press('Enter');
    await expect
      .poll(() => kind.evaluate((element) => (element as HTMLSelectElement).selectedOptions[0]?.textContent))
      .toBe(first);
  });
});

describe('what the pages load', () => {
  it('loads no part of the form stack on the home page', async () => {
    const scripts = await scriptsRequestedDuring(page, async () => {
      await page.goto(`${portal.baseUrl}/`);
      await page.getByRole('heading', { name: /^Welcome/, level: 1 }).waitFor();
    });
    expect(scripts.has('home')).toBe(true);
    expect([...scripts].filter((name) => name === FORM_STACK_CHUNK || (WIDGET_CHUNKS as readonly string[]).includes(name))).toEqual([]);
  });

  it('asks for every widget chunk the form uses as it opens, before any field is focused', async () => {
    const scripts = await scriptsRequestedDuring(page, async () => {
      await page.goto(`${portal.baseUrl}/test`);
      await page.locator('#root_notes[data-rich-text="lazy"]').waitFor();
    });
    expect(WIDGET_CHUNKS.filter((name) => !scripts.has(name))).toEqual([]);
    expect(await page.evaluate(() => document.activeElement === document.body)).toBe(true);
  });

  it('shows a stored record\'s selects and dates on its ticket page without choices.js or flatpickr', async () => {
    await page.goto(`${portal.baseUrl}/Forms`);
    const { id } = await submitFromPage(page, 'AP', await exampleWithFiles(page, 'AP'));
    const scripts = await scriptsRequestedDuring(page, async () => {
      await page.goto(`${portal.baseUrl}/AP/${id}`);
      await ticketViewSettled(page);
    });
    expect(scripts.has(FORM_STACK_CHUNK)).toBe(true);
    expect([...scripts].filter((name) => ['select-widget', 'choices', 'date-picker-widget'].includes(name))).toEqual([]);
    const submission = page.getByRole('region', { name: 'Submission' });
    await expect.poll(() => submission.locator('#root_property').isDisabled()).toBe(true);
    expect(await submission.locator('#root_property option:checked').textContent()).toMatch(/^P-\d+ — /);
    expect(await submission.locator('#root_invoiceDate').inputValue()).toBe('Mar 2, 2026');
  });
});
