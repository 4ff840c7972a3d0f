/**
 * The `/Tickets` queue in Chromium (docs/behaviour.md "Bulk changes", "Queue shortcuts"): at
 * 1280 px the default columns fit without sideways scrolling, with area titles and property
 * names; j / k / Enter move and open; "?" lists the shortcuts; three tickets selected and
 * assigned to the handler report three results; at 375 px the rows are cards.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { closeAllBrowsers } from './support/browser';
import { exampleWithFiles, submitFromPage } from './support/example-files';
import { startPortal, type PortalServer } from './support/portal-server';
import { signedInPage } from './support/sign-in';

let portal: PortalServer;
let handler: Page;
const tickets: { id: string; number: string }[] = [];

const table = (page: Page) => page.getByRole('region', { name: 'Tickets' });
const rowOf = (page: Page, number: string) => table(page).locator('tbody tr', { hasText: number });

/** Presses `key` with the focus on no field (as a reader of the list would). */
async function pressOutsideFields(key: string): Promise<void> {
  await handler.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await handler.keyboard.press(key);
}

beforeAll(async () => {
  portal = await startPortal();
  const requester = await signedInPage(portal.baseUrl, 'employee', '/Forms');
  for (const title of ['Queue one', 'Queue two', 'Queue three']) {
    // each submission its own upload: a file is attached to one submission only
    const example = await exampleWithFiles(requester, 'ResidentService');
    const issueTitle = `${title}: ${'a long summary '.repeat(6)}`;
    tickets.push(await submitFromPage(requester, 'ResidentService', { ...example, issueTitle }));
  }
  handler = await signedInPage(portal.baseUrl, 'maintenance', '/Tickets');
  for (const ticket of tickets) await rowOf(handler, ticket.number).waitFor();
});

afterAll(async () => {
  await closeAllBrowsers();
  await portal?.stop();
});

