/**
 * Ticket feedback (docs/behaviour.md "Ticket feedback"): a resolved ticket's requester is offered the
 * TicketFeedback form pre-linked to it; one feedback per ticket, only from the requester, only
 * once Resolved or Closed; the rating shows on the ticket and in its history. Real schemas/.
 */
import { readFileSync } from 'node:fs';
import { and, count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ValidationErrorBody } from '../../src/shared/api-error';
import type { JsonObject } from '../../src/shared/json';
import { plainTextDocument } from '../../src/shared/rich-text';
import type { MyActivity } from '../../src/shared/activity';
import type { ChangePage, TicketComment, TicketCounts, TicketPage } from '../../src/shared/tickets';
import { changes, ticketFeedback } from '../../src/server/db/schema';
import { createTestApp, REAL_SCHEMAS_DIR } from './helpers/app';
import { countSubmissions } from './helpers/data';
import { authHeader } from './helpers/sign-in';
import { forceStatus, getTicket } from './helpers/tickets';
import { realExample } from './helpers/uploads';

const example = (area: string) =>
  JSON.parse(readFileSync(`${REAL_SCHEMAS_DIR}/${area}/example.json`, 'utf8')) as JsonObject;

let app: FastifyInstance;

/** A ResidentService ticket requested by `username`; returns id and number. */
async function createTicket(username: string): Promise<{ id: string; number: string }> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/areas/ResidentService/submissions',
    payload: await realExample(app, 'ResidentService', username),
    headers: await authHeader(app, username),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: string; number: string }>();
}

async function resolvedTicket(username = 'employee') {
  const ticket = await createTicket(username);
  await forceStatus(app, ticket.id, 'Resolved');
  return ticket;
}

function rate(username: string, ticketNumber: string, rating = 4, extra: JsonObject = {}) {
  return authHeader(app, username).then((headers) =>
    app.inject({
      method: 'POST',
      url: '/api/areas/TicketFeedback/submissions',
      payload: { ...example('TicketFeedback'), ticketNumber, rating, ...extra },
      headers,
    }),
  );
}

