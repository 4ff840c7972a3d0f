/**
 * Service levels in the browser: a new ticket's targets in the ticket view's side panel, the SLA
 * column, filter and sort of /Tickets, and "Breaching soonest" on a handler's home.
 */
import { AxeBuilder } from '@axe-core/playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { closeBrowser, launchBrowser } from './support/browser';
import { exampleWithFiles, submitFromPage } from './support/example-files';
import { startPortal, type PortalServer } from './support/portal-server';
import { signInOnProviderPage } from './support/sign-in';
import { ticketViewSettled } from './support/ticket-view';

let portal: PortalServer;
let requesterContext: BrowserContext;
let handlerContext: BrowserContext;
let ticket: { id: string; number: string };

async function signIn(context: BrowserContext, username: string, path: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${portal.baseUrl}${path}`);
  await page.waitForURL(/\/oidc\//);
  await signInOnProviderPage(page, username);
  await page.waitForURL(`${portal.baseUrl}${path}`);
  return page;
}

/** Submits the ResidentService example through the API with the page's own session. */
async function submitThroughApi(page: Page): Promise<{ id: string; number: string }> {
  const example: Record<string, unknown> = await exampleWithFiles(page, 'ResidentService');
  return submitFromPage(page, 'ResidentService', example);
}

/** Serious and critical axe violations (WCAG 2.2 AA) inside the page's main area, as readable lines. */
async function axeProblems(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .include('main')
    .analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
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

describe('service levels', () => {
  it("shows a new ticket's first-response and resolution targets in words in the side panel", async () => {
    const page = await signIn(handlerContext, 'maintenance', `/ResidentService/${ticket.id}`);
    await ticketViewSettled(page);
    const panel = page.getByTestId('ticket-sla');
    await expect.poll(() => panel.innerText()).toMatch(/First response\s+\S.*(left|Breached by)/);
    expect(await panel.innerText()).toMatch(/Resolution\s+\S.*(left|Breached by)[\s\S]*Due /);
    expect(await axeProblems(page)).toEqual([]);
  });

  it('lists the ticket with its SLA cell when /Tickets is sorted by service level, and offers the filter', async () => {
    const page = await handlerContext.newPage();
    await page.goto(`${portal.baseUrl}/Tickets?sort=slaDue&limit=100`);
    await page.getByRole('columnheader', { name: 'SLA' }).waitFor();
    const row = page.getByRole('row', { name: new RegExp(ticket.number) });
    await expect.poll(() => row.innerText()).toMatch(/First response: .*(left|Breached by)/);
    const filter = page.getByLabel(/^Service level/);
    expect(await filter.locator('option').allInnerTexts()).toEqual(['Any', 'Breaching within 1 hour', 'Breached']);
    expect(await axeProblems(page)).toEqual([]);
  });

  it("lists what breaches soonest on a handler's home", async () => {
    const page = await handlerContext.newPage();
    await page.goto(`${portal.baseUrl}/`);
    await page.getByRole('heading', { name: 'Breaching soonest' }).waitFor();
    await expect.poll(() => page.getByTestId('sla-soonest').innerText()).toMatch(/(left|Breached by)/);
    expect(await axeProblems(page)).toEqual([]);
  });
});
