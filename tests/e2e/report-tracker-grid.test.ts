/**
 * The report tracker for keyboard and screen-reader users (WCAG 2.2 AA): the accounting grid is a
 * WAI-ARIA grid with one Tab stop, arrow/Home/End/Ctrl+Home/Ctrl+End/PageDown moves, status keys
 * and a polite announcement of each change; the overview's trend axis names months and years
 * without overlapping labels at 375 and 1280 px; both pages are axe-clean at both widths.
 * SCREENSHOT_DIR set: screenshots of the grid and the trend chart are written there.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { seriousViolations, scrollWidth } from './support/axe';
import { closeBrowser, launchBrowser } from './support/browser';
import { startPortal, type PortalServer } from './support/portal-server';
import { signInOnProviderPage } from './support/sign-in';

let portal: PortalServer;
let context: BrowserContext;
let page: Page;
const shots = process.env.SCREENSHOT_DIR;

beforeAll(async () => {
  portal = await startPortal({ timeoutMs: 180_000 });
  context = await launchBrowser();
  context.setDefaultTimeout(15_000);
  page = await context.newPage();
  await page.setViewportSize({ width: 1280, height: 900 });
});

afterAll(async () => {
  await closeBrowser(context);
  await portal?.stop();
});

const grid = () => page.getByRole('grid', { name: /^Accounting \d{4}-\d{2}$/ });
/** The focused cell's place in the grid (`row:col`, row -1 the header row, col 0 the property). */
const focusedCell = () => page.evaluate(() => document.activeElement?.getAttribute('data-cell') ?? null);
const focusedInGrid = () =>
  page.evaluate(() => Boolean(document.querySelector('[role="grid"]')?.contains(document.activeElement)));
const announcement = () => page.locator('[data-testid="grid-announcement"]');