/** The ticket's comments as `username` reads them. */
async function commentsOf(username: string, ticketId: string): Promise<TicketComment[]> {
  const response = await app.inject({
    url: `/api/tickets/${ticketId}/comments`,
    headers: await authHeader(app, username),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<TicketComment[]>();
}

async function feedbackHistory(ticketId: string): Promise<number> {
  const [row] = await app.db
    .select({ n: count() })
    .from(changes)
    .where(and(eq(changes.entityId, ticketId), eq(changes.action, 'feedback')));
  return row?.n ?? 0;
}

async function linkRows(ticketId: string): Promise<number> {
  const [row] = await app.db.select({ n: count() }).from(ticketFeedback).where(eq(ticketFeedback.ticketId, ticketId));
  return row?.n ?? 0;
}

/** Posts a feedback expected to be refused on the ticket field; checks nothing was stored. */
async function expectRefused(username: string, number: string, message: RegExp) {
  const before = await countSubmissions(app, 'TicketFeedback');
  const response = await rate(username, number);
  expect(response.statusCode, response.body).toBe(422);
  const errors = response.json<ValidationErrorBody>().errors;
  expect(errors).toHaveLength(1);
  expect(errors[0]?.path).toBe('/ticketNumber');
  expect(errors[0]?.message).toMatch(message);
  expect(await countSubmissions(app, 'TicketFeedback')).toBe(before);
}

beforeAll(async () => {
  app = await createTestApp({ schemasDir: REAL_SCHEMAS_DIR });
});
afterAll(() => app?.close());

describe('GET /api/tickets/:id offers the feedback form', () => {
  it('to the requester of a Resolved ticket only, pre-linked to its number', async () => {
    const ticket = await createTicket('employee');
    expect((await getTicket(app, 'employee', ticket.id)).ticket.allowed?.feedbackForm).toBeNull();
    await forceStatus(app, ticket.id, 'Resolved');
    const read = await getTicket(app, 'employee', ticket.id);
    expect(read.ticket.feedback).toBeNull();
    expect(read.ticket.allowed?.feedbackForm).toBe(`/TicketFeedback/Form?ticket=${ticket.number}`);
    expect((await getTicket(app, 'maintenance', ticket.id)).ticket.allowed?.feedbackForm).toBeNull();
  });
});

describe('POST /api/areas/TicketFeedback/submissions', () => {
  it('refuses a ticket that does not exist (422 on ticketNumber, nothing stored)', async () => {
    await expectRefused('employee', 'ResidentService-999999', /no ticket ResidentService-999999 that you can see/);
  });

  it('refuses another user’s ticket the submitter cannot read, with the same message', async () => {
    const other = await resolvedTicket('accounting');
    await expectRefused('employee', other.number, new RegExp(`no ticket ${other.number} that you can see`));
    expect(await linkRows(other.id)).toBe(0);
  });

  it('refuses a ticket the submitter can read but did not request', async () => {
    const ticket = await resolvedTicket('employee');
    await expectRefused('admin', ticket.number, /Only the requester/);
  });

  it('refuses a ticket that is not Resolved or Closed', async () => {
    const ticket = await createTicket('employee');
    await forceStatus(app, ticket.id, 'In progress');
    await expectRefused(
      'employee',
      ticket.number,
      /is In progress: a ticket can be rated once it is Resolved or Closed/,
    );
  });

  it('stores the feedback, shows the rating on the ticket and adds one history entry to it', async () => {
    const ticket = await resolvedTicket('employee');
    const before = await getTicket(app, 'employee', ticket.id);
    const response = await rate('employee', ticket.number, 4);
    expect(response.statusCode, response.body).toBe(201);
    const feedback = response.json<{ id: string; number: string }>();
    const after = await getTicket(app, 'employee', ticket.id);
    expect(after.ticket.feedback).toEqual({
      id: feedback.id,
      area: 'TicketFeedback',
      number: feedback.number,
      rating: 4,
    });
    expect(after.ticket.allowed?.feedbackForm).toBeNull();
    expect(after.etag).toBe(before.etag);
    expect(await feedbackHistory(ticket.id)).toBe(1);
    const history = await app.inject({
      url: `/api/changes?ticket=${ticket.id}`,
      headers: await authHeader(app, 'employee'),
    });
    expect(history.json<ChangePage>().items[0]).toMatchObject({
      action: 'feedback',
      diff: { feedback: { from: null, to: { number: feedback.number, rating: 4 } } },
    });
    // The handler sees the rating too.
    expect((await getTicket(app, 'maintenance', ticket.id)).ticket.feedback?.rating).toBe(4);
  });

  it('shows the rating in the ticket list and its CSV export', async () => {
    const ticket = await resolvedTicket('employee');
    const listed = async () => {
      const response = await app.inject({
        url: `/api/tickets?q=${ticket.number}`,
        headers: await authHeader(app, 'maintenance'),
      });
      return response.json<TicketPage>().items.find((t) => t.id === ticket.id);
    };
    expect((await listed())?.rating).toBeNull();
    expect((await rate('employee', ticket.number, 3)).statusCode).toBe(201);
    expect((await listed())?.rating).toBe(3);
    // a number typed in another case finds the ticket too (area keys keep their own case in numbers)
    const typed = await app.inject({
      url: `/api/tickets?q=${ticket.number.toLowerCase()}`,
      headers: await authHeader(app, 'maintenance'),
    });
    expect(typed.json<TicketPage>().items.map((t) => t.id)).toEqual([ticket.id]);
    const inArea = await app.inject({
      url: `/api/areas/ResidentService/submissions?q=${ticket.number.toUpperCase()}`,
      headers: await authHeader(app, 'maintenance'),
    });
    expect(inArea.json<{ items: { id: string }[] }>().items.map((t) => t.id)).toEqual([ticket.id]);
    const csv = await app.inject({
      url: `/api/tickets/export.csv?q=${ticket.number}`,
      headers: await authHeader(app, 'maintenance'),
    });
    const [header, line] = csv.body.trim().split('\r\n');
    const column = header?.split(',').indexOf('Rating') ?? -1;
    expect(column).toBeGreaterThan(0);
    expect(line?.split(',')[column]).toBe('3');
  });

  it('accepts a Closed ticket', async () => {
    const ticket = await createTicket('employee');
    await forceStatus(app, ticket.id, 'Closed');
    const response = await rate('employee', ticket.number, 2);
    expect(response.statusCode, response.body).toBe(201);
    expect((await getTicket(app, 'employee', ticket.id)).ticket.feedback?.rating).toBe(2);
  });

  it('refuses a second feedback for the same ticket', async () => {
    const ticket = await resolvedTicket('employee');
    expect((await rate('employee', ticket.number)).statusCode).toBe(201);
    await expectRefused('employee', ticket.number, new RegExp(`${ticket.number} has already been rated`));
    expect(await linkRows(ticket.id)).toBe(1);
    expect(await feedbackHistory(ticket.id)).toBe(1);
  });

  it('stores exactly one of two concurrent feedbacks for one ticket; the other gets 422', async () => {
    const ticket = await resolvedTicket('employee');
    const before = await countSubmissions(app, 'TicketFeedback');
    const answers = await Promise.all([rate('employee', ticket.number, 5), rate('employee', ticket.number, 1)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 422]);
    const loser = answers.find((a) => a.statusCode === 422);
    expect(loser?.json<ValidationErrorBody>().errors[0]?.path).toBe('/ticketNumber');
    expect(await countSubmissions(app, 'TicketFeedback')).toBe(before + 1);
    expect(await linkRows(ticket.id)).toBe(1);
    expect(await feedbackHistory(ticket.id)).toBe(1);
  });

  it('has the one-feedback-per-ticket rule in the database itself', async () => {
    const ticket = await resolvedTicket('employee');
    const first = (await rate('employee', ticket.number)).json<{ id: string }>();
    const second = await createTicket('employee');
    // A second link for the same ticket, written past the API's own check, is refused by the primary key.
    await expect(
      app.db.insert(ticketFeedback).values({ ticketId: ticket.id, feedbackSubmissionId: second.id, rating: 3 }),
    ).rejects.toThrow();
    await expect(
      app.db.insert(ticketFeedback).values({ ticketId: second.id, feedbackSubmissionId: first.id, rating: 3 }),
    ).rejects.toThrow();
  });
});

describe('a feedback that asks to reopen the ticket (area.json ratesTicket.reopenField)', () => {
  const reopen = { reopenRequested: true, reopenReason: 'The leak is back under the sink.' };

  it('reopens a Resolved ticket (→ In progress, version + 1) and posts the reason as the requester’s public comment', async () => {
    const ticket = await resolvedTicket('employee');
    const before = await getTicket(app, 'employee', ticket.id);
    const response = await rate('employee', ticket.number, 2, { ...reopen, comments: 'Not fixed.' });
    expect(response.statusCode, response.body).toBe(201);
    const feedback = response.json<{ number: string }>();

    const after = await getTicket(app, 'maintenance', ticket.id);
    expect(after.ticket.status).toBe('In progress');
    expect(after.ticket.version).toBe(before.ticket.version + 1);
    expect(after.ticket.feedback?.rating).toBe(2);
    const text = `Reopen requested in feedback ${feedback.number}: The leak is back under the sink.`;
    for (const reader of ['employee', 'maintenance']) {
      const comments = await commentsOf(reader, ticket.id);
      expect(comments).toHaveLength(1);
      expect(comments[0]).toMatchObject({ isInternal: false, author: { name: 'Emma Employee' } });
      expect(comments[0]?.body).toEqual(plainTextDocument(text));
    }
    expect(await feedbackHistory(ticket.id)).toBe(1);
    const history = await app.inject({
      url: `/api/changes?ticket=${ticket.id}`,
      headers: await authHeader(app, 'employee'),
    });
    expect(history.json<ChangePage>().items[0]).toMatchObject({
      action: 'feedback',
      diff: { status: { from: 'Resolved', to: 'In progress' }, comment: { from: null, to: { isInternal: false } } },
    });
  });

  it('leaves a Closed ticket closed (only handlers reopen it) but still posts the request for them', async () => {
    const ticket = await createTicket('employee');
    await forceStatus(app, ticket.id, 'Closed');
    const before = await getTicket(app, 'employee', ticket.id);
    const response = await rate('employee', ticket.number, 3, reopen);
    expect(response.statusCode, response.body).toBe(201);
    const after = await getTicket(app, 'maintenance', ticket.id);
    expect(after.ticket.status).toBe('Closed');
    expect(after.ticket.version).toBe(before.ticket.version);
    expect((await commentsOf('maintenance', ticket.id)).map((c) => c.body)).toEqual([
      plainTextDocument(
        `Reopen requested in feedback ${response.json<{ number: string }>().number}: ${reopen.reopenReason}`,
      ),
    ]);
  });

  it('does nothing to the ticket without the request, and stores nothing when the reason is missing', async () => {
    const ticket = await resolvedTicket('employee');
    const missingReason = await rate('employee', ticket.number, 2, { reopenRequested: true, comments: 'Bad.' });
    expect(missingReason.statusCode).toBe(422);
    expect(missingReason.json<ValidationErrorBody>().errors.map((e) => e.path)).toContain('/reopenReason');
    expect(await linkRows(ticket.id)).toBe(0);
    expect(await commentsOf('employee', ticket.id)).toEqual([]);

    expect((await rate('employee', ticket.number, 4)).statusCode).toBe(201);
    expect((await getTicket(app, 'employee', ticket.id)).ticket.status).toBe('Resolved');
    expect(await commentsOf('employee', ticket.id)).toEqual([]);
  });
});

describe('a feedback is a record, not an open request', () => {
  /** Ids of `username`'s open requests (the home page's "Your open requests"). */
  async function openRequests(username: string): Promise<string[]> {
    const response = await app.inject({ url: '/api/me/activity', headers: await authHeader(app, username) });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<MyActivity>().open.map((submission) => submission.id);
  }
  /** The tickets of `area` per status, as the handler `username` counts them. */
  async function countsOf(username: string, area: string): Promise<Partial<TicketCounts['counts']>> {
    const response = await app.inject({
      url: `/api/tickets/counts?area=${area}`,
      headers: await authHeader(app, username),
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<TicketCounts>().counts;
  }

  it('files a TicketFeedback Closed: not an open request, not New work for the Portal team', async () => {
    const ticket = await resolvedTicket('employee');
    const newBefore = (await countsOf('it', 'TicketFeedback')).New ?? 0;
    const response = await rate('employee', ticket.number, 5);
    expect(response.statusCode, response.body).toBe(201);
    const feedback = response.json<{ id: string; number: string }>();

    expect(await openRequests('employee')).not.toContain(feedback.id);
    const counts = await countsOf('it', 'TicketFeedback');
    expect(counts.New ?? 0).toBe(newBefore);
    expect(counts.Assigned ?? 0).toBe(0);
    // Still recorded: on the rated ticket, and a Closed ticket of its own with its status change.
    expect((await getTicket(app, 'employee', ticket.id)).ticket.feedback?.id).toBe(feedback.id);
    const filed = await getTicket(app, 'it', feedback.id);
    expect(filed.ticket.status).toBe('Closed');
    const history = await app.inject({
      url: `/api/changes?ticket=${feedback.id}`,
      headers: await authHeader(app, 'it'),
    });
    expect(
      history
        .json<ChangePage>()
        .items.map((item) => [item.action, (item.diff as { status?: { to: unknown } }).status?.to]),
    ).toEqual(
      expect.arrayContaining([
        ['created', 'New'],
        ['status', 'Closed'],
      ]),
    );
  });

  it('keeps a PortalFeedback an open ticket for the Portal team', async () => {
    const newBefore = (await countsOf('it', 'PortalFeedback')).New ?? 0;
    const response = await app.inject({
      method: 'POST',
      url: '/api/areas/PortalFeedback/submissions',
      payload: example('PortalFeedback'),
      headers: await authHeader(app, 'employee'),
    });
    expect(response.statusCode, response.body).toBe(201);
    const feedback = response.json<{ id: string }>();
    expect(await openRequests('employee')).toContain(feedback.id);
    expect((await countsOf('it', 'PortalFeedback')).New).toBe(newBefore + 1);
  });
});
