/**
 * `POST /api/tickets/bulk` (docs/behaviour.md "Bulk changes"): one change to many tickets, each in
 * its own transaction through the PATCH rules, answered per ticket; a bad body writes nothing.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiError } from '../../src/shared/api-error';
import type { AssigneeOptions, BulkTicketResponse } from '../../src/shared/tickets';
import { createTestApp } from './helpers/app';
import { authHeader } from './helpers/sign-in';
import { createApTicket, forceStatus, getTicket, historyCount, profileOf } from './helpers/tickets';

describe('POST /api/tickets/bulk', () => {
  let app: FastifyInstance;

  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  async function bulk(username: string, payload: object) {
    return app.inject({ method: 'POST', url: '/api/tickets/bulk', payload, headers: await authHeader(app, username) });
  }

  /** `count` new AP tickets by `requester`, with the version each is at. */
  async function tickets(count: number, tag: string, requester = 'employee') {
    const made: { id: string; version: number }[] = [];
    for (let i = 0; i < count; i += 1) {
      const id = await createApTicket(app, requester, `${tag}-${i}`);
      made.push({ id, version: (await getTicket(app, 'admin', id)).ticket.version });
    }
    return made;
  }

  it('assigns three tickets to the caller: three results, each ticket Assigned with one history row', async () => {
    const items = await tickets(3, 'assign-me');
    const before = await Promise.all(items.map((item) => historyCount(app, item.id)));
    const response = await bulk('accounting', { items, patch: { assignee: { userId: 'me' } } });
    expect(response.statusCode, response.body).toBe(200);
    const { results } = response.json<BulkTicketResponse>();
    expect(results.map((r) => [r.id, r.outcome, r.version])).toEqual(
      items.map((i) => [i.id, 'updated', i.version + 1]),
    );
    const me = await profileOf(app, 'accounting');
    for (const [index, item] of items.entries()) {
      const { ticket } = await getTicket(app, 'admin', item.id);
      expect(results[index]!.number).toBe(ticket.number);
      expect(ticket.assigneeUser?.id).toBe(me.id);
      expect(ticket.status).toBe('Assigned');
      expect(await historyCount(app, item.id)).toBe(before[index]! + 1);
    }
  });

  it('assigns to a role group and sets a priority like a PATCH would', async () => {
    const items = await tickets(2, 'group');
    const options = await app.inject({ url: '/api/tickets/assignees', headers: await authHeader(app, 'accounting') });
    const group = options.json<AssigneeOptions>().groups.find((g) => g.name === 'Accounting')!;
    const assigned = await bulk('accounting', { items, patch: { assignee: { groupId: group.id } } });
    expect(assigned.json<BulkTicketResponse>().results.every((r) => r.outcome === 'updated')).toBe(true);
    const next = assigned.json<BulkTicketResponse>().results.map((r) => ({ id: r.id, version: r.version! }));
    const prioritised = await bulk('accounting', { items: next, patch: { priority: 'Urgent' } });
    expect(prioritised.json<BulkTicketResponse>().results.map((r) => r.outcome)).toEqual(['updated', 'updated']);
    for (const item of items) {
      const { ticket } = await getTicket(app, 'admin', item.id);
      expect(ticket.assigneeGroup?.id).toBe(group.id);
      expect(ticket.priority).toBe('Urgent');
    }
  });

  it('answers each ticket on its own: updated, stale, conflict and not_found in one request', async () => {
    const [moving, stale, fresh] = await tickets(3, 'mixed');
    await forceStatus(app, moving!.id, 'In progress');
    // changed by someone else since it was read
    await app.inject({
      method: 'PATCH',
      url: `/api/tickets/${stale!.id}`,
      payload: { priority: 'Low', version: stale!.version },
      headers: await authHeader(app, 'admin'),
    });
    const unknown = { id: randomUUID(), version: 1 };
    const counts = await Promise.all([moving, stale, fresh].map((t) => historyCount(app, t!.id)));
    const response = await bulk('accounting', {
      items: [moving, stale, fresh, unknown],
      patch: { status: 'Resolved' },
    });
    expect(response.statusCode, response.body).toBe(200);
    const { results } = response.json<BulkTicketResponse>();
    expect(results.map((r) => r.outcome)).toEqual(['updated', 'stale', 'conflict', 'not_found']);
    expect(results[1]!.message).toContain('changed by someone else');
    expect(results[2]!.message).toContain('New to Resolved');
    expect(results[3]).toMatchObject({ id: unknown.id, number: null });
    expect((await getTicket(app, 'admin', moving!.id)).ticket.status).toBe('Resolved');
    expect((await getTicket(app, 'admin', stale!.id)).ticket.status).toBe('New');
    expect((await getTicket(app, 'admin', fresh!.id)).ticket.status).toBe('New');
    expect(await Promise.all([moving, stale, fresh].map((t) => historyCount(app, t!.id)))).toEqual([
      counts[0]! + 1,
      counts[1],
      counts[2],
    ]);
  });

  it('reports a ticket another department cannot see as not_found and one it only requested as forbidden', async () => {
    const [own] = await tickets(1, 'requested', 'maintenance');
    const [hidden] = await tickets(1, 'hidden');
    const response = await bulk('maintenance', { items: [own, hidden], patch: { priority: 'High' } });
    expect(response.statusCode, response.body).toBe(200);
    const { results } = response.json<BulkTicketResponse>();
    expect(results.map((r) => r.outcome)).toEqual(['forbidden', 'not_found']);
    expect(results[0]!.message).toContain('priority');
    expect((await getTicket(app, 'admin', own!.id)).ticket.priority).not.toBe('High');
  });

  it('needs tickets:work (403 for an employee, nothing written)', async () => {
    const [item] = await tickets(1, 'scope');
    const before = await historyCount(app, item!.id);
    const response = await bulk('employee', { items: [item], patch: { priority: 'High' } });
    expect(response.statusCode).toBe(403);
    expect(await historyCount(app, item!.id)).toBe(before);
  });

  it('refuses a bad body with 400 or 422 before writing anything', async () => {
    const items = await tickets(2, 'bad');
    const counts = await Promise.all(items.map((item) => historyCount(app, item.id)));
    const many = Array.from({ length: 101 }, () => ({ id: randomUUID(), version: 1 }));
    for (const [payload, status] of [
      [{ items: [], patch: { priority: 'High' } }, 400],
      [{ items: many, patch: { priority: 'High' } }, 400],
      [{ items, patch: {} }, 400],
      [{ items, patch: { priority: 'High', status: 'Closed' } }, 400],
      [{ items, patch: { priority: 'Someday' } }, 400],
      [{ items, patch: { colour: 'red' } }, 400],
      [{ items, patch: { assignee: { userId: 'me', groupId: 'x' } } }, 400],
      [{ items: [{ id: items[0]!.id }], patch: { priority: 'High' } }, 400],
      [{ items: [items[0], items[0]], patch: { priority: 'High' } }, 422],
      [{ items, patch: { assignee: { userId: randomUUID() } } }, 422],
      [{ items, patch: { assignee: { groupId: randomUUID() } } }, 422],
    ] as const) {
      const response = await bulk('accounting', payload);
      expect(response.statusCode, `${JSON.stringify(payload.patch)} × ${payload.items.length}`).toBe(status);
      expect(response.json<ApiError>()).toMatchObject({ statusCode: status });
    }
    expect(await Promise.all(items.map((item) => historyCount(app, item.id)))).toEqual(counts);
  });
});
