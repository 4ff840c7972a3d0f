/**
 * Waiting for the ticket view (`/Tickets/comments/{id}`) to finish loading in browser tests.
 */
import type { Page } from 'playwright-core';

/**
 * Waits until the ticket view has loaded everything: the submission's form shows its fields (it
 * is drawn from the area's form definition, which arrives after the ticket and its comments) and
 * no request has been made for 500 ms. Until then the form's drawing moves everything below it,
 * comments, their file buttons and the composer included, so a click aimed at one of them can land
 * where it was a moment before (a requester's download click was lost that way on a starved CPU).
 */
export async function ticketViewSettled(page: Page): Promise<void> {
  await page.getByRole('region', { name: 'Submission' }).locator('.form-group').first().waitFor();
  await page.waitForLoadState('networkidle');
}
