import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TICKET_STATUSES, type TicketStatus } from '../../src/shared/submission';
import { allowedNextStatuses, type AssigneeOptions, type Ticket, type TicketRole } from '../../src/shared/tickets';
import { createTestApp } from './helpers/app';
import { authHeader } from './helpers/sign-in';
import { createApTicket, forceStatus, getTicket, historyCount, patchTicket, profileOf } from './helpers/tickets';

describe('PATCH /api/tickets/:id', () => {
  let app: FastifyInstance;
  let ticketId: string;

  beforeAll(async () => {
    app = await createTestApp();
    ticketId = await createApTicket(app, 'employee', 'workflow');
  });
  afterAll(() => app.close());

  const ACTORS: [string, TicketRole[]][] = [
    ['accounting', ['handler']],
    ['employee', ['requester']],
  ];

  describe.each(ACTORS)('transition table as %s', (username, roles) => {
    // The table ends on Rejected, which takes no edit: leave the ticket as the table did before it.
    afterAll(() => forceStatus(app, ticketId, 'Closed'));
    it.each(TICKET_STATUSES)(
      'from %s: legal moves answer 200, every other move 409 with the allowed list',
      async (from) => {
        const allowed = allowedNextStatuses(from, roles);
        for (const to of TICKET_STATUSES) {
          await forceStatus(app, ticketId, from);
          const before = await historyCount(app, ticketId);
          const response = await patchTicket(app, username, ticketId, { status: to });
          if (to === from) {
            expect(response.statusCode, `${from} → ${to}`).toBe(200);
            expect(await historyCount(app, ticketId)).toBe(before);
          } else if (allowed.includes(to)) {
            expect(response.statusCode, `${from} → ${to}: ${response.body}`).toBe(200);
            expect(response.json<Ticket>().status).toBe(to);
            expect(await historyCount(app, ticketId)).toBe(before + 1);
          } else {
            expect(response.statusCode, `${from} → ${to}: ${response.body}`).toBe(409);
            expect(response.json<{ allowed: TicketStatus[] }>().allowed).toEqual(allowed);
            expect((await getTicket(app, 'admin', ticketId)).ticket.status).toBe(from);
            expect(await historyCount(app, ticketId)).toBe(before);
          }
        }
      },
    );
  });

  it('answers 404 to a handler of another department and to another employee, changing nothing', async () => {
    const before = await getTicket(app, 'admin', ticketId);
    for (const username of ['maintenance', 'it']) {
      expect((await getTicket(app, username, ticketId)).statusCode).toBe(404);
      const response = await patchTicket(app, username, ticketId, { priority: 'Urgent' }, before.etag);
      expect(response.statusCode).toBe(404);
    }
    expect((await getTicket(app, 'admin', ticketId)).ticket.version).toBe(before.ticket.version);
  });

  it('refuses fields the requester may not set with 403 naming the field', async () => {
    for (const [field, value] of [
      ['priority', 'Urgent'],
      ['dueAt', '2030-01-01T00:00:00Z'],
      ['assigneeUserId', null],
    ] as const) {
      const response = await patchTicket(app, 'employee', ticketId, { [field]: value });
      expect(response.statusCode).toBe(403);
      expect(response.json<{ message: string }>().message).toContain(field);
    }
  });

  it('needs the version read: 428 without If-Match or version, and the body version works like If-Match', async () => {
    const headers = await authHeader(app, 'accounting');
    const missing = await app.inject({
      method: 'PATCH',
      url: `/api/tickets/${ticketId}`,
      payload: { priority: 'High' },
      headers,
    });
    expect(missing.statusCode).toBe(428);
    const { ticket } = await getTicket(app, 'accounting', ticketId);
    const stale = await app.inject({
      method: 'PATCH',
      url: `/api/tickets/${ticketId}`,
      payload: { priority: 'High', version: ticket.version - 1 },
      headers,
    });
    expect(stale.statusCode).toBe(412);
    const fresh = await app.inject({
      method: 'PATCH',
      url: `/api/tickets/${ticketId}`,
      payload: { priority: 'High', version: ticket.version },
      headers,
    });
    expect(fresh.statusCode, fresh.body).toBe(200);
    expect(fresh.headers.etag).toBe(`"v${ticket.version + 1}"`);
  });

  it('lets two writers with one ETag race: one 200, one 412, the loser overwrote nothing', async () => {
    const { etag, ticket } = await getTicket(app, 'accounting', ticketId);
    const before = await historyCount(app, ticketId);
    const [a, b] = await Promise.all([
      patchTicket(app, 'accounting', ticketId, { priority: 'Low' }, etag),
      patchTicket(app, 'admin', ticketId, { priority: 'Urgent', dueAt: '2031-05-01T09:00:00Z' }, etag),
    ]);
    const codes = [a.statusCode, b.statusCode].sort();
    expect(codes).toEqual([200, 412]);
    const winner = a.statusCode === 200 ? 'Low' : 'Urgent';
    const after = await getTicket(app, 'admin', ticketId);
    expect(after.ticket.priority).toBe(winner);
    expect(after.ticket.dueAt).toBe(winner === 'Urgent' ? '2031-05-01T09:00:00.000Z' : ticket.dueAt);
    expect(after.ticket.version).toBe(ticket.version + 1);
    expect(await historyCount(app, ticketId)).toBe(before + 1);
  });

  it('assigns a New ticket to a user and a group: status becomes Assigned, one history row with both diffs', async () => {
    const id = await createApTicket(app, 'employee', 'assign');
    const options = (
      await app.inject({ url: '/api/tickets/assignees', headers: await authHeader(app, 'accounting') })
    ).json<AssigneeOptions>();
    const group = options.groups.find((g) => g.name === 'Accounting');
    const me = await profileOf(app, 'accounting');
    const response = await patchTicket(app, 'accounting', id, { assigneeUserId: me.id, assigneeGroupId: group?.id });
    expect(response.statusCode, response.body).toBe(200);
    const ticket = response.json<Ticket>();
    expect(ticket.status).toBe('Assigned');
    expect(ticket.assigneeUser?.name).toBe(me.name);
    expect(ticket.assigneeGroup?.name).toBe('Accounting');
    expect(await historyCount(app, id)).toBe(2);
    const unknown = await patchTicket(app, 'accounting', id, {
      assigneeUserId: '00000000-0000-4000-8000-000000000000',
    });
    expect(unknown.statusCode).toBe(422);
    // JSON null clears an assignee (Fastify's type coercion must not turn it into "")
    const cleared = await patchTicket(app, 'accounting', id, { assigneeGroupId: null });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json<Ticket>().assigneeGroup).toBeNull();
    expect(cleared.json<Ticket>().assigneeUser?.name).toBe(me.name);
  });

  it('lets a handler assigned through a role group read the ticket without the area scope', async () => {
    const id = await createApTicket(app, 'employee', 'routed');
    expect((await getTicket(app, 'maintenance', id)).statusCode).toBe(404);
    const options = (
      await app.inject({ url: '/api/tickets/assignees', headers: await authHeader(app, 'admin') })
    ).json<AssigneeOptions>();
    const maintenance = options.groups.find((g) => g.name === 'Maintenance');
    expect((await patchTicket(app, 'admin', id, { assigneeGroupId: maintenance?.id })).statusCode).toBe(200);
    const read = await getTicket(app, 'maintenance', id);
    expect(read.statusCode).toBe(200);
    expect(read.ticket.allowed?.nextStatuses).toEqual(allowedNextStatuses('Assigned', ['handler']));
    const area = await app.inject({
      url: `/api/areas/AP/submissions/${id}`,
      headers: await authHeader(app, 'maintenance'),
    });
    expect(area.statusCode).toBe(200);
  });
});
