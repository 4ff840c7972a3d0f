/**
 * WCAG 2.0, 2.1 and 2.2 A and AA checks with axe-core (tags wcag2a, wcag2aa, wcag21a, wcag21aa,
 * wcag22a, wcag22aa) on every route of src/client/app/router.tsx, signed in as a requester
 * (`employee`) and as an administrator (`admin`): home, forms, my requests, approvals, every
 * area's list and one detail page per area (the nested ones under a parent record; each a
 * submission the requester made through the API, the feedback one rating the requester's incident
 * once it is Resolved), tickets, the ticket view, changes, the report tracker's pages, role groups,
 * a user's access, assignments, form areas, the widget test page, the design system's test page
 * (every control in each state) and the 404 page; signed out, the
 * sign-in page. Whole pages (header and navigation too), each at 1280 px and then, in the same
 * visit, at 320 px (WCAG 2.2 SC 1.4.10 reflow width). One create page with the rich-text editor's
 * toolbar and its link dialog open at 1280 and 375 px, with screenshots in test-results/a11y/, and
 * the dialog editing a link (Update, Remove link, a refused address kept as text). Any violation,
 * whatever its impact, fails; every one found is counted by impact and printed at the end
 * (A11Y_SUMMARY). One browser; the service worker is blocked (every page is read from the server).
 */
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { AxeBuilder } from '@axe-core/playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { closeBrowser, closePages, launchBrowser } from './support/browser';
import { exampleWithFiles } from './support/example-files';
import { startPortal, type PortalServer } from './support/portal-server';
import { signInOnProviderPage } from './support/sign-in';

const SCHEMAS = new URL('../../schemas/', import.meta.url);
const SCREENSHOT_DIR = new URL('../../test-results/a11y/', import.meta.url).pathname;
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];
type Manifest = { key: string; title: string; parent?: string; ratesTicket?: { ticketField: string } };
const areas: Manifest[] = readdirSync(SCHEMAS)
  .map((key) => JSON.parse(readFileSync(new URL(`${key}/area.json`, SCHEMAS), 'utf8')) as Manifest)
  .sort((a, b) => a.key.localeCompare(b.key));

let portal: PortalServer;
let context: BrowserContext;
let page: Page;
/** The record the detail, ticket and nested list pages show (an incident the requester filed). */
let incident: { id: string; number: string };
let adminId = '';
/** One submission per area, by area key, made by the requester (the nested ones under `incident`). */
const records = new Map<string, string>();
const counts: Record<string, number> = { critical: 0, serious: 0, moderate: 0, minor: 0 };
let states = 0;

/** `fetch` on the portal's API with the signed-in user's access token. */
async function callApi(
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; json: Record<string, unknown> }> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const key = Object.keys(localStorage).find((name) => name.startsWith('auth.user:'));
      const token = (JSON.parse(localStorage.getItem(key ?? '') ?? '{}') as { access_token?: string }).access_token;
      const headers: Record<string, string> = { authorization: `Bearer ${token}` };
      if (body !== undefined) headers['content-type'] = 'application/json';
      const response = await fetch(path, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await response.text();
      return { status: response.status, json: (text ? JSON.parse(text) : {}) as Record<string, unknown> };
    },
    { method, path, body },
  );
}

