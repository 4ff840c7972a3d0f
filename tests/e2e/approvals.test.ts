/**
 * Approvals in the browser (docs/behaviour.md "Approvals"): an employee's AP invoice of 7,842.50
 * (schemas/AP/example.json, above 5,000.00) waits for Accounting; the Accounting member finds it
 * on /Approvals and approves it (a second one they reject with a reason, which the page asks for
 * first); the requester sees each decision on the invoice's detail page. Axe checks /Approvals.
 */
import { AxeBuilder } from '@axe-core/playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { closeAllBrowsers } from './support/browser';
import { exampleWithFiles, submitFromPage } from './support/example-files';
import { startPortal, type PortalServer } from './support/portal-server';
import { signedInPage } from './support/sign-in';

let portal: PortalServer;
let requester: Page;
let approver: Page;
const invoices: { id: string; number: string }[] = [];

/** Submits the AP example through the API with the requester's own session, its file uploaded first. */
async function submitInvoice(page: Page, invoiceNumber: string): Promise<{ id: string; number: string }> {
  const example: Record<string, unknown> = { ...(await exampleWithFiles(page, 'AP')), invoiceNumber };
  return submitFromPage(page, 'AP', example);
}

/** The row of `number` on /Approvals. */
const rowOf = (page: Page, number: string) => page.getByRole('row').filter({ hasText: number });

beforeAll(async () => {
  portal = await startPortal();
  requester = await signedInPage(portal.baseUrl, 'employee', '/AP');
  invoices.push(await submitInvoice(requester, 'APPROVE-1'), await submitInvoice(requester, 'REJECT-1'));
});

afterAll(async () => {
  await closeAllBrowsers();
  await portal?.stop();
});

describe('an AP invoice above 5,000.00', () => {
  it('shows the requester that it waits for Accounting, with no Approvals link for them', async () => {
    await requester.goto(`${portal.baseUrl}/AP/${invoices[0]?.id}`);
    await requester.getByRole('heading', { name: 'Approval: Waiting for approval' }).waitFor();
    await requester.getByText('Approvers: Accounting (any member)').waitFor();
    expect(
      await requester.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Approvals' }).count(),
    ).toBe(0);
  });

  it('is approved by the Accounting member from the Approvals page', async () => {
    approver = await signedInPage(portal.baseUrl, 'accounting', '/Tickets');
    await approver.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Approvals' }).click();
    await approver.getByRole('heading', { name: 'Approvals', level: 1 }).waitFor();
    await expect.poll(() => approver.title()).toBe('Approvals – TM online portal');
    await expect.poll(() => approver.evaluate(() => document.activeElement?.tagName)).toBe('H1');
    const row = rowOf(approver, invoices[0]?.number ?? '');
    await row.getByText('Emma Employee').waitFor();
    await row.getByText('Accounts payable invoice').waitFor();
    // The same rules as tests/e2e/accessibility.test.ts, on the page's main area.
    const axe = await new AxeBuilder({ page: approver })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
      .include('main')
      .analyze();
    expect(axe.violations.map((violation) => `${violation.impact ?? ''} ${violation.id}`)).toEqual([]);
    // reflow (WCAG 2.2 SC 1.4.10): at 320 px the rows are cards and nothing scrolls sideways
    await approver.setViewportSize({ width: 320, height: 800 });
    await expect.poll(() => approver.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    await approver.setViewportSize({ width: 1280, height: 900 });
    await row.getByLabel(/Comment/).fill('Matches the quote.');
    await row.getByRole('button', { name: 'Approve' }).click();
    await approver.getByText(`${invoices[0]?.number} approved.`).waitFor();
    await expect.poll(() => rowOf(approver, invoices[0]?.number ?? '').count()).toBe(0);
  });

  it('asks for a reason before a rejection, then rejects', async () => {
    const row = rowOf(approver, invoices[1]?.number ?? '');
    await row.getByRole('button', { name: 'Reject' }).click();
    await row.getByText('Enter the reason for the rejection: the requester reads it.').waitFor();
    expect(await row.getByRole('textbox').getAttribute('aria-invalid')).toBe('true');
    await row.getByRole('textbox').fill('No purchase order for this work.');
    await row.getByRole('button', { name: 'Reject' }).click();
    await approver.getByText(`${invoices[1]?.number} rejected.`).waitFor();
    await approver.getByText('Nothing waits for your decision.').waitFor();
  });

  it('shows the requester each decision: approved with the comment, or rejected with the reason', async () => {
    await requester.goto(`${portal.baseUrl}/AP/${invoices[0]?.id}`);
    await requester.getByRole('heading', { name: 'Approval: Approved' }).waitFor();
    await requester.getByText('Comment: Matches the quote.').waitFor();
    await requester.goto(`${portal.baseUrl}/AP/${invoices[1]?.id}`);
    await requester.getByRole('heading', { name: 'Approval: Rejected' }).waitFor();
    await requester.getByText('Reason: No purchase order for this work.').waitFor();
  });
});
