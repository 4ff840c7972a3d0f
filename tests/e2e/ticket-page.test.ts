/**
 * One ticket page for everyone (`/{Area}/{id}`): the handler comments and works the status there;
 * the requester sees the same page without the handler's controls and internal comments, and
 * their reply moves a Waiting on requester ticket back to In progress; `/Tickets/comments/{id}`
 * replaces itself with the record's page (an unknown id is the not-found page); a child area's
 * record reached at `/{Area}/{id}` moves to `/{Parent}/{parentId}/{Area}/{id}`.
 */
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
let requester: Page;
let handler: Page;
let ticket: { id: string; number: string };
const ticketPath = () => `/ResidentService/${ticket.id}`;

async function signIn(context: BrowserContext, username: string, path: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${portal.baseUrl}${path}`);
  await page.waitForURL(/\/oidc\//);
  await signInOnProviderPage(page, username);
  await page.waitForURL(`${portal.baseUrl}${path}`);
  return page;
}

const statusOf = (page: Page) => page.getByTestId('ticket-status').innerText();

beforeAll(async () => {
  portal = await startPortal();
  requesterContext = await launchBrowser();
  requesterContext.setDefaultTimeout(20_000);
  handlerContext = await launchBrowser();
  handlerContext.setDefaultTimeout(20_000);
  requester = await signIn(requesterContext, 'employee', '/Forms');
  await requester.getByRole('heading', { name: 'Accounting', level: 2 }).waitFor();
  ticket = await submitFromPage(requester, 'ResidentService', await exampleWithFiles(requester, 'ResidentService'));
});

afterAll(async () => {
  await closeBrowser(requesterContext);
  await closeBrowser(handlerContext);
  await portal?.stop();
});

describe('the ticket page of a record', () => {
  it('lets the handler comment and change the status on /{Area}/{id}', async () => {
    handler = await signIn(handlerContext, 'maintenance', ticketPath());
    await ticketViewSettled(handler);
    await handler.getByRole('heading', { level: 1, name: `${ticket.number} — Resident service request` }).waitFor();
    await handler
      .getByRole('navigation', { name: /breadcrumb/i })
      .getByRole('link', { name: 'Resident service request' })
      .waitFor();
    await handler.getByRole('button', { name: 'Download PDF' }).waitFor();

    await handler.getByRole('button', { name: 'Move to In progress' }).click();
    await expect.poll(() => statusOf(handler)).toBe('In progress');

    await handler.getByLabel('New comment', { exact: true }).fill('Boiler log says pressure dropped');
    await handler.getByRole('checkbox', { name: /Internal/ }).check();
    await handler.getByRole('button', { name: 'Post comment' }).click();
    await handler.getByRole('article').filter({ hasText: 'Boiler log says pressure dropped' }).waitFor();
    await handler.getByLabel('New comment', { exact: true }).fill('Which day suits you for a visit?');
    await handler.getByRole('button', { name: 'Post comment' }).click();
    await handler.getByRole('article').filter({ hasText: 'Which day suits you for a visit?' }).waitFor();

    await handler.getByRole('button', { name: 'Move to Waiting on requester' }).click();
    await expect.poll(() => statusOf(handler)).toBe('Waiting on requester');
    expect(handler.url()).toBe(`${portal.baseUrl}${ticketPath()}`);
  });

  it('shows the requester the same page without handler controls or internal comments; their reply resumes the work', async () => {
    await requester.goto(`${portal.baseUrl}${ticketPath()}`);
    await ticketViewSettled(requester);
    await requester.getByText('Which day suits you for a visit?').waitFor();
    expect(await statusOf(requester)).toBe('Waiting on requester');
    const panel = requester.getByRole('complementary', { name: 'Ticket' });
    await panel.getByTestId('ticket-priority').waitFor();
    expect(await requester.getByText('Boiler log says pressure dropped').count()).toBe(0);
    expect(await panel.getByRole('combobox').count()).toBe(0);
    expect(await panel.getByLabel('Due date').count()).toBe(0);
    expect(await panel.getByRole('button', { name: /^Move to/ }).count()).toBe(0);
    expect(await requester.getByRole('checkbox', { name: /Internal/ }).count()).toBe(0);

    await requester.getByLabel('New comment', { exact: true }).fill('Tuesday morning works');
    await requester.getByRole('button', { name: 'Post comment' }).click();
    await requester.getByRole('article').filter({ hasText: 'Tuesday morning works' }).waitFor();
    await expect.poll(() => statusOf(requester)).toBe('In progress');
  });
});

/**
 * Opens `path` in a new page of the requester with the requests matching `held` (a URL glob) held
 * until the requests `watch` names (`null`: not watched) are `expected`, sorted; then lets the held
 * ones go. Resolves the page and the names asked for so far (and after).
 */
async function openWithRequestsHeld(
  path: string,
  held: string,
  watch: (url: URL) => string | null,
  expected: string[],
): Promise<{ page: Page; asked: string[] }> {
  const page = await requesterContext.newPage();
  let release = () => {};
  const holding = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(held, async (route) => {
    await holding;
    await route.continue();
  });
  const asked: string[] = [];
  page.on('request', (request) => {
    const name = watch(new URL(request.url()));
    if (name) asked.push(name);
  });
  try {
    await page.goto(`${portal.baseUrl}${path}`);
    await expect.poll(() => [...asked].sort()).toEqual(expected);
  } finally {
    release();
  }
  return { page, asked };
}

describe('what a page asks for as it opens', () => {
  it('asks for the ticket, its comments and its history while its area is still on its way', async () => {
    const { page, asked } = await openWithRequestsHeld(
      ticketPath(),
      '**/api/areas/ResidentService',
      (url) => {
        if (url.pathname === `/api/tickets/${ticket.id}`) return 'ticket';
        if (url.pathname === `/api/tickets/${ticket.id}/comments`) return 'comments';
        if (url.pathname === '/api/changes' && url.searchParams.get('ticket') === ticket.id) return 'history';
        return null;
      },
      ['comments', 'history', 'ticket'],
    );
    try {
      await page.getByRole('heading', { level: 1, name: `${ticket.number} — Resident service request` }).waitFor();
      await ticketViewSettled(page);
      // each was asked for once: the page took what its route had started
      expect([...asked].sort()).toEqual(['comments', 'history', 'ticket']);
    } finally {
      await page.close();
    }
  });

  it('asks for the ticket page’s area and ticket before the session has answered, and each once', async () => {
    const { page, asked } = await openWithRequestsHeld(
      ticketPath(),
      '**/api/me',
      (url) =>
        url.pathname === '/api/areas/ResidentService'
          ? 'area'
          : url.pathname === `/api/tickets/${ticket.id}`
            ? 'ticket'
            : null,
      ['area', 'ticket'],
    );
    try {
      await page.getByRole('heading', { level: 1, name: `${ticket.number} — Resident service request` }).waitFor();
      await ticketViewSettled(page);
      expect([...asked].sort()).toEqual(['area', 'ticket']);
    } finally {
      await page.close();
    }
  });

  it('asks for the ticket, its comments, its history and its area while the page’s module is on its way', async () => {
    // the route table starts these requests itself: they must not wait for the route's chunk
    const { page, asked } = await openWithRequestsHeld(
      ticketPath(),
      '**/assets/area-detail-*.js',
      (url) => {
        if (url.pathname === '/api/areas/ResidentService') return 'area';
        if (url.pathname === `/api/tickets/${ticket.id}`) return 'ticket';
        if (url.pathname === `/api/tickets/${ticket.id}/comments`) return 'comments';
        if (url.pathname === '/api/changes' && url.searchParams.get('ticket') === ticket.id) return 'history';
        return null;
      },
      ['area', 'comments', 'history', 'ticket'],
    );
    try {
      await page.getByRole('heading', { level: 1, name: `${ticket.number} — Resident service request` }).waitFor();
      await ticketViewSettled(page);
      expect([...asked].sort()).toEqual(['area', 'comments', 'history', 'ticket']);
    } finally {
      await page.close();
    }
  });

  it.each([
    ['while the page’s module is on its way', '**/assets/area-create-*.js'],
    ['before the session has answered', '**/api/me'],
  ])('asks for the create page’s area %s, and once', async (_when, held) => {
    const { page, asked } = await openWithRequestsHeld(
      '/ResidentService/Form',
      held,
      (url) => (url.pathname === '/api/areas/ResidentService' ? 'area' : null),
      ['area'],
    );
    try {
      await page.getByRole('heading', { level: 1, name: 'New Resident service request' }).waitFor();
      await page.locator('form.area-form').waitFor();
      expect(asked).toEqual(['area']);
    } finally {
      await page.close();
    }
  });
});

describe('/Tickets/comments/{id}', () => {
  it('replaces itself with the record’s page', async () => {
    await requester.goto(`${portal.baseUrl}/Forms`);
    await requester.getByRole('heading', { name: 'Accounting', level: 2 }).waitFor();
    await requester.goto(`${portal.baseUrl}/Tickets/comments/${ticket.id}`);
    await requester.waitForURL(`${portal.baseUrl}${ticketPath()}`);
    await ticketViewSettled(requester);
    // replaced, not pushed: Back leads to the page before
    await requester.goBack();
    await requester.waitForURL(`${portal.baseUrl}/Forms`);
  });

  it('shows the not-found page for an unknown id', async () => {
    await requester.goto(`${portal.baseUrl}/Tickets/comments/00000000-0000-4000-8000-000000000000`);
    await requester.getByRole('heading', { level: 1, name: 'This page could not be found' }).waitFor();
  });
});

describe('a child area’s record', () => {
  it('at /{Area}/{id} moves to /{Parent}/{parentId}/{Area}/{id}', async () => {
    const incident = await submitFromPage(requester, 'IncidentForm', await exampleWithFiles(requester, 'IncidentForm'));
    const followUpData = await exampleWithFiles(requester, 'IncidentFollowUp');
    const followUp = await requester.evaluate(
      async ({ parentId, body }) => {
        const key = Object.keys(localStorage).find((name) => name.startsWith('auth.user:'));
        const token = (JSON.parse(localStorage.getItem(key ?? '') ?? '{}') as { access_token?: string }).access_token;
        const response = await fetch(`/api/areas/IncidentFollowUp/submissions?parentId=${parentId}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body,
        });
        if (response.status !== 201) throw new Error(`submit answered ${response.status}: ${await response.text()}`);
        return (await response.json()) as { id: string; number: string };
      },
      { parentId: incident.id, body: JSON.stringify(followUpData) },
    );
    await requester.goto(`${portal.baseUrl}/IncidentFollowUp/${followUp.id}`);
    await requester.waitForURL(`${portal.baseUrl}/IncidentForm/${incident.id}/IncidentFollowUp/${followUp.id}`);
    await ticketViewSettled(requester);
    const crumbs = requester.getByRole('navigation', { name: /breadcrumb/i });
    await crumbs.getByRole('link', { name: incident.number }).waitFor();
  });
});
