/**
 * The shell around the pages of the other features (each route uses the one layout that fits; the
 * navigation collapses into a menu below 768 px) and the home page's tickets assigned to the user or their groups, read from the real
 * `/api/tickets` — built app in Chromium, real server and database. The service worker is
 * blocked: nothing here is about offline use, and every request reaches the server.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { closeBrowser, closePages, launchBrowser } from './support/browser';
import { exampleWithFiles } from './support/example-files';
import { startPortal, type PortalServer } from './support/portal-server';
import { signInOnProviderPage } from './support/sign-in';

const SCREENSHOT_DIR = new URL('../../test-results/shell/', import.meta.url).pathname;
const example = (area: string): unknown =>
  JSON.parse(readFileSync(new URL(`../../schemas/${area}/example.json`, import.meta.url), 'utf8'));

/** Every entry of the navigation bar an administrator sees, in order. */
const ADMIN_ENTRIES = [
  'Home',
  'Forms',
  'Tickets',
  'Report tracker',
  'Role groups',
  'Assignments',
  'Changes',
  'Approvals',
  'Form areas',
  'Settings',
];

let portal: PortalServer;
let context: BrowserContext;
let base: string;

beforeAll(async () => {
  portal = await startPortal({ timeoutMs: 180_000 }); // generous: the test machine is shared
  base = portal.baseUrl;
  context = await launchBrowser({ serviceWorkers: 'block' });
  context.setDefaultTimeout(15_000);
});

afterAll(async () => {
  await closeBrowser(context);
  await portal?.stop();
});

