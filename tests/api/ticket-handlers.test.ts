/**
 * Handlers per ticket, never by scope alone (docs/behaviour.md "Ticket handlers"): with the real
 * form areas, the Accounting handler (`tickets:work`) files a Technology request, which the seeded
 * rule routes to the IT role group. On it Accounting is only the requester: IT's internal comments
 * (comment list, history, their files) stay hidden, every handler field answers 403, the handlers'
 * status steps 409; IT, which reads the area and is the assignee group, keeps every right. A role
 * group's member handles what is assigned to the group, whatever its area.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiError } from '../../src/shared/api-error';
import type { ChangePage, Ticket, TicketComment } from '../../src/shared/tickets';
import { createTestApp, REAL_SCHEMAS_DIR } from './helpers/app';
import { multipartBody, PNG_1X1 } from './helpers/multipart';
import { authHeader } from './helpers/sign-in';
import { getTicket, historyCount, patchTicket, profileOf } from './helpers/tickets';

describe('handler rights come from the ticket, not from tickets:work alone', () => {
  let app: FastifyInstance;
  let request: Record<string, unknown>;
  /** Accounting's Technology request, routed to IT, with an internal and a public comment by IT. */
  let ticket: Ticket;
  let internalFile = '';

  async function submit(username: string): Promise<Ticket> {
    const response = await app.inject({
      method: 'POST',
      url: '/api/areas/TechnologyRequest/submissions',
      payload: request,
      headers: await authHeader(app, username),
    });
    expect(response.statusCode, response.body).toBe(201);
    return (await getTicket(app, 'admin', response.json<{ id: string }>().id)).ticket;
  }

  async function comment(username: string, id: string, body: Record<string, unknown>) {
    return app.inject({
      method: 'POST',
      url: `/api/tickets/${id}/comments`,
      payload: body,
      headers: await authHeader(app, username),
    });
  }

  async function comments(username: string, id: string): Promise<TicketComment[]> {
    const response = await app.inject({ url: `/api/tickets/${id}/comments`, headers: await authHeader(app, username) });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<TicketComment[]>();
  }

  async function history(username: string, query: string): Promise<ChangePage['items']> {
    const response = await app.inject({ url: `/api/changes?${query}`, headers: await authHeader(app, username) });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<ChangePage>().items;
  }

  beforeAll(async () => {
    app = await createTestApp({ schemasDir: REAL_SCHEMAS_DIR });
    request = JSON.parse(await readFile(join(REAL_SCHEMAS_DIR, 'TechnologyRequest', 'example.json'), 'utf8')) as Record<
      string,
      unknown
    >;
    // A change of an account needs no IT approval (schemas/TechnologyRequest/area.json): routed at once.
    request.requestType = 'Account change or removal';
    ticket = await submit('accounting');
    const { payload, headers } = multipartBody([{ fileName: 'it-notes.png', content: PNG_1X1 }]);
    const uploaded = await app.inject({
      method: 'POST',
      url: '/api/attachments',
      payload,
      headers: { ...(await authHeader(app, 'it')), ...headers },
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    internalFile = uploaded.json<{ id: string }>().id;
    const internal = await comment('it', ticket.id, {
      body: 'Licence count is low; check before approving.',
      isInternal: true,
      attachmentIds: [internalFile],
    });
    expect(internal.statusCode, internal.body).toBe(201);
    expect((await comment('it', ticket.id, { body: 'We are on it.' })).statusCode).toBe(201);
  });
  afterAll(() => app.close());

  it('routes the request to the IT group (the situation under test)', () => {
    expect(ticket).toMatchObject({ status: 'Assigned', assigneeGroup: { name: 'IT' }, assigneeUser: null });
    expect(ticket.requester.name).toBe('Alex Accounting');
  });

  it('tells Accounting it is only the requester, and IT that it handles the ticket', async () => {
    const asRequester = await getTicket(app, 'accounting', ticket.id);
    expect(asRequester.ticket.allowed).toMatchObject({
      roles: ['requester'],
      nextStatuses: [],
      fields: ['status'],
      canCommentInternal: false,
    });
    const asHandler = await getTicket(app, 'it', ticket.id);
    expect(asHandler.ticket.allowed).toMatchObject({
      roles: ['handler'],
      nextStatuses: ['In progress', 'Closed'],
      fields: ['status', 'priority', 'assigneeUserId', 'assigneeGroupId', 'dueAt'],
      canCommentInternal: true,
    });
  });

  it('hides the internal comment from the requester in the comment list, and shows it to IT', async () => {
    expect((await comments('accounting', ticket.id)).map((c) => c.isInternal)).toEqual([false]);
    expect((await comments('it', ticket.id)).map((c) => c.isInternal)).toEqual([true, false]);
  });

  it('hides the internal comment from the requester in the history, filtered or not', async () => {
    const actions = (items: ChangePage['items']) =>
      items.filter((entry) => entry.entityId === ticket.id).map((entry) => entry.action);
    expect(actions(await history('accounting', `ticket=${ticket.id}`))).not.toContain('commented_internal');
    expect(actions(await history('accounting', 'limit=100'))).toEqual(
      expect.arrayContaining(['commented', 'assigned', 'created']),
    );
    expect(actions(await history('accounting', 'limit=100'))).not.toContain('commented_internal');
    expect(actions(await history('it', `ticket=${ticket.id}`))).toContain('commented_internal');
  });

  it("hides the internal comment's file from the requester (404), not from IT", async () => {
    const read = async (username: string) =>
      (await app.inject({ url: `/api/attachments/${internalFile}`, headers: await authHeader(app, username) }))
        .statusCode;
    expect(await read('accounting')).toBe(404);
    expect(await read('it')).toBe(200);
  });

  it.each([
    ['priority', 'priority', () => 'High'],
    ['dueAt', 'due date', () => '2030-01-31T17:00:00.000Z'],
    ['assigneeUserId', 'assignee (user)', (app: FastifyInstance) => profileOf(app, 'it').then((p) => p.id)],
    ['assigneeGroupId', 'assignee (role group)', (_app: FastifyInstance, t: Ticket) => t.assigneeGroup?.id ?? null],
  ] as const)('refuses %s to the requester with 403, and lets IT set it', async (field, label, value) => {
    const fresh = await submit('accounting');
    const body = { [field]: await value(app, fresh) };
    const before = await historyCount(app, fresh.id);
    const refused = await patchTicket(app, 'accounting', fresh.id, body);
    expect(refused.statusCode, refused.body).toBe(403);
    expect(refused.json<ApiError>()).toEqual({
      statusCode: 403,
      error: 'forbidden',
      message: `You may not set the ${label} of this ticket (field "${field}").`,
    });
    expect(await historyCount(app, fresh.id)).toBe(before);
    // the group is already IT's: IT sets another value (or clears it)
    const handled = await patchTicket(app, 'it', fresh.id, field === 'assigneeGroupId' ? { [field]: null } : body);
    expect(handled.statusCode, handled.body).toBe(200);
  });

  it('refuses an internal comment by the requester with 403', async () => {
    const response = await comment('accounting', ticket.id, { body: 'Note to myself', isInternal: true });
    expect(response.statusCode).toBe(403);
    expect(response.json<ApiError>()).toEqual({
      statusCode: 403,
      error: 'forbidden',
      message: 'Only handlers may post internal comments.',
    });
  });

  it('lets only IT work and resolve it; the requester may then close it', async () => {
    const fresh = await submit('accounting');
    const start = await patchTicket(app, 'accounting', fresh.id, { status: 'In progress' });
    expect(start.statusCode).toBe(409);
    expect(start.json()).toMatchObject({ error: 'illegal_transition', allowed: [] });
    expect((await patchTicket(app, 'it', fresh.id, { status: 'In progress' })).statusCode).toBe(200);
    const resolve = await patchTicket(app, 'accounting', fresh.id, { status: 'Resolved' });
    expect(resolve.statusCode).toBe(409);
    expect(resolve.json()).toMatchObject({
      statusCode: 409,
      error: 'illegal_transition',
      message: 'A ticket cannot move from In progress to Resolved by you. Allowed: none.',
      allowed: [],
    });
    expect((await patchTicket(app, 'it', fresh.id, { status: 'Resolved' })).statusCode).toBe(200);
    expect((await patchTicket(app, 'accounting', fresh.id, { status: 'Closed' })).statusCode).toBe(200);
  });

  it("makes the members of the assignee group its handlers, whatever the area, and nobody else's", async () => {
    const fresh = await submit('employee');
    expect((await getTicket(app, 'it', fresh.id)).ticket.allowed?.roles).toEqual(['handler']);
    expect((await getTicket(app, 'maintenance', fresh.id)).statusCode).toBe(404);
    const groups = await app.inject({ url: '/api/tickets/assignees', headers: await authHeader(app, 'it') });
    const group = groups
      .json<{ groups: { id: string; name: string }[] }>()
      .groups.find((g) => g.name === 'Maintenance');
    if (!group) throw new Error('no Maintenance group');
    expect((await patchTicket(app, 'it', fresh.id, { assigneeGroupId: group.id })).statusCode).toBe(200);
    const asMember = await getTicket(app, 'maintenance', fresh.id);
    expect(asMember.statusCode).toBe(200);
    expect(asMember.ticket.allowed).toMatchObject({ roles: ['handler'], canCommentInternal: true });
    expect((await comment('maintenance', fresh.id, { body: 'Parts ordered.', isInternal: true })).statusCode).toBe(201);
    expect((await comments('maintenance', fresh.id)).map((c) => c.isInternal)).toEqual([true]);
    expect((await comments('employee', fresh.id)).map((c) => c.isInternal)).toEqual([]);
    // IT still reads the whole area and handles it; Accounting sees nothing of it
    expect((await getTicket(app, 'it', fresh.id)).ticket.allowed?.roles).toEqual(['handler']);
    expect((await getTicket(app, 'accounting', fresh.id)).statusCode).toBe(404);
  });
});
