/**
 * History people can read (docs/behaviour.md "History"): a requester files a ResidentService
 * request (the seeded rule routes it to Maintenance); the handler moves it to In progress and
 * posts an internal comment holding HTML. The ticket's History tab and `/Changes` show each entry
 * as a sentence with field titles, no `data.` key, no id and no HTML tag; `/Changes` fits 320 px
 * without scrolling sideways and has no serious or critical axe violation.
 * With SCREENSHOT_DIR set, screenshots of both at 375 and 1280 px are written there.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeAllBrowsers } from './support/browser';
import { exampleWithFiles } from './support/example-files';
import { startPortal, type PortalServer } from './support/portal-server';
import { signedInPage } from './support/sign-in';
import { ticketViewSettled } from './support/ticket-view';

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;
const TAG = /<\/?[a-z][a-z0-9]*(\s[^>]*)?>/i;
const INTERNAL = '<p>Check the <strong>boiler</strong> log first</p>';

let portal: PortalServer;
let requester: Page;
let handler: Page;
let ticketPath = '';

type Answer = { status: number; body: unknown; etag: string | null };

/** A request to the portal's API with the page's own access token. */
async function api(page: Page, method: string, url: string, body?: unknown, headers: Record<string, string> = {}) {
  return page.evaluate(
    async ([verb, path, json, extra]): Promise<Answer> => {
      const key = Object.keys(localStorage).find((name) => name.startsWith('auth.user:'));
      const token = (JSON.parse(localStorage.getItem(key ?? '') ?? '{}') as { access_token?: string }).access_token;
      const response = await fetch(path, {
        method: verb,
        headers: {
          authorization: `Bearer ${token}`,
          ...(json === undefined ? {} : { 'content-type': 'application/json' }),
          ...extra,
        },
        body: json,
      });
      const text = await response.text();
      return {
        status: response.status,
        body: text ? (JSON.parse(text) as unknown) : null,
        etag: response.headers.get('etag'),
      };
    },
    [method, url, body === undefined ? undefined : JSON.stringify(body), headers] as const,
  );
}

/** Everything the element shows (its text), for the checks every history view shares. */
function expectReadable(text: string): void {
  expect(text).not.toMatch(UUID);
  expect(text).not.toMatch(/\bdata\./);
  expect(text).not.toMatch(TAG);
  expect(text).not.toMatch(/commented_internal|assigneeUser|assigneeGroup/);
}

async function screenshot(page: Page, name: string): Promise<void> {
  const dir = process.env.SCREENSHOT_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: join(dir, `${name}.png`), fullPage: true });
}

async function seriousViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .include('main')
    .analyze();
  return result.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

beforeAll(async () => {
  portal = await startPortal();
  requester = await signedInPage(portal.baseUrl, 'employee', '/Forms');
  const example = await exampleWithFiles(requester, 'ResidentService');
  const created = await api(requester, 'POST', '/api/areas/ResidentService/submissions', example, {
    'idempotency-key': crypto.randomUUID(),
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const { id } = created.body as { id: string };
  ticketPath = `/ResidentService/${id}`;
  handler = await signedInPage(portal.baseUrl, 'maintenance', ticketPath);
  const read = await api(handler, 'GET', `/api/tickets/${id}`);
  const moved = await api(
    handler,
    'PATCH',
    `/api/tickets/${id}`,
    { status: 'In progress' },
    { 'if-match': read.etag ?? '' },
  );
  expect(moved.status, JSON.stringify(moved.body)).toBe(200);
  const posted = await api(handler, 'POST', `/api/tickets/${id}/comments`, { body: INTERNAL, isInternal: true });
  expect(posted.status, JSON.stringify(posted.body)).toBe(201);
});

afterAll(async () => {
  await closeAllBrowsers();
  await portal?.stop();
});

describe('history as sentences', () => {
  it("the ticket's History tab reads each entry as a sentence, with no key, id or tag", async () => {
    await handler.setViewportSize({ width: 1280, height: 900 });
    await handler.goto(`${portal.baseUrl}${ticketPath}`);
    await ticketViewSettled(handler);
    await handler.getByRole('tab', { name: 'History' }).click();
    const list = handler.getByRole('list', { name: 'History' });
    await list.getByText('changed Status from Assigned to In progress').waitFor();
    const text = await list.innerText();
    expect(text).toContain('Morgan Maintenance changed Status from Assigned to In progress');
    expect(text).toMatch(/submitted ResidentService-\d+/);
    expect(text).toContain('Morgan Maintenance commented (internal):');
    expect(text).toContain('Check the boiler log first');
    expectReadable(text);
    expect(await list.locator('time[datetime]').count()).toBeGreaterThanOrEqual(3);
    await screenshot(handler, 'ticket-history-1280');
    await handler.setViewportSize({ width: 375, height: 800 });
    await screenshot(handler, 'ticket-history-375');
  });

  it("the requester's History tab has the status change but not the internal comment", async () => {
    await requester.goto(`${portal.baseUrl}${ticketPath}`);
    await ticketViewSettled(requester);
    await requester.getByRole('tab', { name: 'History' }).click();
    const list = requester.getByRole('list', { name: 'History' });
    await list.getByText('changed Status from Assigned to In progress').waitFor();
    const text = await list.innerText();
    expect(text).not.toContain('boiler');
    expect(text).not.toContain('internal');
    expectReadable(text);
  });

  it('/Changes at 320 px wraps every sentence without scrolling sideways, and axe finds nothing serious', async () => {
    await handler.setViewportSize({ width: 320, height: 800 });
    await handler.goto(`${portal.baseUrl}/Changes`);
    const today = handler.getByRole('list', { name: 'Today' });
    await today.getByText('changed Status from Assigned to In progress').waitFor();
    expectReadable(await handler.locator('main').innerText());
    expect(await handler.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    expect(await handler.getByRole('heading', { level: 2, name: 'Today' }).count()).toBe(1);
    await screenshot(handler, 'changes-320');
    expect(await seriousViolations(handler)).toEqual([]);
    for (const width of [375, 1280]) {
      await handler.setViewportSize({ width, height: 900 });
      expect(await handler.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await screenshot(handler, `changes-${width}`);
    }
    expect(await seriousViolations(handler)).toEqual([]);
  });
});