/** A page signed in as `username` (password `demo`) on `path`, after forgetting any earlier session. */
async function signedIn(username: string, path = '/Forms'): Promise<Page> {
  await closePages(context);
  await context.clearCookies();
  const page = await context.newPage();
  await page.goto(`${base}/Login`);
  await page.evaluate(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
  await page.goto(`${base}${path}`);
  await page.waitForURL(/\/oidc\/interaction\//);
  await signInOnProviderPage(page, username);
  await page.waitForURL(`${base}${path}`);
  return page;
}

/** `fetch` on the portal's API with the signed-in user's access token; resolves status and JSON body. */
async function callApi(
  page: Page,
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

const layoutOf = (page: Page) => page.locator('[data-layout]').first().getAttribute('data-layout');

describe('home: tickets assigned to the user or their groups (GET /api/tickets?assignee=…)', () => {
  it('lists the open tickets of the Maintenance group and of the user, not finished ones nor other groups', async () => {
    // the employee files three resident service requests (routed to Maintenance) and one Yardi request (routed to IT)
    const employee = await signedIn('employee');
    const created: { id: string; number: string }[] = [];
    for (let i = 0; i < 3; i += 1) {
      const response = await callApi(
        employee,
        'POST',
        '/api/areas/ResidentService/submissions',
        await exampleWithFiles(employee, 'ResidentService'),
      );
      expect(response.status).toBe(201);
      created.push(response.json as { id: string; number: string });
    }
    const yardi = await callApi(employee, 'POST', '/api/areas/Yardi/submissions', example('Yardi'));
    expect(yardi.status).toBe(201);
    const [groupTicket, personalTicket, closedTicket] = created as [
      (typeof created)[0],
      (typeof created)[0],
      (typeof created)[0],
    ];

    const handler = await signedIn('maintenance', '/Tickets');
    const me = (await callApi(handler, 'GET', '/api/me')).json as { id: string };
    // the real API's shape: { items, nextCursor }
    const groupPage = await callApi(handler, 'GET', '/api/tickets?assignee=my-groups');
    expect(groupPage.status).toBe(200);
    expect(groupPage.json).toMatchObject({ nextCursor: null });
    expect((groupPage.json.items as { id: string }[]).map((t) => t.id).sort()).toEqual(created.map((t) => t.id).sort());

    const version = async (id: string) =>
      ((await callApi(handler, 'GET', `/api/tickets/${id}`)).json as { version: number }).version;
    // to the user in person, and away from their group (to IT): only `assignee=me` finds it
    // (IT rather than no group: PATCH turns a JSON null into "" and answers 422, a known bug)
    const options = (await callApi(handler, 'GET', '/api/tickets/assignees')).json as {
      groups: { id: string; name: string }[];
    };
    const it = options.groups.find((group) => group.name === 'IT');
    expect(it).toBeDefined();
    const toMe = await callApi(handler, 'PATCH', `/api/tickets/${personalTicket.id}`, {
      version: await version(personalTicket.id),
      assigneeUserId: me.id,
      assigneeGroupId: it?.id,
    });
    expect(toMe.status, JSON.stringify(toMe.json)).toBe(200);
    const closed = await callApi(handler, 'PATCH', `/api/tickets/${closedTicket.id}`, {
      version: await version(closedTicket.id),
      status: 'Closed',
    });
    expect(closed.status).toBe(200);

    await handler.goto(`${base}/`);
    const section = handler.getByRole('region', { name: 'Assigned to you and your groups' });
    await section.getByRole('link', { name: groupTicket.number }).waitFor();
    await section.getByRole('link', { name: personalTicket.number }).waitFor();
    const numbers = await section.getByRole('link').allInnerTexts();
    // newest update first: the ticket just given to the user, then the group's
    expect(numbers).toEqual([personalTicket.number, groupTicket.number]);
    expect(numbers).not.toContain(closedTicket.number);
    expect(numbers).not.toContain((yardi.json as { number: string }).number);

    // a number opens the ticket's page, in the ticket-view layout
    await section.getByRole('link', { name: groupTicket.number }).click();
    await handler.waitForURL(new RegExp(`/[A-Za-z]+/${groupTicket.id}$`));
    await handler.getByRole('heading', { name: new RegExp(`^${groupTicket.number}`), level: 1 }).waitFor();
    expect(await layoutOf(handler)).toBe('ticket');

    // the employee handles no tickets and has none assigned: no such section
    const requester = await signedIn('employee');
    await requester.goto(`${base}/`);
    await requester.getByRole('heading', { name: 'Your open requests' }).waitFor();
    await requester.getByRole('link', { name: groupTicket.number }).first().waitFor();
    expect(await requester.getByRole('region', { name: 'Assigned to you and your groups' }).count()).toBe(0);
  });
});

describe('My requests (GET /api/me/requests)', () => {
  it('shows the requester each request in words, what it waits for, and never an internal comment', async () => {
    const employee = await signedIn('employee');
    const created = await callApi(
      employee,
      'POST',
      '/api/areas/ResidentService/submissions',
      await exampleWithFiles(employee, 'ResidentService'),
    );
    expect(created.status).toBe(201);
    const { id, number } = created.json as { id: string; number: string };

    const handler = await signedIn('maintenance', '/Tickets');
    for (const status of ['In progress', 'Waiting on requester']) {
      const { version } = (await callApi(handler, 'GET', `/api/tickets/${id}`)).json as { version: number };
      const moved = await callApi(handler, 'PATCH', `/api/tickets/${id}`, { version, status });
      expect(moved.status, JSON.stringify(moved.json)).toBe(200);
    }
    const internal = await callApi(handler, 'POST', `/api/tickets/${id}/comments`, {
      body: 'Internal: check the lease first',
      isInternal: true,
    });
    expect(internal.status).toBe(201);

    const page = await signedIn('employee', '/MyRequests');
    const card = page.locator('.request-card', { has: page.getByRole('link', { name: number, exact: true }) });
    await card.waitFor();
    await expect.poll(() => page.title()).toBe('My requests – TM online portal');
    expect(await card.locator('.status-badge').textContent()).toBe('Needs your reply');
    await card.getByText('Waiting for you: reply with a comment to continue.').waitFor();
    await card.getByText(/Last update: Morgan Maintenance changed the status/).waitFor();
    expect(await page.locator('main').textContent()).not.toContain('check the lease');

    await page.getByRole('link', { name: 'Finished', exact: true }).click();
    await page.waitForURL(`${base}/MyRequests?state=closed`);
    // the router changes the URL before React renders the new state: wait for the render
    await expect.poll(() => page.getByRole('link', { name: 'Finished' }).getAttribute('aria-current')).toBe('page');
    // the employee's finished requests (other tests of this file close some), never this open one
    await page.locator('.request-list, p.note').first().waitFor();
    expect(await card.count()).toBe(0);

    await page.setViewportSize({ width: 320, height: 800 });
    await page.getByRole('link', { name: 'Open', exact: true }).click();
    await card.waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    await card.getByRole('link', { name: number, exact: true }).click();
    await page.waitForURL(new RegExp(`/ResidentService/${id}$`));
  });
});

describe("the other features' pages in the shell", () => {
  let admin: Page;
  let ticket: { id: string; number: string };
  let adminId: string;

  beforeAll(async () => {
    admin = await signedIn('admin');
    adminId = ((await callApi(admin, 'GET', '/api/me')).json as { id: string }).id;
    const created = await callApi(
      admin,
      'POST',
      '/api/areas/ResidentService/submissions',
      await exampleWithFiles(admin, 'ResidentService'),
    );
    expect(created.status).toBe(201);
    ticket = created.json as { id: string; number: string };
  });

  it('uses the default layout for lists and tools and the ticket-view layout for one ticket', async () => {
    const expected: [string, string, RegExp][] = [
      ['/ReportTracker', 'default', /report tracker/i],
      ['/ReportTracker/Accounting', 'default', /accounting/i],
      ['/ReportTracker/Delivery', 'default', /deliver/i],
      ['/RoleGroups', 'default', /role groups/i],
      [`/RoleGroups/Access/${adminId}`, 'default', /access/i],
      ['/Assignments', 'default', /assignments/i],
      ['/Tickets', 'default', /tickets/i],
      ['/Changes', 'default', /changes/i],
      ['/test', 'default', /./],
      [`/Tickets/comments/${ticket.id}`, 'ticket', new RegExp(`^${ticket.number}`)],
    ];
    for (const [path, layout, heading] of expected) {
      await admin.goto(`${base}${path}`);
      await admin.getByRole('heading', { level: 1, name: heading }).first().waitFor();
      expect(await layoutOf(admin), path).toBe(layout);
      expect(await admin.getByRole('navigation', { name: 'Main' }).count(), path).toBe(1);
    }
    await admin.setViewportSize({ width: 1280, height: 900 });
  });

  it('fits every page into a 375 px phone screen and shows lists as labelled cards', async () => {
    await admin.setViewportSize({ width: 375, height: 800 });
    const pages: [string, RegExp][] = [
      ['/Tickets', /tickets/i],
      ['/Changes', /changes/i],
      ['/RoleGroups', /role groups/i],
      [`/RoleGroups/Access/${adminId}`, /access/i],
      ['/Assignments', /assignments/i],
      ['/ReportTracker', /report tracker/i],
      ['/ReportTracker/Delivery', /deliver/i],
      [`/Tickets/comments/${ticket.id}`, new RegExp(`^${ticket.number}`)],
    ];
    for (const [path, heading] of pages) {
      await admin.goto(`${base}${path}`);
      await admin.getByRole('heading', { level: 1, name: heading }).first().waitFor();
      // the page's data is in: no request for 500 ms
      await admin.waitForLoadState('networkidle');
      const overflow = await admin.evaluate(() => {
        const sticksOut = (e: Element) => e.getBoundingClientRect().left + e.scrollWidth > window.innerWidth + 1;
        return {
          width: document.documentElement.scrollWidth - window.innerWidth,
          // the innermost elements that reach past the window's right edge, to name them in a failure
          culprits: [...document.querySelectorAll('body *')]
            .filter((e) => sticksOut(e) && ![...e.children].some(sticksOut))
            .slice(0, 3)
            .map(
              (e) => `${e.tagName.toLowerCase()}.${[...e.classList].join('.')} "${(e.textContent ?? '').slice(0, 30)}"`,
            ),
        };
      });
      const slug = path
        .split('/')
        .filter((part) => /^[A-Za-z]+$/.test(part))
        .join('-');
      await admin.screenshot({ path: `${SCREENSHOT_DIR}page-375-${slug}.png` });
      expect(
        overflow.width,
        `sideways scrolling on ${path} at 375px: ${overflow.culprits.join(', ')}`,
      ).toBeLessThanOrEqual(0);
    }
    await admin.screenshot({ path: `${SCREENSHOT_DIR}ticket-view-375.png`, fullPage: true });

    // the ticket list: each row a card whose cells name their column
    await admin.goto(`${base}/Tickets`);
    const row = admin.getByRole('region', { name: 'Tickets' }).locator('tbody tr').first();
    await row.getByRole('link', { name: ticket.number }).waitFor();
    expect(await row.evaluate((element) => getComputedStyle(element).display)).toBe('block');
    await expect
      .poll(() => row.locator('td').evaluateAll((cells) => cells.map((cell) => cell.getAttribute('data-label'))))
      .toEqual([
        'Selected',
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
    const label = await row
      .locator('td.queue-table__number')
      .evaluate((cell) => getComputedStyle(cell, '::before').content);
    expect(label).toBe('"Number"');
    await admin.screenshot({ path: `${SCREENSHOT_DIR}tickets-375.png`, fullPage: true });
    await admin.setViewportSize({ width: 1280, height: 900 });
  });

  it('folds all nine entries behind "Menu" below 768 px and shows them in a bar of two rows from 768 px (screenshots)', async () => {
    mkdirSync(SCREENSHOT_DIR, { recursive: true });
    const nav = admin.getByRole('navigation', { name: 'Main' });
    for (const width of [375, 640, 767, 768, 1024, 1280]) {
      await admin.setViewportSize({ width, height: 800 });
      await admin.goto(`${base}/Changes`);
      await admin.getByRole('heading', { level: 1, name: /changes/i }).waitFor();
      const menu = admin.getByRole('button', { name: 'Menu' });
      const links = nav.getByRole('link');
      if (width < 768) {
        await expect.poll(() => menu.isVisible(), { message: `Menu at ${width}px` }).toBe(true);
        expect(await menu.getAttribute('aria-expanded')).toBe('false');
        await expect.poll(() => nav.isVisible(), { message: `folded at ${width}px` }).toBe(false);
        await menu.click();
        await expect.poll(() => menu.getAttribute('aria-expanded')).toBe('true');
        await nav.getByRole('link', { name: 'Changes' }).waitFor();
        expect(await links.allInnerTexts()).toEqual(ADMIN_ENTRIES);
        // one entry per line, each a comfortable tap target inside the screen
        for (const box of await links.evaluateAll((elements) =>
          elements.map((e) => e.getBoundingClientRect().toJSON() as DOMRect),
        )) {
          expect(box.height).toBeGreaterThanOrEqual(32);
          expect(box.right).toBeLessThanOrEqual(width);
        }
        await admin.screenshot({ path: `${SCREENSHOT_DIR}nav-admin-${width}-open.png` });
        // choosing an entry closes the menu
        await nav.getByRole('link', { name: 'Assignments' }).click();
        await admin.waitForURL(`${base}/Assignments`);
        await expect.poll(() => menu.getAttribute('aria-expanded')).toBe('false');
        await expect.poll(() => nav.isVisible()).toBe(false);
      } else {
        await expect.poll(() => menu.isVisible(), { message: `no Menu at ${width}px` }).toBe(false);
        expect(await links.allInnerTexts()).toEqual(ADMIN_ENTRIES);
        for (const entry of ADMIN_ENTRIES) {
          await expect
            .poll(() => nav.getByRole('link', { name: entry }).isVisible(), { message: `${entry} at ${width}px` })
            .toBe(true);
        }
        await nav.getByRole('button', { name: 'Sign out' }).waitFor();
        // every entry, the name and Sign out inside the window: nothing cut off or scrolled sideways
        const overflow = await admin.evaluate(() => {
          const header = document.querySelector('.site-header') as HTMLElement;
          const parts = [...header.querySelectorAll('a, button, .site-nav__name')].map((e) =>
            e.getBoundingClientRect(),
          );
          return {
            page: document.documentElement.scrollWidth - window.innerWidth,
            rightmost: Math.max(...parts.map((box) => box.right)) - window.innerWidth,
            leftmost: Math.min(...parts.map((box) => box.left)),
          };
        });
        expect(overflow.page, `page width at ${width}px`).toBeLessThanOrEqual(0);
        expect(overflow.rightmost, `header contents at ${width}px`).toBeLessThanOrEqual(0);
        expect(overflow.leftmost).toBeGreaterThanOrEqual(0);
        // two rows: the product name, the user and the bell above; the entries below, on one row
        // from 1024 px
        const rows = await admin.evaluate(() => {
          const top = (selector: string) => document.querySelector(selector)?.getBoundingClientRect();
          const entries = [...document.querySelectorAll('.site-nav__links a')].map((e) => e.getBoundingClientRect());
          return {
            brand: top('.site-header__brand'),
            user: top('.site-nav__user'),
            entryTops: [...new Set(entries.map((box) => Math.round(box.top)))],
            entriesTop: Math.min(...entries.map((box) => box.top)),
            header: top('.site-header')?.height ?? 0,
          };
        });
        expect(rows.user?.bottom ?? Infinity, `user above the entries at ${width}px`).toBeLessThanOrEqual(
          rows.entriesTop,
        );
        expect(
          Math.abs((rows.user?.top ?? 0) - (rows.brand?.top ?? 0)),
          `user beside the name at ${width}px`,
        ).toBeLessThan(12);
        if (width >= 1024) {
          expect(rows.entryTops, `entries on one row at ${width}px`).toHaveLength(1);
          expect(rows.header, `header height at ${width}px`).toBeLessThanOrEqual(112);
        }
      }
      await admin.screenshot({ path: `${SCREENSHOT_DIR}nav-admin-${width}.png` });
    }
    await admin.setViewportSize({ width: 1280, height: 900 });
  });
});