describe('/Tickets at 1280 px', () => {
  it('shows the bulk bar and the shortcut list as soon as their chunks are in, with no timer left to run', async () => {
    const page = await signedInPage(portal.baseUrl, 'maintenance', '/Forms');
    const releases: (() => void)[] = [];
    for (const chunk of [/\/assets\/bulk-bar-[^/]*\.js$/, /\/assets\/shortcuts-dialog-[^/]*\.js$/]) {
      const held = new Promise<void>((resolve) => releases.push(resolve));
      await page.route(chunk, async (route) => {
        await held;
        await route.continue();
      });
    }
    await page.clock.install();
    await page.goto(`${portal.baseUrl}/Tickets`);
    await rowOf(page, tickets[0]!.number).waitFor();
    // From here on no timer of the page runs. React holds a <Suspense> boundary's content until
    // 300 ms after its fallback appeared: a part shown through one would never appear now.
    const now = await page.evaluate(() => Date.now());
    await page.clock.pauseAt(now + 100);
    await page.getByLabel(`Select ${tickets[0]!.number}`).check();
    await page.getByText('Loading the actions…').waitFor();
    releases[0]!();
    await page.getByRole('region', { name: 'Change the selected tickets' }).getByText('1 selected').waitFor();
    await page.getByRole('button', { name: /^Keyboard shortcuts/ }).click();
    releases[1]!();
    await page.getByRole('dialog', { name: 'Keyboard shortcuts' }).waitFor();
    await page.context().close();
  });

  it('fits every default column without sideways scrolling, with titles and names instead of keys', async () => {
    const headers = await table(handler).locator('thead th').allInnerTexts();
    expect(headers.slice(1).map((text) => text.trim())).toEqual([
      'Number',
      'Summary',
      'Area',
      'Property',
      'Status',
      'Priority',
      'Assignee',
      'SLA',
      'Updated',
    ]);
    const sizes = await handler.evaluate(() => {
      const region = document.querySelector('[role="region"][aria-label="Tickets"]')!;
      return {
        page: [document.documentElement.scrollWidth, document.documentElement.clientWidth],
        region: [region.scrollWidth, region.clientWidth],
      };
    });
    expect(sizes.page[0]).toBeLessThanOrEqual(sizes.page[1]!);
    expect(sizes.region[0]).toBeLessThanOrEqual(sizes.region[1]!);
    const row = rowOf(handler, tickets[0]!.number);
    expect(await row.locator('td.queue-table__area').innerText()).toBe('Resident service request');
    const property = await row.locator('td.queue-table__property').innerText();
    expect(property).toMatch(/\S.*\nP-\d{4}$/);
    // the summary: one line, cut, the whole text in its title
    const summary = row.locator('td.queue-table__summary span');
    expect(await summary.getAttribute('title')).toMatch(/^Queue one: a long summary/);
    const box = await summary.evaluate((element) => [element.scrollWidth, element.clientWidth, element.clientHeight]);
    expect(box[0]).toBeGreaterThan(box[1]!);
    expect(box[2]).toBeLessThan(30);
  });

  it('moves with j and k, opens with Enter, and lists the shortcuts on "?" (Escape closes)', async () => {
    const links = table(handler).locator('tbody tr td.queue-table__number a');
    const focusedText = () => handler.evaluate(() => document.activeElement?.textContent ?? '');
    await handler.keyboard.press('j');
    await expect.poll(focusedText).toBe(await links.nth(0).textContent());
    await handler.keyboard.press('j');
    const second = (await links.nth(1).textContent()) ?? '';
    await expect.poll(focusedText).toBe(second);
    await expect.poll(() => table(handler).locator('tbody tr.is-current').textContent()).toContain(second);
    await handler.keyboard.press('k');
    const first = (await links.nth(0).textContent()) ?? '';
    await expect.poll(focusedText).toBe(first);

    // off while typing in a field
    const search = handler.getByRole('searchbox', { name: 'Search' });
    await search.focus();
    await handler.keyboard.type('jk?');
    expect(await search.inputValue()).toBe('jk?');
    expect(await handler.getByRole('dialog').count()).toBe(0);
    await search.fill('');

    await pressOutsideFields('?');
    const dialog = handler.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await dialog.waitFor();
    await dialog.getByText('Assign the current ticket to me').waitFor();
    await handler.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    // the dialog gave the focus back; the current row is still the first
    await pressOutsideFields('k');
    await expect.poll(focusedText).toBe(first);
    const href = await links.nth(0).getAttribute('href');
    expect(href).toMatch(/^\/ResidentService\/[0-9a-f-]{36}$/);
    await handler.keyboard.press('Enter');
    await handler.waitForURL(`${portal.baseUrl}${href}`);
    await handler.goBack();
    for (const ticket of tickets) await rowOf(handler, ticket.number).waitFor();
  });

  it('assigns three selected tickets to the handler and reports three results', async () => {
    for (const ticket of tickets) await handler.getByLabel(`Select ${ticket.number}`).check();
    const bar = handler.getByRole('region', { name: 'Change the selected tickets' });
    await bar.getByText('3 selected').waitFor();
    await bar.getByLabel('Assign to').selectOption({ label: 'Me' });
    await bar.getByRole('button', { name: 'Assign', exact: true }).click();
    const report = handler.getByRole('region', { name: '3 updated' });
    await report.waitFor();
    for (const ticket of tickets) await report.getByText(ticket.number).waitFor();
    await expect.poll(() => handler.getByRole('status').filter({ hasText: '3 updated' }).count()).toBe(1);
    for (const ticket of tickets) {
      await expect
        .poll(() => rowOf(handler, ticket.number).locator('td.queue-table__assignee').innerText())
        .toContain('Morgan Maintenance');
    }
    // every change succeeded: nothing stays selected, the bar is gone
    await bar.waitFor({ state: 'detached' });
    await handler.screenshot({ path: '/tmp/q-e2e-after.png' });
  });

  it('shows each ticket as a card at 375 px without sideways scrolling', async () => {
    await handler.setViewportSize({ width: 375, height: 800 });
    const row = rowOf(handler, tickets[0]!.number);
    await expect.poll(() => row.evaluate((element) => getComputedStyle(element).display)).toBe('block');
    await expect
      .poll(() => handler.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth))
      .toBeLessThanOrEqual(0);
    expect(
      await row.locator('td.queue-table__area').evaluate((cell) => getComputedStyle(cell, '::before').content),
    ).toBe('"Area"');
    await handler.setViewportSize({ width: 1280, height: 900 });
  });
});
