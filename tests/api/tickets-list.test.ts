import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toPlainText, type RichTextDocument } from '../../src/shared/rich-text';
import type { ChangePage, TicketComment, TicketCounts, TicketPage } from '../../src/shared/tickets';
import { createTestApp } from './helpers/app';
import { authHeader } from './helpers/sign-in';
import { createApTicket, forceStatus, getTicket, historyCount, patchTicket, profileOf } from './helpers/tickets';

const OWN = 23;

describe('GET /api/tickets, comments and /api/changes', () => {
  let app: FastifyInstance;
  const mine: string[] = [];
  let others: string;

  beforeAll(async () => {
    app = await createTestApp();
    for (let i = 0; i < OWN; i += 1)
      mine.push(await createApTicket(app, 'employee', `own${i}`, i % 2 ? 'P-1002' : 'P-1001'));
    others = await createApTicket(app, 'risk', 'someone-else');
  });
  afterAll(() => app.close());

  async function list(username: string, query: string): Promise<TicketPage> {
    const response = await app.inject({ url: `/api/tickets?${query}`, headers: await authHeader(app, username) });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<TicketPage>();
  }

  async function walk(username: string, query: string): Promise<string[]> {
    const ids: string[] = [];
    let cursor: string | null = null;
    do {
      const page: TicketPage = await list(username, `${query}&limit=5${cursor ? `&cursor=${cursor}` : ''}`);
      ids.push(...page.items.map((t) => t.id));
      cursor = page.nextCursor;
    } while (cursor);
    return ids;
  }

  it('pages every visible ticket exactly once, in both time orders, and never another user’s', async () => {
    for (const sort of ['-updatedAt', 'createdAt']) {
      const ids = await walk('employee', `sort=${sort}`);
      expect(new Set(ids).size).toBe(OWN);
      expect(ids).not.toContain(others);
    }
    const all = await walk('accounting', 'sort=-createdAt');
    expect(all).toHaveLength(OWN + 1);
    expect(all[0]).toBe(others);
  });

  it('lists tickets without the submission data, which the by-id read still carries', async () => {
    const [item] = (await list('employee', 'sort=-createdAt&limit=1')).items;
    if (!item) throw new Error('no ticket listed');
    expect(Object.keys(item).sort()).toEqual(
      [
        'area',
        'assigneeGroup',
        'assigneeUser',
        'createdAt',
        'dueAt',
        'id',
        'isOverdue',
        'number',
        'parentId',
        'priority',
        'property',
        'rating',
        'requester',
        'schemaVersion',
        'sla',
        'status',
        'summary',
        'updatedAt',
        'version',
      ].sort(),
    );
    const { statusCode, ticket } = await getTicket(app, 'employee', item.id);
    expect(statusCode).toBe(200);
    expect(ticket.data).toMatchObject({ property: ticket.property, notes: 'own22' });
    const listed = Object.fromEntries(
      Object.entries(ticket).filter(([key]) => !['data', 'feedback', 'allowed', 'approval'].includes(key)),
    );
    // the service level's remaining time is counted to the moment of each read
    const remainingAs = expect.any(Number) as unknown as number;
    const { sla } = ticket;
    expect(sla).not.toBeNull();
    expect(item).toEqual({
      ...listed,
      sla: sla && {
        firstResponse: { ...sla.firstResponse, remainingMs: remainingAs },
        resolution: { ...sla.resolution, remainingMs: remainingAs },
      },
    });
  });

  it('filters by property, priority, status, requester, assignee, overdue and full text', async () => {
    expect((await walk('accounting', 'property=P-1002')).length).toBe(Math.floor(OWN / 2));
    const [a, b, c] = mine as [string, string, string];
    expect(
      (await patchTicket(app, 'accounting', a, { priority: 'Urgent', dueAt: '2020-01-01T00:00:00Z' })).statusCode,
    ).toBe(200);
    const me = await profileOf(app, 'accounting');
    expect((await patchTicket(app, 'accounting', b, { assigneeUserId: me.id })).statusCode).toBe(200);
    expect(await walk('accounting', 'priority=Urgent')).toEqual([a]);
    expect(await walk('accounting', 'overdue=true')).toEqual([a]);
    expect(await walk('accounting', 'assignee=me')).toEqual([b]);
    expect(await walk('accounting', 'status=Assigned')).toEqual([b]);
    expect(await walk('accounting', 'assignee=my-groups')).toEqual([]);
    expect((await walk('accounting', 'requester=me')).length).toBe(0);
    expect((await walk('employee', 'requester=me')).length).toBe(OWN);
    expect(await walk('accounting', 'q=own7')).toEqual([mine[7]]);
    expect(await walk('employee', 'q=someone')).toEqual([]);
    await forceStatus(app, c, 'Resolved');
    const counts = (
      await app.inject({ url: '/api/tickets/counts?status=New', headers: await authHeader(app, 'employee') })
    ).json<TicketCounts>();
    expect(counts.total).toBe(OWN);
    expect(counts.counts).toMatchObject({ New: OWN - 2, Assigned: 1, Resolved: 1, Closed: 0 });
  });

  it('answers each request with its own values when requests share a statement (one per shape)', async () => {
    const first = await walk('accounting', 'property=P-1001');
    const second = await walk('accounting', 'property=P-1002');
    expect(second).toHaveLength(Math.floor(OWN / 2));
    expect(first.length).toBeGreaterThan(0);
    expect(first.filter((id) => second.includes(id))).toEqual([]);
    expect(await walk('accounting', 'q=own8')).toEqual([mine[8]]);
    expect(await walk('accounting', 'q=own9')).toEqual([mine[9]]);
    // the same shape for another user: their own tickets only
    expect(await walk('risk', 'requester=me')).toEqual([others]);
    expect((await walk('employee', 'requester=me')).length).toBe(OWN);
  });

  it('exports the filtered view as CSV with a header and one line per ticket', async () => {
    const response = await app.inject({
      url: '/api/tickets/export.csv?property=P-1001',
      headers: await authHeader(app, 'employee'),
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    const lines = response.body.trim().split('\r\n');
    expect(lines[0]).toMatch(/^Number,Area,Summary,Property/);
    expect(lines).toHaveLength(1 + Math.ceil(OWN / 2));
    expect(lines.slice(1).every((line) => line.includes(',P-1001,'))).toBe(true);
  });

  it('answers 400 for a cursor of another sort order', async () => {
    const page = await list('employee', 'limit=2&sort=-updatedAt');
    const response = await app.inject({
      url: `/api/tickets?sort=createdAt&cursor=${page.nextCursor}`,
      headers: await authHeader(app, 'employee'),
    });
    expect(response.statusCode).toBe(400);
  });

  describe('comments', () => {
    it('hides internal comments from the requester and refuses internal comments from them', async () => {
      const id = mine[10] as string;
      const handler = await authHeader(app, 'accounting');
      const requester = await authHeader(app, 'employee');
      const post = (headers: Record<string, string>, body: Record<string, unknown>) =>
        app.inject({ method: 'POST', url: `/api/tickets/${id}/comments`, payload: body, headers });
      expect((await post(handler, { body: 'internal note', isInternal: true })).statusCode).toBe(201);
      expect((await post(handler, { body: 'public answer' })).statusCode).toBe(201);
      expect((await post(requester, { body: 'sneaky', isInternal: true })).statusCode).toBe(403);
      expect((await post(requester, { body: '  ' })).statusCode).toBe(422);
      const seen = async (headers: Record<string, string>) =>
        (await app.inject({ url: `/api/tickets/${id}/comments`, headers }))
          .json<TicketComment[]>()
          .map((c) => toPlainText(c.body as RichTextDocument));
      expect(await seen(handler)).toEqual(['internal note', 'public answer']);
      expect(await seen(requester)).toEqual(['public answer']);
      expect(
        (await app.inject({ url: `/api/tickets/${id}/comments`, headers: await authHeader(app, 'it') })).statusCode,
      ).toBe(404);
    });

    it('moves Waiting on requester back to In progress when the requester replies, in one history row', async () => {
      const id = mine[11] as string;
      await forceStatus(app, id, 'Waiting on requester');
      const before = await historyCount(app, id);
      const response = await app.inject({
        method: 'POST',
        url: `/api/tickets/${id}/comments`,
        payload: { body: 'Here is the receipt' },
        headers: await authHeader(app, 'employee'),
      });
      expect(response.statusCode).toBe(201);
      expect(await historyCount(app, id)).toBe(before + 1);
      const ticket = await app.inject({ url: `/api/tickets/${id}`, headers: await authHeader(app, 'employee') });
      expect(ticket.json<{ status: string }>().status).toBe('In progress');
    });

    it('honours Idempotency-Key: the retry returns the first comment and stores nothing', async () => {
      const id = mine[12] as string;
      const headers = { ...(await authHeader(app, 'employee')), 'idempotency-key': 'comment-retry-1' };
      const first = await app.inject({
        method: 'POST',
        url: `/api/tickets/${id}/comments`,
        payload: { body: 'once' },
        headers,
      });
      const retry = await app.inject({
        method: 'POST',
        url: `/api/tickets/${id}/comments`,
        payload: { body: 'once' },
        headers,
      });
      expect(first.statusCode).toBe(201);
      expect(retry.statusCode).toBe(200);
      expect(retry.json<TicketComment>().id).toBe(first.json<TicketComment>().id);
      const comments = (await app.inject({ url: `/api/tickets/${id}/comments`, headers })).json<TicketComment[]>();
      expect(comments).toHaveLength(1);
      expect(await historyCount(app, id)).toBe(2);
    });
  });

  describe('GET /api/changes', () => {
    it('shows the requester their tickets’ history without internal comments, newest first, keyset paged', async () => {
      const headers = await authHeader(app, 'employee');
      const entries: ChangePage['items'] = [];
      let cursor: string | null = null;
      do {
        const page: ChangePage = (
          await app.inject({ url: `/api/changes?limit=7${cursor ? `&cursor=${cursor}` : ''}`, headers })
        ).json<ChangePage>();
        entries.push(...page.items);
        cursor = page.nextCursor;
      } while (cursor);
      const ids = entries.map((e) => e.id);
      expect(ids).toEqual([...ids].sort((x, y) => y - x));
      expect(entries.some((e) => e.entityId === others)).toBe(false);
      expect(entries.some((e) => e.action === 'commented_internal')).toBe(false);
      expect(entries.filter((e) => e.action === 'created')).toHaveLength(OWN);
      const handlerView = (
        await app.inject({ url: `/api/changes?ticket=${mine[10]}`, headers: await authHeader(app, 'accounting') })
      ).json<ChangePage>();
      expect(handlerView.items.map((e) => e.action)).toEqual(['commented', 'commented_internal', 'created']);
      expect(handlerView.items[0]?.actor?.name).toBe('Alex Accounting');
    });

    it('filters by user and date range', async () => {
      const headers = await authHeader(app, 'accounting');
      const page = (await app.inject({ url: '/api/changes?user=me&limit=100', headers })).json<ChangePage>();
      expect(page.items.length).toBeGreaterThan(0);
      expect(page.items.every((e) => e.actor?.name === 'Alex Accounting')).toBe(true);
      const future = (await app.inject({ url: '/api/changes?from=2999-01-01', headers })).json<ChangePage>();
      expect(future.items).toEqual([]);
    });

    it('has no route that edits or deletes history', async () => {
      const headers = await authHeader(app, 'admin');
      for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) {
        for (const url of ['/api/changes', '/api/changes/1']) {
          const response = await app.inject({ method, url, headers, payload: method === 'DELETE' ? undefined : {} });
          expect(response.statusCode, `${method} ${url}`).toBe(404);
        }
      }
    });
  });
});
