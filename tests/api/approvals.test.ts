/**
 * Approvals (docs/behaviour.md "Approvals") with the real form areas: an AP invoice above
 * 5,000.00 waits for Accounting (schemas/AP/area.json) and is not routed; the requester may not
 * decide it; an Accounting member approves (→ routed and assigned like a fresh submission) or
 * rejects with a reason (→ Rejected, the reason on the requester's read); a second decision is a
 * 409, a stale If-Match a 412, none a 428. An invoice of 100.00 is routed at once. Either way
 * the new ticket's row is written once, by its insert (held, or routed with its clock running).
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiError, ValidationErrorBody } from '../../src/shared/api-error';
import type { ApprovalQueuePage } from '../../src/shared/approvals';
import type { Submission } from '../../src/shared/submission';
import type { ChangePage, Ticket } from '../../src/shared/tickets';
import { roleGroups } from '../../src/server/db/schema';
import type { ApprovalEvents } from '../../src/server/domains/approvals';
import { approverIds } from '../../src/server/domains/approvals/steps';
import { groupMemberIds } from '../../src/server/domains/role-groups';
import type { SubmissionEvents } from '../../src/server/domains/submissions';
import type { TicketEvents } from '../../src/server/domains/tickets';
import { createTestApp, REAL_SCHEMAS_DIR } from './helpers/app';
import { authHeader } from './helpers/sign-in';
import { getTicket } from './helpers/tickets';
import { realExample } from './helpers/uploads';

let app: FastifyInstance;
/** What the approvals announced, in order (the bus of the app under test). */
const announced: { name: string; event: Record<string, unknown> }[] = [];

