import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MY_REQUESTS_PAGE_SIZE, type MyActivity, type MyRequestPage } from '../../src/shared/activity';
import type { JsonObject } from '../../src/shared/json';
import { createTestApp } from './helpers/app';
import { authHeader } from './helpers/sign-in';

function apInvoice(i: number) {
  return {
    vendorName: `Vendor ${i}`,
    invoiceNumber: `INV-${i}`,
    invoiceDate: '2025-03-14',
    amount: 100 + i,
    property: 'P-1001',
  };
}

describe('GET /api/me/activity', () => {
  let app: FastifyInstance;

  beforeAll(async () => {
    app = await createTestApp();
    const employee = await authHeader(app, 'employee');
    for (let i = 0; i < 12; i += 1) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/areas/AP/submissions',
        payload: apInvoice(i),
        headers: employee,
      });
      expect(response.statusCode).toBe(201);
    }
    await app.inject({
      method: 'POST',
      url: '/api/areas/AP/submissions',
      payload: apInvoice(99),
      headers: await authHeader(app, 'accounting'),
    });
  });
  afterAll(() => app.close());

  it("lists only the user's own submissions, newest first, at most 10, and counts their areas", async () => {
    const response = await app.inject({ url: '/api/me/activity', headers: await authHeader(app, 'employee') });
    expect(response.statusCode).toBe(200);
    const activity = response.json<MyActivity>();
    expect(activity.recent).toHaveLength(10);
    expect(activity.open).toHaveLength(10);
    expect(activity.recent.map((item) => (item.data as JsonObject).invoiceNumber)).toEqual(
      Array.from({ length: 10 }, (_, index) => `INV-${11 - index}`),
    );
    expect(activity.recent.every((item) => item.requester.name === activity.recent[0]?.requester.name)).toBe(true);
    expect(activity.mostUsed).toEqual([{ area: 'AP', count: 12 }]);
  });

  it('gives a user without submissions empty lists', async () => {
    const response = await app.inject({ url: '/api/me/activity', headers: await authHeader(app, 'admin') });
    expect(response.json<MyActivity>()).toEqual({ open: [], recent: [], mostUsed: [] });
  });

  it('answers 401 without a token', async () => {
    expect((await app.inject({ url: '/api/me/activity' })).statusCode).toBe(401);
  });
});

describe('GET /api/me/requests', () => {
  let app: FastifyInstance;
  let first = '';
  let second = '';

  async function change(id: string, payload: JsonObject) {
    const headers = await authHeader(app, 'admin');
    const read = await app.inject({ url: `/api/tickets/${id}`, headers });
    const response = await app.inject({
      method: 'PATCH',
      url: `/api/tickets/${id}`,
      payload: { ...payload, version: read.json<{ version: number }>().version },
      headers,
    });
    expect(response.statusCode, response.body).toBe(200);
  }

  async function comment(id: string, text: string, isInternal: boolean) {
    const response = await app.inject({
      method: 'POST',
      url: `/api/tickets/${id}/comments`,
      payload: { body: text, isInternal },
      headers: await authHeader(app, 'admin'),
    });
    expect(response.statusCode, response.body).toBe(201);
  }

  async function requests(username: string, query = '') {
    const response = await app.inject({ url: `/api/me/requests${query}`, headers: await authHeader(app, username) });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<MyRequestPage>();
  }

  beforeAll(async () => {
    app = await createTestApp();
    const employee = await authHeader(app, 'employee');
    const ids: string[] = [];
    for (let i = 0; i < MY_REQUESTS_PAGE_SIZE + 2; i += 1) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/areas/AP/submissions',
        payload: apInvoice(i),
        headers: employee,
      });
      expect(response.statusCode).toBe(201);
      ids.push(response.json<{ id: string }>().id);
    }
    [first = '', second = ''] = ids;
    await app.inject({
      method: 'POST',
      url: '/api/areas/AP/submissions',
      payload: apInvoice(99),
      headers: await authHeader(app, 'accounting'),
    });
    await change(first, { status: 'In progress' });
    await comment(first, 'Internal note the requester must not see', true);
    await comment(second, 'We need the signed invoice, please.', false);
    await change(second, { status: 'Closed' });
  });
  afterAll(() => app.close());

  it("lists only the user's own open requests, most recently updated first, in pages", async () => {
    const page = await requests('employee');
    expect(page.items).toHaveLength(MY_REQUESTS_PAGE_SIZE);
    expect(page.items[0]?.id).toBe(first);
    expect(page.items.map((item) => item.id)).not.toContain(second);
    expect(page.nextCursor).not.toBeNull();
    const next = await requests('employee', `?cursor=${page.nextCursor}`);
    expect(next.items).toHaveLength(1);
    expect(next.nextCursor).toBeNull();
    const all = new Set([...page.items, ...next.items].map((item) => item.id));
    expect(all.size).toBe(MY_REQUESTS_PAGE_SIZE + 1);
    expect((await requests('admin')).items).toEqual([]);
  });

  it('gives the last update the requester may read: never an internal comment', async () => {
    const [top] = (await requests('employee')).items;
    expect(top?.status).toBe('In progress');
    expect(top?.lastUpdate).toMatchObject({ actor: 'Ada Admin', action: 'status' });
    expect(JSON.stringify(top)).not.toContain('Internal note');
  });

  it('lists finished requests under state=closed and everything under state=all', async () => {
    const closed = await requests('employee', '?state=closed');
    expect(closed.items.map((item) => item.id)).toEqual([second]);
    expect(closed.items[0]?.lastUpdate).toMatchObject({ actor: 'Ada Admin', action: 'status' });
    const all = await requests('employee', '?state=all');
    expect(all.items[0]?.id).toBe(second);
  });

  it('names no person for an assignment a routing rule made', async () => {
    const admin = await authHeader(app, 'admin');
    const groups = (await app.inject({ url: '/api/tickets/assignees', headers: admin })).json<{
      groups: { id: string; name: string }[];
    }>().groups;
    const itGroup = groups.find((group) => group.name === 'IT');
    const rule = await app.inject({
      method: 'POST',
      url: '/api/assignment-rules',
      payload: { name: 'Invoices → IT', area: 'AP', assigneeGroupId: itGroup?.id },
      headers: admin,
    });
    expect(rule.statusCode, rule.body).toBe(201);
    const routed = await app.inject({
      method: 'POST',
      url: '/api/areas/AP/submissions',
      payload: apInvoice(500),
      headers: await authHeader(app, 'employee'),
    });
    expect(routed.statusCode, routed.body).toBe(201);
    const [top] = (await requests('employee')).items;
    expect(top).toMatchObject({
      id: routed.json<{ id: string }>().id,
      assigneeGroup: 'IT',
      lastUpdate: { actor: null, action: 'assigned' },
    });
  });

  it('refuses a cursor it did not make, and an unknown state, with 400', async () => {
    const headers = await authHeader(app, 'employee');
    for (const query of ['?cursor=abc', '?state=mine']) {
      const response = await app.inject({ url: `/api/me/requests${query}`, headers });
      expect(response.statusCode).toBe(400);
      expect(response.json<{ error: string }>().error).toBeTruthy();
    }
  });
});
