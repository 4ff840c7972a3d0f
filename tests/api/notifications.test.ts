/**
 * Notifications (docs/behaviour.md "Notifications"): each event notifies each right recipient once
 * and nobody else — never the actor, and no internal comment ever notifies a requester — and the
 * list, unread filter, read one / read all, settings and mail catcher routes. The approvals' and
 * service levels' events are announced by hand on the app's bus, with the listeners wired as
 * plugins/domains.ts will wire them.
 */
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MailMessage, MailPage, NotificationPage, NotificationSettings } from '../../src/shared/notifications';
import { mailOutbox, roleGroups } from '../../src/server/db/schema';
import {
  notifyOnApprovalDecided,
  notifyOnApprovalRequested,
  notifyOnSlaBreaching,
  type NotificationSourceEvents,
} from '../../src/server/domains/notifications';
import { groupMemberIds, type AuthUser } from '../../src/server/domains/role-groups';
import type { DomainEvents } from '../../src/server/lib/domain-events';
import { notificationDeps } from '../../src/server/plugins/domains';
import { createTestApp, REAL_SCHEMAS_DIR } from './helpers/app';
import { authHeader } from './helpers/sign-in';
import { patchTicket, profileOf } from './helpers/tickets';
import { realExample } from './helpers/uploads';

const USERS = ['employee', 'accounting', 'maintenance', 'risk', 'it', 'admin'] as const;
type Username = (typeof USERS)[number];

let app: FastifyInstance;
const ids = {} as Record<Username, string>;
let bus: DomainEvents<NotificationSourceEvents>;

async function call(
  username: Username,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  payload?: Record<string, unknown>,
) {
  const headers = await authHeader(app, username);
  return payload === undefined ? app.inject({ method, url, headers }) : app.inject({ method, url, headers, payload });
}