async function submitInvoice(amount: number, username = 'employee'): Promise<Submission> {
  // A fresh upload each time: a file is attached to one submission only.
  const payload = {
    ...(await realExample(app, 'AP', username)),
    amount,
    lineItems: [{ glAccount: '6520-0000', description: 'Roof repair', amount }],
  };
  const response = await app.inject({
    method: 'POST',
    url: '/api/areas/AP/submissions',
    payload,
    headers: await authHeader(app, username),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Submission>();
}

async function decide(
  username: string,
  id: string,
  body: Record<string, unknown>,
  ifMatch?: string | null,
): Promise<LightMyRequestResponse> {
  const etag = ifMatch === undefined ? (await getTicket(app, 'admin', id)).etag : ifMatch;
  return app.inject({
    method: 'POST',
    url: `/api/tickets/${id}/approval`,
    payload: body,
    headers: { ...(await authHeader(app, username)), ...(etag === null ? {} : { 'if-match': etag }) },
  });
}

async function waitingOn(username: string): Promise<ApprovalQueuePage> {
  const response = await app.inject({ url: '/api/approvals', headers: await authHeader(app, username) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ApprovalQueuePage>();
}

/** The submission of the `submissionSettled` event announced for `id`. */
function settled(id: string): Record<string, unknown> | undefined {
  const found = announced.find(
    ({ name, event }) => name === 'submissionSettled' && (event.submission as { id?: string }).id === id,
  );
  return found?.event.submission as Record<string, unknown> | undefined;
}

async function historyOf(id: string): Promise<ChangePage['items']> {
  const response = await app.inject({ url: `/api/changes?ticket=${id}`, headers: await authHeader(app, 'admin') });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ChangePage>().items;
}

beforeAll(async () => {
  app = await createTestApp({ schemasDir: REAL_SCHEMAS_DIR });
  const events = app.events as unknown as {
    on<K extends keyof (ApprovalEvents & TicketEvents & SubmissionEvents)>(
      name: K,
      listener: (event: never) => void,
    ): void;
  };
  for (const name of ['approvalRequested', 'approvalDecided', 'ticketChanged', 'submissionSettled'] as const) {
    events.on(name, (event: Record<string, unknown>) => void announced.push({ name, event }));
  }
  // Seeds route no AP invoice: a rule sends them to Accounting, as an administrator would set up.
  const [accounting] = (await app.db.select().from(roleGroups)).filter((group) => group.name === 'Accounting');
  const rule = await app.inject({
    method: 'POST',
    url: '/api/assignment-rules',
    payload: { name: 'Invoices → Accounting', area: 'AP', assigneeGroupId: accounting?.id },
    headers: await authHeader(app, 'admin'),
  });
  expect(rule.statusCode, rule.body).toBe(201);
});
afterAll(() => app.close());

describe('an AP invoice above 5,000.00', () => {
  it('waits for Accounting and is not routed', async () => {
    const submission = await submitInvoice(6000);
    expect(submission.status).toBe('Waiting for approval');
    const { ticket } = await getTicket(app, 'employee', submission.id);
    expect(ticket).toMatchObject({ status: 'Waiting for approval', assigneeUser: null, assigneeGroup: null });
    expect(ticket.approval).toEqual({
      status: 'waiting',
      canDecide: false,
      steps: [
        {
          id: 'accounting',
          name: 'Accounting approval',
          approvers: { group: 'Accounting', email: null },
          status: 'waiting',
          decidedBy: null,
          decidedAt: null,
          comment: null,
        },
      ],
    });
    expect((await getTicket(app, 'accounting', submission.id)).ticket.approval?.canDecide).toBe(true);
    expect((await waitingOn('accounting')).items.map((item) => item.number)).toContain(submission.number);
    expect((await waitingOn('employee')).items).toEqual([]);
    expect((await historyOf(submission.id)).map((entry) => entry.action)).toEqual(['approval requested', 'created']);
    expect(announced.at(-2)).toMatchObject({
      name: 'approvalRequested',
      event: { ticket: { id: submission.id, area: 'AP' }, step: { id: 'accounting' } },
    });

    // What the clock and the notifications are told instead of reading the row: held, nobody assigned.
    expect(settled(submission.id)).toMatchObject({
      status: 'Waiting for approval',
      priority: 'Normal',
      summary: submission.summary,
      assignee: null,
    });
  });

  it('names its approvers with the hold: the group and its members, as groupMemberIds counts them', async () => {
    // a member by the identity provider's group counts once they have signed in
    await submitInvoice(100, 'accounting');
    const accounting = (await app.db.select().from(roleGroups)).find((group) => group.name === 'Accounting');
    const members = await groupMemberIds(app.db, accounting?.id ?? '');
    expect(members.length).toBeGreaterThan(0);
    announced.length = 0;
    await submitInvoice(6000);
    const requested = announced.find((entry) => entry.name === 'approvalRequested')?.event as
      { approvers: { groupId: string; memberIds: string[]; userId: null } } | undefined;
    expect(requested && { ...requested.approvers, memberIds: [...requested.approvers.memberIds].sort() }).toEqual({
      groupId: accounting?.id,
      memberIds: [...members].sort(),
      userId: null,
    });
  });

  it('names the approvers of a later step as the hold does: a group with its members, a person, or nobody known', async () => {
    const accounting = (await app.db.select().from(roleGroups)).find((group) => group.name === 'Accounting');
    const found = await approverIds(app.db, { approverGroup: 'Accounting', approverEmail: null });
    expect({ ...found, memberIds: [...found.memberIds].sort() }).toEqual({
      groupId: accounting?.id,
      memberIds: [...(await groupMemberIds(app.db, accounting?.id ?? ''))].sort(),
      userId: null,
    });
    expect(await approverIds(app.db, { approverGroup: 'No such group', approverEmail: null })).toEqual({
      groupId: null,
      memberIds: [],
      userId: null,
    });
    expect(await approverIds(app.db, { approverGroup: null, approverEmail: 'nobody@example.invalid' })).toEqual({
      groupId: null,
      memberIds: [],
      userId: null,
    });
  });

  it('refuses a decision by the requester (403), also when they are an approver', async () => {
    const submission = await submitInvoice(6000, 'accounting');
    const response = await decide('accounting', submission.id, { decision: 'approve' });
    expect(response.statusCode, response.body).toBe(403);
    expect(response.json<ApiError>().message).toMatch(/someone else decides/);
    expect((await waitingOn('accounting')).items.map((item) => item.ticketId)).not.toContain(submission.id);
    const other = await submitInvoice(6000);
    expect((await decide('employee', other.id, { decision: 'approve' })).statusCode).toBe(403);
    // An administrator decides only as a member of the step's group.
    expect((await decide('admin', other.id, { decision: 'approve' })).statusCode).toBe(403);
  });

  it('is routed and assigned once an Accounting member approves; a second decision is a 409', async () => {
    const submission = await submitInvoice(6000);
    announced.length = 0;
    const approved = await decide('accounting', submission.id, { decision: 'approve', comment: 'Matches the PO.' });
    expect(approved.statusCode, approved.body).toBe(200);
    const ticket = approved.json<Ticket>();
    expect(ticket).toMatchObject({ status: 'Assigned', assigneeGroup: { name: 'Accounting' }, version: 2 });
    expect(approved.headers.etag).toBe('"v2"');
    expect(ticket.approval).toMatchObject({
      status: 'approved',
      canDecide: false,
      steps: [{ status: 'approved', decidedBy: { name: 'Alex Accounting' }, comment: 'Matches the PO.' }],
    });
    expect((await historyOf(submission.id)).map((entry) => entry.action)).toEqual([
      'assigned',
      'approved',
      'approval requested',
      'created',
    ]);
    expect(announced.map((entry) => entry.name)).toEqual(['ticketChanged', 'approvalDecided']);
    expect(announced[0]?.event).toMatchObject({
      diff: {
        status: { from: 'Waiting for approval', to: 'Assigned' },
        assigneeGroup: { from: null, to: { name: 'Accounting' } },
      },
      actorRoles: [],
    });
    expect(announced[1]?.event).toMatchObject({ decision: 'approve', final: true, comment: 'Matches the PO.' });

    const again = await decide('accounting', submission.id, { decision: 'reject', comment: 'Oops' });
    expect(again.statusCode, again.body).toBe(409);
    expect((await waitingOn('accounting')).items.map((item) => item.ticketId)).not.toContain(submission.id);
  });

  it('starts its service-level clock only when the approval routes it', async () => {
    const submission = await submitInvoice(6000);
    const waiting = (await getTicket(app, 'admin', submission.id)).ticket;
    // held for approval: no target runs yet (the clock starts when the ticket is routed)
    expect(['paused', undefined]).toContain(waiting.sla?.firstResponse.state);
    const approved = await decide('accounting', submission.id, { decision: 'approve' });
    expect(approved.statusCode, approved.body).toBe(200);
    const routed = approved.json<Ticket>();
    expect(routed.sla?.firstResponse.state).toBe('running');
    expect(routed.sla?.resolution.state).toBe('running');
  });

  it('is Rejected with the reason the requester reads; a rejection needs a reason (422)', async () => {
    const submission = await submitInvoice(6000);
    const noReason = await decide('accounting', submission.id, { decision: 'reject', comment: '  ' });
    expect(noReason.statusCode, noReason.body).toBe(422);
    expect(noReason.json<ValidationErrorBody>().errors).toEqual([
      { path: '/comment', message: 'must give the reason for the rejection (the requester reads it)' },
    ]);
    announced.length = 0;
    const rejected = await decide('accounting', submission.id, { decision: 'reject', comment: 'No PO for this.' });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json<Ticket>()).toMatchObject({ status: 'Rejected', assigneeGroup: null });
    const read = await app.inject({
      url: `/api/areas/AP/submissions/${submission.id}`,
      headers: await authHeader(app, 'employee'),
    });
    expect(read.json<Submission>()).toMatchObject({
      status: 'Rejected',
      approval: { status: 'rejected', steps: [{ status: 'rejected', comment: 'No PO for this.' }] },
    });
    const [entry] = await historyOf(submission.id);
    expect(entry).toMatchObject({
      action: 'rejected',
      diff: { status: { from: 'Waiting for approval', to: 'Rejected' }, reason: { to: 'No PO for this.' } },
    });
    expect(announced.map((item) => item.name)).toEqual(['ticketChanged', 'approvalDecided']);
    // Nobody edits a rejected ticket back into the workflow.
    const patch = await app.inject({
      method: 'PATCH',
      url: `/api/tickets/${submission.id}`,
      payload: { status: 'In progress' },
      headers: { ...(await authHeader(app, 'admin')), 'if-match': String(rejected.headers.etag) },
    });
    expect(patch.statusCode, patch.body).toBe(409);
  });

  it('answers 412 for a stale If-Match, 428 without one, 422 for a bad body; nothing is decided', async () => {
    const submission = await submitInvoice(6000);
    expect((await decide('accounting', submission.id, { decision: 'approve' }, '"v7"')).statusCode).toBe(412);
    expect((await decide('accounting', submission.id, { decision: 'approve' }, null)).statusCode).toBe(428);
    expect((await decide('accounting', submission.id, { decision: 'maybe' })).statusCode).toBe(422);
    const missing = await decide('accounting', submission.id, { comment: 'Fine' });
    expect(missing.statusCode, missing.body).toBe(422);
    expect(missing.json<ValidationErrorBody>().errors).toEqual([{ path: '/decision', message: 'is required' }]);
    const { ticket } = await getTicket(app, 'employee', submission.id);
    expect(ticket).toMatchObject({ status: 'Waiting for approval', version: 1, approval: { status: 'waiting' } });
  });

  it('refuses any edit while it waits (409)', async () => {
    const submission = await submitInvoice(6000);
    const patch = await app.inject({
      method: 'PATCH',
      url: `/api/tickets/${submission.id}`,
      payload: { priority: 'High' },
      headers: { ...(await authHeader(app, 'admin')), 'if-match': '"v1"' },
    });
    expect(patch.statusCode, patch.body).toBe(409);
  });
});

describe('an AP invoice of 100.00', () => {
  it('is routed at once, with no approval', async () => {
    const submission = await submitInvoice(100);
    expect(submission.status).toBe('Assigned');
    const { ticket } = await getTicket(app, 'employee', submission.id);
    expect(ticket).toMatchObject({ status: 'Assigned', assigneeGroup: { name: 'Accounting' }, approval: null });
    expect(settled(submission.id)).toMatchObject({
      status: 'Assigned',
      assignee: { userId: null, groupId: ticket.assigneeGroup?.id, groupName: 'Accounting' },
    });
    expect(ticket.sla?.resolution.state).toBe('running');
    expect((await decide('accounting', submission.id, { decision: 'approve' })).statusCode).toBe(409);
  });
});

describe("a new ticket's row", () => {
  it('is written once, by its insert, whether held for approval or routed with its clock running', async () => {
    // A trigger of this test's own database records every row written to `submissions`.
    await app.db.execute(sql`create table "test_submission_writes" ("n" serial, "op" text, "id" uuid, "status" text)`);
    await app.db.execute(
      sql.raw(`create function "test_record_submission_write"() returns trigger language plpgsql as $$
        begin insert into "test_submission_writes" ("op", "id", "status") values (TG_OP, NEW."id", NEW."status"); return NEW; end $$`),
    );
    await app.db.execute(
      sql.raw(`create trigger "test_record_submission_write" after insert or update on "submissions"
        for each row execute function "test_record_submission_write"()`),
    );
    try {
      const held = await submitInvoice(6000);
      const routed = await submitInvoice(100);
      const writes = (await app.db.execute(
        sql`select "op", "id", "status" from "test_submission_writes" where "id" in (${held.id}, ${routed.id}) order by "n"`,
      )) as { rows: unknown[] };
      expect(writes.rows).toEqual([
        { op: 'INSERT', id: held.id, status: 'Waiting for approval' },
        { op: 'INSERT', id: routed.id, status: 'Assigned' },
      ]);
      const { ticket } = await getTicket(app, 'admin', routed.id);
      expect(ticket).toMatchObject({ status: 'Assigned', assigneeGroup: { name: 'Accounting' } });
      expect(ticket.sla?.firstResponse.state).toBe('running');
      expect((await historyOf(routed.id)).map((entry) => entry.action)).toEqual(['assigned', 'created']);
      expect((await historyOf(held.id)).map((entry) => entry.action)).toEqual(['approval requested', 'created']);
    } finally {
      await app.db.execute(sql`drop trigger "test_record_submission_write" on "submissions"`);
      await app.db.execute(sql`drop function "test_record_submission_write"()`);
      await app.db.execute(sql`drop table "test_submission_writes"`);
    }
  });
});

describe('GET /api/approvals', () => {
  it('answers 400 to a cursor it did not give out (malformed, another sort, a forged time or id)', async () => {
    const forged = (parts: unknown[]) => Buffer.from(JSON.stringify(parts)).toString('base64url');
    for (const cursor of [
      'nope!',
      forged(['-createdAt', '2026-01-01T00:00:00.000Z', '00000000-0000-4000-8000-000000000000']),
      forged(['waitingSince', '2026-02-30T00:00:00.000Z', '00000000-0000-4000-8000-000000000000']),
      forged(['waitingSince', '2026-01-01T00:00:00.000Z', 'not-a-uuid']),
    ]) {
      const response = await app.inject({
        url: `/api/approvals?cursor=${encodeURIComponent(cursor)}`,
        headers: await authHeader(app, 'accounting'),
      });
      expect(response.statusCode, `${cursor}: ${response.body}`).toBe(400);
    }
  });
});