/** Forgets any session, then signs in as `username` on `/Forms`. */
async function signIn(username: string): Promise<void> {
  await closePages(context);
  await context.clearCookies();
  page = await context.newPage();
  await page.goto(`${portal.baseUrl}/Login`);
  await page.evaluate(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
  await page.goto(`${portal.baseUrl}/Forms`);
  await page.waitForURL(/\/oidc\/interaction\//);
  await signInOnProviderPage(page, username);
  await page.waitForURL(`${portal.baseUrl}/Forms`);
}

/** Opens `path` and waits until it has drawn its heading and fetched what it shows. */
async function open(path: string): Promise<void> {
  await page.goto(`${portal.baseUrl}${path}`);
  await page.locator('h1').first().waitFor();
  await page.waitForLoadState('networkidle');
  await expect.poll(() => page.locator('.spinner, [aria-busy="true"]').count()).toBe(0);
}

/** Runs axe on the whole page as it is now: every violation as a readable line. */
async function scan(state: string): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  states += 1;
  for (const violation of result.violations) {
    const impact = violation.impact ?? 'minor';
    counts[impact] = (counts[impact] ?? 0) + violation.nodes.length;
  }
  return result.violations.map((violation) => {
    const targets = violation.nodes
      .slice(0, 3)
      .map((node) => node.target.join(' '))
      .join(', ');
    return `${state}: ${violation.impact ?? 'minor'} ${violation.id} (${violation.nodes.length}) ${targets}`;
  });
}

/**
 * Scans the page as it is at 1280 px, then narrows it to 320 px and scans again once the new layout
 * has been drawn and nothing on the page animates (a scan mid-transition reads colours blended into
 * the page); leaves the page at 320 px.
 */
async function scanBothWidths(state: string): Promise<string[]> {
  const found = await scan(`${state} 1280`);
  await page.setViewportSize({ width: 320, height: 800 });
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  // an endless animation (a spinner) never settles: only the ones that end are waited for
  const ending = () =>
    page.evaluate(() =>
      document
        .getAnimations()
        .filter(
          (animation) =>
            animation.playState === 'running' && Number.isFinite(animation.effect?.getComputedTiming().endTime),
        )
        .map((animation) =>
          animation instanceof CSSTransition ? animation.transitionProperty : animation.constructor.name,
        ),
    );
  await expect.poll(ending).toEqual([]);
  found.push(...(await scan(`${state} 320`)));
  return found;
}

/** Opens `path` at 1280 px and scans it at 1280 and 320 px. */
async function visit(path: string, state: string, ready?: () => Promise<unknown>): Promise<string[]> {
  await page.setViewportSize({ width: 1280, height: 900 });
  await open(path);
  await ready?.();
  return scanBothWidths(state);
}

/** The detail page of `area`'s record (`/{Area}/{id}`, a nested one under its parent record). */
function detailPath(area: Manifest): string {
  const id = records.get(area.key) ?? '';
  return area.parent ? `/${area.parent}/${incident.id}/${area.key}/${id}` : `/${area.key}/${id}`;
}

/** Every page of the route table, by name: its path (the forbidden ones show their refusal). */
const PAGES: [string, () => string][] = [
  ['home', () => '/'],
  ['forms', () => '/Forms'],
  ['my requests', () => '/MyRequests'],
  ['approvals', () => '/Approvals'],
  ...areas.map((area): [string, () => string] => [
    `${area.key} list`,
    () => (area.parent ? `/${area.parent}/${incident.id}/${area.key}` : `/${area.key}`),
  ]),
  ['tickets', () => '/Tickets'],
  ['the ticket view', () => `/Tickets/comments/${incident.id}`],
  ['changes', () => '/Changes'],
  ['report tracker', () => '/ReportTracker'],
  ['report tracker, accounting', () => '/ReportTracker/Accounting'],
  ['report tracker, delivery', () => '/ReportTracker/Delivery'],
  ['role groups', () => '/RoleGroups'],
  ["a user's access", () => `/RoleGroups/Access/${adminId}`],
  ['assignments', () => '/Assignments'],
  ['form areas', () => '/FormAreas'],
  ['widget test', () => '/test'],
  ['design system test', () => '/test/ui'],
  ['an unknown area', () => '/no-such-page'],
  ['404', () => '/no/such/page/at/all'],
];

beforeAll(async () => {
  portal = await startPortal({ timeoutMs: 180_000 });
  context = await launchBrowser({ serviceWorkers: 'block' });
  context.setDefaultTimeout(20_000);
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await signIn('employee');
  const created = await callApi(
    'POST',
    '/api/areas/IncidentForm/submissions',
    await exampleWithFiles(page, 'IncidentForm'),
  );
  expect(created.status).toBe(201);
  incident = created.json as { id: string; number: string };
  records.set('IncidentForm', incident.id);
  const submit = async (area: Manifest, data: Record<string, unknown>): Promise<void> => {
    const query = area.parent ? `?parentId=${incident.id}` : '';
    const made = await callApi('POST', `/api/areas/${area.key}/submissions${query}`, data);
    expect(made.status, `${area.key}: ${JSON.stringify(made.json)}`).toBe(201);
    records.set(area.key, (made.json as { id: string }).id);
  };
  for (const area of areas) {
    if (area.key !== 'IncidentForm' && !area.ratesTicket) await submit(area, await exampleWithFiles(page, area.key));
  }
  // a feedback area rates one of the requester's Resolved tickets: the administrator resolves the incident
  await signIn('admin');
  adminId = ((await callApi('GET', '/api/me')).json as { id: string }).id;
  for (;;) {
    const ticket = (await callApi('GET', `/api/tickets/${incident.id}`)).json as {
      status: string;
      version: number;
      allowed?: { nextStatuses: string[] };
    };
    if (ticket.status === 'Resolved') break;
    const next = ticket.allowed?.nextStatuses ?? [];
    const status = next.includes('Resolved') ? 'Resolved' : 'In progress';
    expect(next, `from ${ticket.status}`).toContain(status);
    expect((await callApi('PATCH', `/api/tickets/${incident.id}`, { version: ticket.version, status })).status).toBe(
      200,
    );
  }
  await signIn('employee');
  for (const area of areas.filter((candidate) => candidate.ratesTicket)) {
    const data = await exampleWithFiles(page, area.key);
    await submit(area, { ...data, [area.ratesTicket?.ticketField ?? '']: incident.number });
  }
});

afterAll(async () => {
  console.log(`A11Y_SUMMARY states=${states} ${JSON.stringify(counts)}`);
  await closeBrowser(context);
  await portal?.stop();
});

for (const username of ['employee', 'admin']) {
  describe(`every page, signed in as ${username}, at 1280 and 320 px`, () => {
    beforeAll(async () => {
      await signIn(username);
    });

    for (const [name, path] of PAGES) {
      it(`${name}: no WCAG A or AA violation`, async () => {
        expect(await visit(path(), `${username} ${path()}`)).toEqual([]);
      });
    }

    for (const area of areas) {
      it(`${area.key}'s detail page: no WCAG A or AA violation`, async () => {
        const ready = () => page.locator('.detail-data .form-group').first().waitFor();
        expect(await visit(detailPath(area), `${username} ${detailPath(area)}`, ready)).toEqual([]);
      });
    }
  });
}

describe('signed out', () => {
  it('the sign-in page and the 404 page have no WCAG A or AA violation, at 1280 and 320 px', async () => {
    const found: string[] = [];
    // a one-segment path is an area's list (`/:area`), which sends a signed-out visitor to sign in:
    // only a path deeper than every route reaches the 404 page
    for (const path of ['/Login', '/no/such/page/at/all']) {
      await closePages(context);
      await context.clearCookies();
      page = await context.newPage();
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.goto(`${portal.baseUrl}${path}`);
      await page.evaluate(() => {
        localStorage.clear();
        sessionStorage.clear();
      });
      await open(path);
      found.push(...(await scanBothWidths(`signed out ${path}`)));
      expect(new URL(page.url()).pathname).toBe(path);
    }
    expect(found).toEqual([]);
  });
});

describe('the rich-text editor', () => {
  for (const width of [1280, 375]) {
    it(`its toolbar and its link dialog, at ${width} px: no violation, the dialog labelled and closed by Escape`, async () => {
      await signIn('employee');
      await page.setViewportSize({ width, height: 800 });
      await open('/PortalFeedback/Form');
      const editor = page.locator('#root_message');
      await editor.focus();
      await page.locator('.rich-text__toolbar').waitFor();
      await page.keyboard.type('See the docs');
      const found = await scan(`toolbar ${width}`);
      await page
        .locator('.rich-text')
        .first()
        .screenshot({ path: `${SCREENSHOT_DIR}toolbar-${width}.png` });
      // Shift+Tab from the text reaches the toolbar's last button, which shows a 3 px focus ring
      await page.keyboard.press('Shift+Tab');
      const redo = page.getByRole('button', { name: 'Redo (Ctrl+Y)' });
      await expect.poll(() => redo.evaluate((el) => el === document.activeElement)).toBe(true);
      expect(
        await redo.evaluate((el) => `${getComputedStyle(el).outlineStyle} ${getComputedStyle(el).outlineWidth}`),
      ).toBe('solid 3px');
      await page
        .locator('.rich-text')
        .first()
        .screenshot({ path: `${SCREENSHOT_DIR}toolbar-focus-${width}.png` });
      await editor.focus();

      await page.getByRole('button', { name: 'Link', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Insert link' });
      const address = dialog.getByRole('textbox', { name: 'Address' });
      await expect.poll(() => address.evaluate((el) => el === document.activeElement)).toBe(true);
      // an empty address: the message, described by the field
      await dialog.getByRole('button', { name: 'Insert' }).click();
      await expect.poll(() => dialog.getByRole('alert').innerText()).toBe('Enter an address.');
      expect(await address.getAttribute('aria-invalid')).toBe('true');
      found.push(...(await scan(`link dialog ${width}`)));
      await page.screenshot({ path: `${SCREENSHOT_DIR}link-dialog-${width}.png` });
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      await expect
        .poll(() => editor.evaluate((el) => el.contains(document.activeElement) || el === document.activeElement))
        .toBe(true);
      expect(found).toEqual([]);
    });
  }

  it('edits a link: the caret in a link offers Update and Remove link, which keeps the text', async () => {
    await signIn('employee');
    await page.setViewportSize({ width: 1280, height: 800 });
    await open('/PortalFeedback/Form');
    const editor = page.locator('#root_message');
    await editor.focus();
    await page.locator('.rich-text__toolbar').waitFor();
    // with nothing selected the address becomes the link's text
    await page.getByRole('button', { name: 'Link', exact: true }).click();
    await page
      .getByRole('dialog', { name: 'Insert link' })
      .getByRole('textbox', { name: 'Address' })
      .fill('https://example.org/a');
    await page.keyboard.press('Enter');
    await expect
      .poll(() => editor.locator('a[href="https://example.org/a"]').innerText())
      .toBe('https://example.org/a');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await page.getByRole('button', { name: 'Edit link', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit link' });
    const address = dialog.getByRole('textbox', { name: 'Address' });
    expect(await address.inputValue()).toBe('https://example.org/a');
    const found = await scan('edit link dialog');
    // not a full address: refused with a message
    await address.fill('example.org');
    await dialog.getByRole('button', { name: 'Update' }).click();
    await expect.poll(() => dialog.getByRole('alert').innerText()).toMatch(/^Enter a full address/);
    // a javascript: address keeps the text, with a blank address (an <a> without href)
    await address.fill('javascript:alert(1)');
    await dialog.getByRole('button', { name: 'Update' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => editor.locator('a:not([href])').innerText()).toBe('https://example.org/a');
    expect(await editor.locator('a[href]').count()).toBe(0);
    await page.getByRole('button', { name: 'Edit link', exact: true }).click();
    await page.getByRole('dialog', { name: 'Edit link' }).getByRole('button', { name: 'Remove link' }).click();
    await expect.poll(() => editor.locator('a').count()).toBe(0);
    expect(await editor.innerText()).toContain('https://example.org/a');
    await expect
      .poll(() => editor.evaluate((el) => el.contains(document.activeElement) || el === document.activeElement))
      .toBe(true);
    expect(found).toEqual([]);
  });
});