async function page(username: Username, query = ''): Promise<NotificationPage> {
  const response = await call(username, 'GET', `/api/notifications${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<NotificationPage>();
}

/** Every user's unread notifications as `kind ticketId` strings. */
async function unreadOfAll(): Promise<Record<Username, string[]>> {
  const result = {} as Record<Username, string[]>;
  for (const user of USERS)
    result[user] = (await page(user, '?unread=true')).items.map((n) => `${n.kind} ${n.ticketId}`);
  return result;
}

/** What `act` added to each user's unread notifications. */
async function added(act: () => Promise<unknown>): Promise<Partial<Record<Username, string[]>>> {
  const before = await unreadOfAll();
  await act();
  const after = await unreadOfAll();
  const diff: Partial<Record<Username, string[]>> = {};
  for (const user of USERS) {
    const fresh = after[user].slice(0, after[user].length - before[user].length);
    if (fresh.length) diff[user] = fresh;
  }
  return diff;
}

async function readAll(): Promise<void> {
  for (const user of USERS)
    expect((await call(user, 'POST', '/api/notifications/read', { all: true })).statusCode).toBe(200);
}

/** A ResidentService request of `username` (routed to Maintenance by the seeded rule). */
async function request(username: Username): Promise<{ id: string; number: string }> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/areas/ResidentService/submissions',
    payload: await realExample(app, 'ResidentService', username),
    headers: await authHeader(app, username),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: string; number: string }>();
}

async function groupId(name: string): Promise<string> {
  const [row] = await app.db.select({ id: roleGroups.id }).from(roleGroups).where(eq(roleGroups.name, name));
  if (!row) throw new Error(`no group ${name}`);
  return row.id;
}

async function actor(username: Username): Promise<AuthUser> {
  return profileOf(app, username);
}

beforeAll(async () => {
  app = await createTestApp({ schemasDir: REAL_SCHEMAS_DIR });
  // Every user signs in once, so the groups of their token are known (group membership).
  for (const user of USERS) ids[user] = (await profileOf(app, user)).id;
  // The approvals' and service levels' events, wired as plugins/domains.ts will wire them at the merge.
  bus = app.events as unknown as DomainEvents<NotificationSourceEvents>;
  const deps = notificationDeps(app.cluster, app.config.publicUrl);
  bus.on('approvalRequested', notifyOnApprovalRequested(deps));
  bus.on('approvalDecided', notifyOnApprovalDecided(deps));
  bus.on('slaBreaching', notifyOnSlaBreaching(deps));
});
afterAll(() => app.close());

describe('who is notified of what', () => {
  let ticket: { id: string; number: string };

  it('routing assigns a new request: the assignee group members, not the requester', async () => {
    const diff = await added(async () => {
      ticket = await request('employee');
    });
    expect(diff).toEqual({ maintenance: [`assigned ${ticket.id}`] });
    const [note] = (await page('maintenance')).items;
    expect(note).toMatchObject({ number: ticket.number, area: 'ResidentService', readAt: null });
    expect(note?.title).toBe(`${ticket.number} was assigned to Maintenance`);
  });

  it('an assignee user and group set by a handler: that user and the group members, never the actor', async () => {
    expect(
      await added(async () => {
        const response = await patchTicket(app, 'maintenance', ticket.id, { assigneeUserId: ids.it });
        expect(response.statusCode, response.body).toBe(200);
      }),
    ).toEqual({ it: [`assigned ${ticket.id}`] });
    expect(
      await added(async () => {
        const response = await patchTicket(app, 'it', ticket.id, { assigneeGroupId: await groupId('Accounting') });
        expect(response.statusCode, response.body).toBe(200);
      }),
    ).toEqual({ accounting: [`assigned ${ticket.id}`] });
  });

  it('a status change: the requester only', async () => {
    expect(
      await added(async () => {
        const response = await patchTicket(app, 'it', ticket.id, { status: 'In progress' });
        expect(response.statusCode, response.body).toBe(200);
      }),
    ).toEqual({ employee: [`statusChanged ${ticket.id}`] });
    expect((await page('employee')).items[0]?.title).toBe(`Your request ${ticket.number} is now In progress`);
  });

  it('a public comment: the requester; an internal comment: nobody, the requester least of all', async () => {
    expect(
      await added(async () => {
        const response = await call('it', 'POST', `/api/tickets/${ticket.id}/comments`, { body: 'Parts ordered.' });
        expect(response.statusCode, response.body).toBe(201);
      }),
    ).toEqual({ employee: [`commented ${ticket.id}`] });
    expect((await page('employee')).items[0]?.text).toBe('Parts ordered.');
    expect(
      await added(async () => {
        const response = await call('it', 'POST', `/api/tickets/${ticket.id}/comments`, {
          body: 'Secret: the vendor overcharges.',
          isInternal: true,
        });
        expect(response.statusCode, response.body).toBe(201);
      }),
    ).toEqual({});
    const everything = await Promise.all(USERS.map((user) => page(user)));
    expect(JSON.stringify(everything)).not.toContain('Secret');
    const mail = await app.db.select({ text: mailOutbox.textBody }).from(mailOutbox);
    expect(JSON.stringify(mail)).not.toContain('Secret');
    // the requester's own comment notifies nobody (no one else asked for it)
    expect(
      await added(async () => {
        const response = await call('employee', 'POST', `/api/tickets/${ticket.id}/comments`, { body: 'Thanks!' });
        expect(response.statusCode, response.body).toBe(201);
      }),
    ).toEqual({});
  });

  it('a rating: whoever moved the ticket to Resolved, not the rater', async () => {
    expect((await patchTicket(app, 'it', ticket.id, { status: 'Resolved' })).statusCode).toBe(200);
    await readAll();
    const diff = await added(async () => {
      const response = await app.inject({
        method: 'POST',
        url: '/api/areas/TicketFeedback/submissions',
        payload: { ...(await realExample(app, 'TicketFeedback', 'employee')), ticketNumber: ticket.number, rating: 4 },
        headers: await authHeader(app, 'employee'),
      });
      expect(response.statusCode, response.body).toBe(201);
    });
    expect(diff).toEqual({ it: [`rated ${ticket.id}`] });
  });

  it('approvalRequested: the named approver, else the group members (never the requester)', async () => {
    await readAll();
    const ref = { id: ticket.id, number: ticket.number, area: 'ResidentService', requesterId: ids.employee };
    const accounting = await groupId('Accounting');
    const accountingMembers = await groupMemberIds(app.db, accounting);
    expect(
      await added(() =>
        app.db.transaction((tx) =>
          bus.emit('approvalRequested', {
            tx,
            ticket: ref,
            step: { id: 'step-1', name: 'Budget' },
            approvers: { groupId: accounting, memberIds: accountingMembers, userId: null },
          }),
        ),
      ),
    ).toEqual({ accounting: [`approvalRequested ${ticket.id}`] });
    expect(
      await added(() =>
        app.db.transaction((tx) =>
          bus.emit('approvalRequested', {
            tx,
            ticket: ref,
            step: { id: 'step-2', name: 'Director' },
            approvers: { groupId: null, memberIds: [], userId: ids.risk },
          }),
        ),
      ),
    ).toEqual({ risk: [`approvalRequested ${ticket.id}`] });
    // the requester in the approvers' group is not asked to approve their own request
    const employees = await groupId('Employees');
    const employeeMembers = await groupMemberIds(app.db, employees);
    const diff = await added(() =>
      app.db.transaction((tx) =>
        bus.emit('approvalRequested', {
          tx,
          ticket: ref,
          step: { id: 'step-3', name: 'Everyone' },
          approvers: { groupId: employees, memberIds: employeeMembers, userId: null },
        }),
      ),
    );
    expect(diff.employee).toBeUndefined();
    expect(Object.keys(diff).sort()).toEqual(USERS.filter((u) => u !== 'employee').sort());
  });

  it('approvalDecided: the requester once final, never the approver', async () => {
    await readAll();
    const ref = { id: ticket.id, number: ticket.number, area: 'ResidentService', requesterId: ids.employee };
    const decide = (decision: 'approve' | 'reject', final: boolean, step: string) =>
      added(async () => {
        const approver = await actor('accounting');
        await app.db.transaction((tx) =>
          bus.emit('approvalDecided', {
            tx,
            ticket: ref,
            step: { id: step, name: 'Budget' },
            decision,
            comment: 'Within budget.',
            actor: approver,
            final,
          }),
        );
      });
    expect(await decide('approve', false, 'step-a')).toEqual({});
    expect(await decide('approve', true, 'step-b')).toEqual({ employee: [`approvalDecided ${ticket.id}`] });
    expect(await decide('reject', true, 'step-c')).toEqual({ employee: [`approvalDecided ${ticket.id}`] });
    expect((await page('employee')).items[0]?.title).toBe(`Your request ${ticket.number} was rejected`);
  });

  it('slaBreaching: the assignee user, else the assignee group members; once per state and due time', async () => {
    await readAll();
    const sla = (assigneeUserId: string | null, assigneeGroupId: string | null, state: 'breaching' | 'breached') =>
      added(() =>
        app.db.transaction((tx) =>
          bus.emit('slaBreaching', {
            tx,
            ticket: { id: ticket.id, number: ticket.number, area: 'ResidentService', assigneeUserId, assigneeGroupId },
            target: 'resolution',
            dueAt: '2026-01-02T10:00:00.000Z',
            state,
          }),
        ),
      );
    const maintenance = await groupId('Maintenance');
    expect(await sla(ids.it, maintenance, 'breaching')).toEqual({ it: [`slaBreaching ${ticket.id}`] });
    expect(await sla(ids.it, maintenance, 'breaching')).toEqual({});
    expect(await sla(null, maintenance, 'breached')).toEqual({ maintenance: [`slaBreaching ${ticket.id}`] });
  });
});

describe('reading notifications', () => {
  it('lists newest first with an unread filter, cursor pages, read one, read all; only one’s own', async () => {
    await readAll();
    for (let n = 0; n < 27; n += 1) await request('employee');
    const first = await page('maintenance', '?unread=true');
    expect(first.unreadCount).toBe(27);
    expect(first.items).toHaveLength(25);
    const times = first.items.map((item) => item.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    expect(first.nextCursor).not.toBeNull();
    const second = await page('maintenance', `?unread=true&cursor=${first.nextCursor}`);
    expect(second.items).toHaveLength(2);
    expect(second.nextCursor).toBeNull();
    expect(new Set([...first.items, ...second.items].map((item) => item.id)).size).toBe(27);

    const [one] = first.items;
    // someone else cannot mark it
    expect((await call('it', 'POST', '/api/notifications/read', { ids: [one?.id] })).statusCode).toBe(200);
    expect((await page('maintenance')).unreadCount).toBe(27);
    const marked = await call('maintenance', 'POST', '/api/notifications/read', { ids: [one?.id] });
    expect(marked.json()).toEqual({ unreadCount: 26 });
    const unread = await page('maintenance', '?unread=true');
    expect(unread.items.map((item) => item.id)).not.toContain(one?.id);
    const all = await page('maintenance', '?unread=false');
    expect(all.items.find((item) => item.id === one?.id)?.readAt).not.toBeNull();

    expect((await call('maintenance', 'POST', '/api/notifications/read', { all: true })).json()).toEqual({
      unreadCount: 0,
    });
    expect((await page('maintenance', '?unread=true')).items).toEqual([]);
    expect((await call('maintenance', 'GET', '/api/notifications?cursor=nonsense')).statusCode).toBe(400);
    expect((await call('maintenance', 'POST', '/api/notifications/read', { all: false })).statusCode).toBe(400);
  });
});

/** Reads `response` (an open stream): each call resolves with the next `unread` event's count. */
function countsOf(response: Response): () => Promise<number> {
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  return async () => {
    for (;;) {
      const match = /event: unread\ndata: (\{[^\n]*\})\n\n/.exec(buffer);
      if (match) {
        buffer = buffer.slice(match.index + match[0].length);
        return (JSON.parse(match[1] ?? '{}') as { unreadCount: number }).unreadCount;
      }
      const { done, value } = await reader.read();
      if (done) throw new Error('the stream ended');
      buffer += value;
    }
  };
}

describe.skipIf(!process.env.TEST_DATABASE_URL)('two API nodes on one PostgreSQL', () => {
  it('a stream on one node hears of a notification written on the other', async () => {
    await readAll();
    const other = await createTestApp({ schemasDir: REAL_SCHEMAS_DIR, database: app.config.database });
    try {
      const address = await other.listen({ port: 0, host: '127.0.0.1' });
      const controller = new AbortController();
      const response = await fetch(`${address}/api/notifications/stream`, {
        headers: { ...(await authHeader(other, 'maintenance')), accept: 'text/event-stream' },
        signal: controller.signal,
      });
      const nextCount = countsOf(response);
      expect(await nextCount()).toBe(0);
      await request('employee'); // on the first node
      expect(await nextCount()).toBe(1);
      controller.abort();
    } finally {
      await other.close();
    }
  });
});

describe('the unread-count stream', () => {
  it('pushes the count at once and after each change; 406 without Accept: text/event-stream', async () => {
    await readAll();
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const headers = await authHeader(app, 'maintenance');
    const refused = await fetch(`${address}/api/notifications/stream`, { headers });
    expect(refused.status).toBe(406);
    const controller = new AbortController();
    const response = await fetch(`${address}/api/notifications/stream`, {
      headers: { ...headers, accept: 'text/event-stream' },
      signal: controller.signal,
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    const nextCount = countsOf(response);
    expect(await nextCount()).toBe(0);
    await request('employee');
    expect(await nextCount()).toBe(1);
    await call('maintenance', 'POST', '/api/notifications/read', { all: true });
    expect(await nextCount()).toBe(0);
    controller.abort();
  });
});

describe('e-mail settings and the mail catcher', () => {
  it('a kind switched off writes the notification but no mail', async () => {
    const before = await call('employee', 'GET', '/api/notification-settings');
    expect(before.json<NotificationSettings>().email.commented).toBe(true);
    const saved = await call('employee', 'PUT', '/api/notification-settings', { email: { commented: false } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<NotificationSettings>().email).toMatchObject({ commented: false, statusChanged: true });
    const ticket = await request('employee');
    const outboxOf = async () =>
      (
        await app.db
          .select({ key: mailOutbox.eventKey })
          .from(mailOutbox)
          .where(and(eq(mailOutbox.userId, ids.employee)))
      ).map((row) => row.key);
    const mailBefore = await outboxOf();
    expect(
      await added(async () => {
        const response = await call('maintenance', 'POST', `/api/tickets/${ticket.id}/comments`, {
          body: 'On our way.',
        });
        expect(response.statusCode, response.body).toBe(201);
      }),
    ).toEqual({ employee: [`commented ${ticket.id}`] });
    expect(await outboxOf()).toEqual(mailBefore);
    expect((await patchTicket(app, 'maintenance', ticket.id, { status: 'In progress' })).statusCode).toBe(200);
    expect((await outboxOf()).length).toBe(mailBefore.length + 1);
    expect(
      (await call('employee', 'PUT', '/api/notification-settings', { email: { commented: 'no' } })).statusCode,
    ).toBe(400);
  });

  it('administrators read the outbox on the mail catcher; others get 403', async () => {
    const list = await call('admin', 'GET', '/api/mail');
    expect(list.statusCode, list.body).toBe(200);
    const mail = list.json<MailPage>();
    expect(mail.items.length).toBeGreaterThan(0);
    const newest = mail.items[0];
    expect(newest?.to).toBe('employee@tm.example');
    const one = await call('admin', 'GET', `/api/mail/${newest?.id}`);
    expect(one.statusCode, one.body).toBe(200);
    const message = one.json<MailMessage>();
    expect(message.text).toContain('http://localhost/Tickets/comments/');
    expect(message.html).toContain('<a href="http://localhost/Tickets/comments/');
    expect((await call('employee', 'GET', '/api/mail')).statusCode).toBe(403);
    expect((await call('maintenance', 'GET', `/api/mail/${newest?.id}`)).statusCode).toBe(403);
    expect((await call('admin', 'GET', '/api/mail/999999999')).statusCode).toBe(404);
  });
});
