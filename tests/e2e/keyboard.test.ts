/**
 * Forms completed and submitted with the keyboard alone (Tab, Shift+Tab, arrows, Enter, Space and
 * typing; no click, no `fill`): a flat form with radio groups, a select and rich text
 * (PortalFeedback), one with a repeating section whose rows are added by keyboard (Uniform), a
 * form in steps with a date, a time, rich text, a row added, radio groups and a photo
 * (IncidentForm), an invoice with dates, a file, a repeating section and a link made in rich text
 * through the link dialog (AP), a request with checkboxes (TechnologyRequest) and a month-end close
 * with checkboxes and rich text (MonthsEnd). A file field is reached by Tab and opened with Enter;
 * the file is handed to the browser's file chooser (Playwright's `filechooser` event), as a
 * person picks one in the system dialog. After every key the focus is somewhere on the page, never
 * `<body>`; after the submit the focus is on the new record's heading.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { closeBrowser, launchBrowser } from './support/browser';
import { PDF_BYTES, PNG_1X1 } from './support/fill-form';
import { startPortal, type PortalServer } from './support/portal-server';
import { signedInPage, signInOnProviderPage } from './support/sign-in';

let portal: PortalServer;
let context: BrowserContext;
let page: Page;
const consoleMessages: string[] = [];

beforeAll(async () => {
  portal = await startPortal();
  context = await launchBrowser();
  context.setDefaultTimeout(20_000);
  // where the focus went, for the message of a test that loses it
  await context.addInitScript(() => {
    const trail: Element[] = [];
    (window as unknown as { focusTrail: Element[] }).focusTrail = trail;
    document.addEventListener('focusin', (event) => {
      if (event.target instanceof Element) trail.push(event.target);
      if (trail.length > 6) trail.shift();
    });
    // what the keys and clicks reached, for the message of a file chooser that never opened
    const events: string[] = [];
    (window as unknown as { inputEvents: string[] }).inputEvents = events;
    for (const type of ['keydown', 'keyup', 'click']) {
      document.addEventListener(
        type,
        (event) => {
          const target = event.target instanceof Element ? event.target : null;
          const key = event instanceof KeyboardEvent ? ` ${event.key === ' ' ? 'Space' : event.key}` : '';
          events.push(`${type}${key} on ${target?.id || target?.tagName || '?'}${target?.matches(':active') ? ' (:active)' : ''}`);
          if (events.length > 8) events.shift();
        },
        true,
      );
    }
  });
  page = await context.newPage();
  page.on('console', (message) => consoleMessages.push(`${message.type()}: ${message.text()}`));
  // Playwright intercepts file choosers while the page has a `filechooser` listener: this one
  // keeps it on for the whole file, so the interception is not switched off after one pick and
  // back on (a message of its own, sent beside the key press) for the next
  page.on('filechooser', () => undefined);
  await page.goto(`${portal.baseUrl}/Forms`);
  await signInOnProviderPage(page, 'employee');
  await page.waitForURL(`${portal.baseUrl}/Forms`);
});

afterAll(async () => {
  await closeBrowser(context);
  await portal?.stop();
});

/** The focused element's id (or its `.choices` box's select id), or `BODY` when the focus was lost. */
async function focused(): Promise<string> {
  return page.evaluate(() => {
    const active = document.activeElement;
    if (!active || active === document.body) return 'BODY';
    const select = active.closest('.choices')?.querySelector('select');
    return select?.id || active.id || active.tagName;
  });
}

/** The last elements that took the focus, newest last, each described with whether it is still in the page. */
async function focusTrail(): Promise<string> {
  return page.evaluate(() => {
    const trail = (window as unknown as { focusTrail?: Element[] }).focusTrail ?? [];
    return trail
      .map((element) => {
        const text = (element.textContent ?? '').trim().slice(0, 30);
        return `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}${text ? ` "${text}"` : ''}${element.isConnected ? '' : ' (removed)'}`;
      })
      .join(' → ');
  });
}

async function press(key: string): Promise<void> {
  await page.keyboard.press(key);
  if ((await focused()) === 'BODY') throw new Error(`the focus was lost after ${key}; it went ${await focusTrail()}`);
}