describe('the accounting grid, by keyboard', () => {
  it('is a grid with row and column headers and a single Tab stop', async () => {
    await page.goto(`${portal.baseUrl}/ReportTracker/Accounting`);
    await page.waitForURL(/\/oidc\//);
    await signInOnProviderPage(page, 'accounting');
    await grid().getByRole('button', { name: /^Bank reconciliation, Maple Court Apartments:/ }).waitFor();
    await grid().getByRole('columnheader', { name: 'Bank reconciliation' }).waitFor();
    await grid().getByRole('rowheader', { name: /Maple Court Apartments/ }).waitFor();
    await expect.poll(() => grid().locator('[tabindex="0"]').count()).toBe(1);
    // the row checkboxes and status buttons are no Tab stops of their own
    expect(await grid().locator('button:not([tabindex="-1"]), input:not([tabindex="-1"])').count()).toBe(1);
    // Tab from the last control before the grid lands on the first property's first report, the next Tab leaves
    await page.getByLabel('Set to').focus();
    await page.keyboard.press('Tab');
    expect(await focusedCell()).toBe('0:1');
    await page.keyboard.press('Tab');
    expect(await focusedInGrid()).toBe(false);
    if (shots) await page.screenshot({ path: `${shots}/grid-1280.png` });
  });

  it('moves with the arrows, Home and End (row), Ctrl+Home and Ctrl+End (grid) and PageDown', async () => {
    await page.keyboard.press('Shift+Tab');
    expect(await focusedCell()).toBe('0:1');
    await page.keyboard.press('ArrowRight');
    expect(await focusedCell()).toBe('0:2');
    await page.keyboard.press('ArrowDown');
    expect(await focusedCell()).toBe('1:2');
    await page.keyboard.press('End');
    expect(await focusedCell()).toBe('1:8');
    await page.keyboard.press('ArrowRight');
    expect(await focusedCell()).toBe('1:8');
    await page.keyboard.press('Home');
    expect(await focusedCell()).toBe('1:0');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(
      'Select Riverside Commons',
    );
    // the last cell of the grid: a row below the rendered ones, scrolled into view and focused
    await page.keyboard.press('Control+End');
    await expect.poll(focusedCell).toBe('23:8');
    await page.keyboard.press('Control+Home');
    await expect.poll(focusedCell).toBe('-1:0');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(
      'Select all shown properties',
    );
    await page.keyboard.press('ArrowRight');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Bank reconciliation');
    await page.keyboard.press('PageDown');
    expect(await focusedCell()).toMatch(/^(1[0-9]):1$/);
    await page.keyboard.press('ArrowUp');
    const at = await focusedCell();
    // leaving and coming back with Tab returns to the cell last focused
    await page.keyboard.press('Shift+Tab');
    expect(await focusedInGrid()).toBe(false);
    await page.keyboard.press('Tab');
    expect(await focusedCell()).toBe(at);
  });

  it('changes a status with the status keys and Enter, and announces each change politely', async () => {
    await expect.poll(() => announcement().getAttribute('role')).toBe('status');
    await page.keyboard.press('Control+Home');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowRight');
    expect(await focusedCell()).toBe('0:1');
    const month = new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric' }).format(
      new Date(`${/Accounting (\d{4}-\d{2})/.exec(await page.locator('h1').innerText())?.[1]}-15T12:00:00Z`),
    );
    await page.keyboard.press('p');
    await page.keyboard.press('c');
    await expect.poll(() => announcement().innerText()).toBe(`Bank reconciliation, P-1001, ${month}: Complete`);
    await grid().getByRole('button', { name: /^Bank reconciliation, Maple Court Apartments: Complete/ }).waitFor();
    // Enter acts as a click: Complete → Not started
    await page.keyboard.press('Enter');
    await expect.poll(() => announcement().innerText()).toBe(`Bank reconciliation, P-1001, ${month}: Not started`);
    // a click is announced the same way, and makes the clicked cell the Tab stop
    await grid().getByRole('button', { name: /^Bank reconciliation, Riverside Commons:/ }).click();
    await expect.poll(() => announcement().innerText()).toMatch(new RegExp(`^Bank reconciliation, P-1002, ${month}: `));
    expect(await grid().locator('[tabindex="0"]').getAttribute('data-cell')).toBe('1:1');
    // Space on a row's checkbox ticks it
    await page.keyboard.press('Home');
    await page.keyboard.press('Space');
    await page.getByText('1 selected').waitFor();
    await page.locator('[data-pending-saves="0"]').waitFor();
  });

  it('is axe-clean and fits the screen at 1280 and at 375 px', async () => {
    const found = await seriousViolations(page, 'grid 1280');
    await page.setViewportSize({ width: 375, height: 800 });
    found.push(...(await seriousViolations(page, 'grid 375')));
    // the grid scrolls inside its own box, the page does not
    expect(await scrollWidth(page)).toBeLessThanOrEqual(375);
    if (shots) await page.screenshot({ path: `${shots}/grid-375.png` });
    expect(found).toEqual([]);
  });
});

describe('the overview trend chart', () => {
  for (const width of [375, 1280]) {
    it(`names months and years on its axis without overlapping labels at ${width} px`, async () => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${portal.baseUrl}/ReportTracker`);
      const chart = page.getByRole('figure', { name: '12-month trend' });
      await chart.waitFor();
      const ticks = chart.locator('.report-chart__ticks span');
      await expect.poll(() => ticks.count()).toBe(12);
      const labels = await ticks.allInnerTexts();
      for (const label of labels) expect(label).toMatch(/^(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) 20\d\d$/);
      const boxes = await ticks.evaluateAll((spans) => spans.map((span) => span.getBoundingClientRect().toJSON() as DOMRect));
      const figure = (await chart.boundingBox())!;
      boxes.forEach((box, i) => {
        expect(box.height).toBeGreaterThanOrEqual(11);
        expect(box.left).toBeGreaterThanOrEqual(figure.x);
        expect(box.right).toBeLessThanOrEqual(figure.x + figure.width);
        const next = boxes[i + 1];
        if (next) expect(box.right).toBeLessThanOrEqual(next.left + 0.5);
      });
      expect(await scrollWidth(page)).toBeLessThanOrEqual(width);
      if (shots) await chart.screenshot({ path: `${shots}/trend-${width}.png` });
      expect(await seriousViolations(page, `overview ${width}`)).toEqual([]);
    });
  }
});