/** Presses Tab (Shift+Tab with `back`) until the focus is on `id` (or in its choices box, or on one of its radios). */
async function tabTo(id: string, back = false): Promise<void> {
  for (let step = 0; step < 80; step += 1) {
    const at = await focused();
    if (at === id || at.startsWith(`${id}-`)) return;
    await press(back ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`Tab never reached #${id} (last at ${await focused()})`);
}

async function typeInto(id: string, text: string, back = false): Promise<void> {
  await tabTo(id, back);
  await page.keyboard.type(text);
}

/**
 * A choices.js select: Tab in (the focus builds and opens it), type to search, Enter picks the
 * first match, whose text must be `expected` (or match it).
 */
async function choose(id: string, search: string, expected: string | RegExp, back = false): Promise<void> {
  await tabTo(id, back);
  await page.keyboard.type(search);
  await page.locator(`.choices:has(select#${id}) .choices__list--dropdown .choices__item--selectable`).first().waitFor();
  await press('Enter');
  const chosen = () => page.locator(`select#${id}`).evaluate((el) => (el as HTMLSelectElement).selectedOptions[0]?.textContent ?? '');
  if (typeof expected === 'string') await expect.poll(chosen).toBe(expected);
  else await expect.poll(chosen).toMatch(expected);
}

/** Opens an area's create page and waits until its form is there to Tab through. */
async function openForm(area: string): Promise<void> {
  await page.goto(`${portal.baseUrl}/${area}/Form`);
  await page.getByRole('heading', { level: 1, name: /^New / }).waitFor();
  await page.locator('form.area-form button[type="submit"]').waitFor();
  await page.waitForLoadState('networkidle');
}

/**
 * A radio group: Tab to it (onto its checked radio, or its first), Space checks the focused radio
 * when none is, and ArrowRight moves the check on (round the group) until radio `index` is checked.
 */
async function pickRadio(id: string, index: number): Promise<void> {
  await tabTo(id);
  const checked = () => page.locator(`input[type="radio"][id^="${id}-"]:checked`).evaluateAll((radios) => radios[0]?.id ?? '');
  const seen: string[] = [];
  for (let step = 0; step < 12; step += 1) {
    const now = await checked();
    seen.push(now);
    if (now === `${id}-${index}`) return;
    await press(now ? 'ArrowRight' : 'Space');
  }
  throw new Error(`the radios of ${id} went ${seen.join(' → ')}, never to ${index}`);
}

/** The page lands on the new record, the focus on its heading (the confirmation). */
async function landed(area: string): Promise<void> {
  await page.waitForURL(new RegExp(`/${area}/[0-9a-f-]{36}$`));
  await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe('H1');
  await expect.poll(() => page.evaluate(() => document.activeElement?.textContent ?? '')).toContain(`${area}-0000`);
}

async function submitAndLand(area: string): Promise<void> {
  await tabTo('FORM_SUBMIT');
  // the button goes with the page it leaves: the focus is checked on the new page's heading
  await page.keyboard.press('Enter');
  await landed(area);
}

/** A step of a form in steps: Tab to "Next", Enter, and the next step's heading holds the focus. */
async function nextStep(title: string): Promise<void> {
  await tabTo('FORM_SUBMIT');
  await press('Enter');
  await expect.poll(() => page.evaluate(() => document.activeElement?.textContent ?? '')).toBe(title);
}

/** Presses Tab until the focus is on the button reading `name`. */
async function tabToButton(name: string): Promise<void> {
  const at = () => page.evaluate(() => (document.activeElement?.tagName === 'BUTTON' ? (document.activeElement.textContent ?? '').trim() : ''));
  for (let step = 0; step < 80; step += 1) {
    if ((await at()) === name) return;
    await press('Tab');
  }
  throw new Error(`Tab never reached the button ${name}`);
}

/** A date (or time) typed into its flatpickr field; Escape closes the calendar. */
async function typeDate(id: string, text: string): Promise<void> {
  await typeInto(id, text);
  await press('Escape');
  await expect.poll(() => page.locator(`#${id}`).inputValue()).toBe(text);
}

/**
 * A file field: Tab to it, Enter opens the browser's file chooser (here Playwright's `filechooser`
 * event stands in for the system dialog), and the file uploads until it is listed. Enter, not
 * Space: Chromium opens the chooser on Enter's key press itself, but on Space's key-up only while
 * the input is still `:active` from its key-down. A CI run once saw no chooser after Space, the
 * focus on the input (cause not found: ten runs here, six of them beside two busy loops, all
 * opened it); Enter leaves one step fewer to go wrong. Should no chooser open, the error lists
 * where the focus went, the last keys and clicks and the page's console.
 */
async function pickFile(id: string, file: { name: string; mimeType: string; buffer: Buffer }): Promise<void> {
  await tabTo(id);
  consoleMessages.length = 0;
  const [chooser] = await Promise.all([
    page.waitForEvent('filechooser').catch(async (error: unknown) => {
      const events = await page.evaluate(() => (window as unknown as { inputEvents?: string[] }).inputEvents ?? []);
      throw new Error(
        `no file chooser opened for #${id} (focus went ${await focusTrail()}; events: ${events.join(', ')}; console: ${consoleMessages.join(' | ') || 'nothing'})`,
        { cause: error },
      );
    }),
    page.keyboard.press('Enter'),
  ]);
  await chooser.setFiles(file);
  await page.locator(`.attachments:has(#${id}) .attachments__list`, { hasText: file.name }).waitFor();
  await expect.poll(() => page.locator(`.attachments:has(#${id}) progress`).count()).toBe(0);
}

/** Checkboxes: Tab to the first of `id`'s boxes, Space ticks it; Tab moves to the next box. */
async function tickBoxes(id: string, count: number): Promise<void> {
  await tabTo(id);
  for (let i = 0; i < count; i += 1) {
    if (i > 0) await press('Tab');
    await press('Space');
  }
  await expect.poll(() => page.locator(`input[type="checkbox"][id^="${id}-"]:checked`).count()).toBe(count);
}

/** Rich text: Tab into the field (the focus builds the editor), then type. */
async function typeRichText(id: string, text: string): Promise<void> {
  await tabTo(id);
  await page.locator(`#${id}[data-slate-editor="true"]`).waitFor();
  await page.keyboard.type(text);
  await expect.poll(() => page.locator(`#${id}`).innerText()).toContain(text);
}

describe('forms by keyboard alone', () => {
  beforeAll(async () => {
    // the submit button gets an id the Tab loop can look for
    await context.addInitScript(() => {
      new MutationObserver(() => {
        const submit = document.querySelector('form.area-form button[type="submit"]');
        if (submit && !submit.id) submit.id = 'FORM_SUBMIT';
      }).observe(document, { childList: true, subtree: true });
    });
  });

  it('PortalFeedback: radios, a select, text and rich text, submitted with Enter', async () => {
    await openForm('PortalFeedback');
    await pickRadio('root_rating', 3);
    await choose('root_category', 'Idea', 'Idea or suggestion');
    await typeInto('root_subject', 'Keyboard only');
    await tabTo('root_message');
    await page.keyboard.type('Everything reachable with Tab.');
    await pickRadio('root_mayContact', 0);
    await submitAndLand('PortalFeedback');
  });

  it('Uniform: a repeating section whose rows are added and filled by keyboard, and an empty submit first', async () => {
    await openForm('Uniform');
    // an empty submit: the focus goes to the error summary, Tab reaches its first link, Enter goes to the field
    await tabTo('FORM_SUBMIT');
    await press('Enter');
    await expect.poll(() => page.evaluate(() => document.activeElement?.classList.contains('error-summary'))).toBe(true);
    await press('Tab');
    await press('Enter');
    await expect.poll(focused).toBe('root_employeeName');
    await page.keyboard.type('Marcus Bell');
    await typeInto('root_jobTitle', 'Maintenance technician');
    await choose('root_property', 'P-1005', /P-1005/);
    await choose('root_orderReason', 'Seasonal', 'Seasonal (cold-weather gear)');
    if ((await page.locator('#root_items_0_item').count()) === 0) {
      await tabTo('root_items__add');
      await press('Enter');
    }
    await choose('root_items_0_item', 'Winter', 'Winter coat');
    await typeInto('root_items_0_size', 'XL');
    await typeInto('root_items_0_quantity', '1');
    await tabTo('root_items__add');
    await press('Enter');
    await page.locator('#root_items_1_item').waitFor();
    await expect.poll(() => page.locator('#root_items [role="status"]').innerText()).toMatch(/2 added/);
    // the new row lies before the add button, which keeps the focus
    await choose('root_items_1_item', 'Cap', 'Cap or beanie', true);
    await typeInto('root_items_1_size', 'One size');
    await typeInto('root_items_1_quantity', '2');
    await typeInto('root_neededBy', '2026-11-02');
    await press('Escape');
    await typeInto('root_managerName', 'Tom Reyes');
    await submitAndLand('Uniform');
  });
  it('IncidentForm in steps: selects, radios, a date, a time, rich text, a row added, and a photo', async () => {
    await openForm('IncidentForm');
    await choose('root_property', 'P-1004', /P-1004/);
    await choose('root_incidentType', 'Theft', 'Theft');
    await pickRadio('root_severity', 1);
    await typeInto('root_title', 'Bikes taken from storage');
    await nextStep('When and where');
    await typeDate('root_incidentDate', '2026-02-14');
    await typeDate('root_incidentTime', '02:30');
    await typeInto('root_location', 'Building B basement');
    await nextStep('What happened');
    await typeRichText('root_description', 'The storage door was forced open.');
    await tabTo('root_peopleInvolved__add');
    await press('Enter');
    await page.locator('#root_peopleInvolved_0_name').waitFor();
    await typeInto('root_peopleInvolved_0_name', 'Kevin Huang', true);
    await choose('root_peopleInvolved_0_role', 'Resident', 'Resident');
    await pickRadio('root_injuriesReported', 1);
    await nextStep('Police and fire department');
    await pickRadio('root_policeCalled', 1);
    await pickRadio('root_fireDepartmentCalled', 1);
    await nextStep('Damage and actions');
    await pickRadio('root_propertyDamage', 1);
    await nextStep('Photos and documents');
    await pickFile('root_photos', { name: 'storage-door.png', mimeType: 'image/png', buffer: PNG_1X1 });
    await nextStep('Review and submit');
    await tabToButton('Submit');
    await page.keyboard.press('Enter');
    await landed('IncidentForm');
  });

  it('AP: dates, an invoice file, a GL line, a radio group and a link made through the link dialog', async () => {
    await openForm('AP');
    await choose('root_property', 'P-1007', /P-1007/);
    await typeInto('root_vendorName', 'Buckeye Roofing');
    await typeInto('root_invoiceNumber', 'INV-7001');
    await typeDate('root_invoiceDate', '2026-03-02');
    await typeDate('root_dueDate', '2026-04-01');
    await typeInto('root_amount', '1250.00');
    await pickFile('root_invoiceFile', { name: 'invoice.pdf', mimeType: 'application/pdf', buffer: PDF_BYTES });
    // the first line is there from the start (minItems 1); a new row would lie before the add button
    const added = (await page.locator('#root_lineItems_0_glAccount').count()) === 0;
    if (added) {
      await tabTo('root_lineItems__add');
      await press('Enter');
      await page.locator('#root_lineItems_0_glAccount').waitFor();
    }
    await typeInto('root_lineItems_0_glAccount', '6520-0000', added);
    await typeInto('root_lineItems_0_description', 'Roof repair');
    await typeInto('root_lineItems_0_amount', '1250.00');
    await pickRadio('root_paymentMethod', 1);
    await typeRichText('root_notes', 'Quote ');
    // the link dialog by keyboard: Shift+Tab to the toolbar's Link button, Enter, type, Enter
    for (let step = 0; (await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))) !== 'Link'; step += 1) {
      if (step > 20) throw new Error('Shift+Tab never reached the Link button');
      await press('Shift+Tab');
    }
    await press('Enter');
    const address = page.getByRole('dialog', { name: 'Insert link' }).getByRole('textbox', { name: 'Address' });
    await expect.poll(() => address.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.type('https://example.org/quote');
    await press('Enter');
    await expect.poll(focused).toBe('root_notes');
    await expect.poll(() => page.locator('#root_notes a[href="https://example.org/quote"]').count()).toBe(1);
    await submitAndLand('AP');
  });

  it('TechnologyRequest: a select that adds fields, rich text, radios, dates and checkboxes', async () => {
    await openForm('TechnologyRequest');
    await choose('root_requestType', 'New user', 'New user account');
    await typeInto('root_summary', 'Accounts for a new leasing consultant');
    await typeRichText('root_description', 'Starts Monday; needs e-mail and Yardi.');
    await pickRadio('root_urgency', 2);
    await typeDate('root_neededBy', '2026-04-03');
    await typeInto('root_employeeName', 'Olivia Chen');
    await typeInto('root_employeeEmail', 'olivia.chen@example.com');
    await typeDate('root_effectiveDate', '2026-04-06');
    await tickBoxes('root_systems', 2);
    await typeInto('root_managerName', 'Angela Brooks');
    await typeInto('root_managerEmail', 'angela.brooks@example.com');
    await submitAndLand('TechnologyRequest');
  });

  it('MonthsEnd: a select, a pattern field, dates, checkboxes and rich text', async () => {
    await openForm('MonthsEnd');
    await choose('root_property', 'P-1002', /P-1002/);
    await typeInto('root_period', '2026-02');
    await typeDate('root_closeDeadline', '2026-03-06');
    await choose('root_status', 'In progress', 'In progress');
    await tickBoxes('root_tasksCompleted', 3);
    await typeRichText('root_openItems', 'Mortgage item does not apply.');
    await typeInto('root_preparerName', 'Keisha Warren');
    await typeDate('root_preparedDate', '2026-03-04');
    await submitAndLand('MonthsEnd');
  });

  it('a select: Tab at once after Enter picks an option moves on to the next field', async () => {
    // choices.js hides its list a frame after the pick: a Tab in that frame must not land in it;
    // each search starts empty, also after a pick of the option already chosen
    await openForm('IncidentForm');
    await tabTo('root_incidentType');
    for (const [search, expected] of [['Theft', 'Theft'], ['Vandal', 'Vandalism'], ['Water', /Water/]] as const) {
      for (let round = 0; round < 4; round += 1) {
        await page.keyboard.type(search);
        await page.locator('.choices:has(select#root_incidentType) .choices__list--dropdown .choices__item--selectable').first().waitFor();
        await page.keyboard.press('Enter');
        await press('Tab');
        expect(await focused()).toBe('root_severity-0');
        await press('Shift+Tab');
        expect(await focused()).toBe('root_incidentType');
      }
      const chosen = await page.locator('select#root_incidentType').evaluate((el) => (el as HTMLSelectElement).selectedOptions[0]?.textContent ?? '');
      if (typeof expected === 'string') expect(chosen).toBe(expected);
      else expect(chosen).toMatch(expected);
    }
  });

  it('a select: letters typed before the list has closed after a pick are kept', async () => {
    // A browser of its own: its clock is stopped, so the frame in which choices.js hides the list
    // after a pick never comes until the test lets it (a slow device or a busy page, at its worst).
    const fresh = await signedInPage(portal.baseUrl, 'employee', '/Forms');
    await fresh.clock.install();
    await fresh.goto(`${portal.baseUrl}/IncidentForm/Form`);
    await fresh.locator('form.area-form button[type="submit"]').waitFor();
    const select = fresh.locator('select#root_incidentType');
    const box = fresh.locator('.choices').filter({ has: select });
    const options = box.locator('.choices__list--dropdown .choices__item--selectable');
    await select.focus();
    await expect.poll(() => box.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    await fresh.clock.pauseAt((await fresh.evaluate(() => Date.now())) + 100);
    await fresh.keyboard.type('Theft');
    await options.filter({ hasText: 'Theft' }).first().waitFor();
    await fresh.keyboard.press('Enter');
    await fresh.keyboard.press('Tab');
    await fresh.keyboard.press('Shift+Tab');
    await fresh.keyboard.type('Vandal');
    await fresh.clock.runFor(100);
    await options.filter({ hasText: 'Vandalism' }).first().waitFor();
    expect(await box.locator('input[type="search"]').inputValue()).toBe('Vandal');
    await fresh.keyboard.press('Enter');
    await expect.poll(() => select.evaluate((element) => (element as HTMLSelectElement).selectedOptions[0]?.textContent)).toBe('Vandalism');
    await fresh.context().close();
  });
});
