/**
 * Saved views of /Tickets (docs/behaviour.md "Saved views") and the list filters the built-in
 * views need (docs/behaviour.md "Ticket list filters"): `state`, `resolvedFrom` (kept by the
 * database's trigger on `submissions.resolved_at`) and `assignee=my-groups-unassigned`, on the
 * list, the counts and the CSV export.
 */
import { readFileSync } from 'node:fs';
import { eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiError, ValidationErrorBody } from '../../src/shared/api-error';
import { BUILT_IN_VIEWS, MAX_SAVED_VIEWS, type SavedView } from '../../src/shared/saved-views';
import type { TicketCounts, TicketPage } from '../../src/shared/tickets';
import { roleGroups, submissions } from '../../src/server/db/schema';
import { weekStartIn } from '../../src/server/domains/saved-views/views';
import { createTestApp } from './helpers/app';
import { authHeader } from './helpers/sign-in';
import { createApTicket, forceStatus, patchTicket, profileOf } from './helpers/tickets';

/** Sunday 29 November 2026, 22:00 in New York (the fixture's time zone): the week began Monday the 23rd. */
const NOW = Date.parse('2026-11-30T03:00:00Z');

let app: FastifyInstance;

beforeAll(async () => {
  app = await createTestApp({ now: () => NOW });
});
afterAll(() => app.close());

async function get(username: string | null, url: string) {
  return app.inject({ url, headers: username ? await authHeader(app, username) : {} });
}

async function send(username: string | null, method: 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown) {
  return app.inject({
    method,
    url,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    headers: username ? await authHeader(app, username) : {},
  });
}

async function ids(username: string, query: string): Promise<string[]> {
  const response = await get(username, `/api/tickets?limit=100&${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response
    .json<TicketPage>()
    .items.map((t) => t.id)
    .sort();
}

describe('list filters: state, resolvedFrom, assignee=my-groups-unassigned', () => {
  /** Five tickets of the employee, all readable by the accounting handler (AP area). */
  let t: [string, string, string, string, string];
  let before = '';

  beforeAll(async () => {
    const made: string[] = [];
    for (let i = 0; i < 5; i += 1) made.push(await createApTicket(app, 'employee', `filter${i}`));
    t = made as typeof t;
    before = new Date(Date.now() - 60_000).toISOString();
    await forceStatus(app, t[0], 'Resolved');
    await forceStatus(app, t[1], 'Closed'); // closed without being resolved
    await forceStatus(app, t[2], 'Resolved');
    await forceStatus(app, t[2], 'Closed'); // closed from Resolved: still resolved
  });

  it('state=open and state=done split the list by the done statuses, and combine with status', async () => {
    expect(await ids('accounting', 'state=done')).toEqual([t[0], t[1], t[2]].sort());
    expect(await ids('accounting', 'state=open')).toEqual([t[3], t[4]].sort());
    expect(await ids('accounting', 'state=done&status=Closed')).toEqual([t[1], t[2]].sort());
    expect(await ids('accounting', 'state=open&status=Closed')).toEqual([]);
    const counts = (await get('accounting', '/api/tickets/counts?state=open')).json<TicketCounts>();
    expect(counts.total).toBe(2);
    expect(counts.counts).toMatchObject({ New: 2, Resolved: 0, Closed: 0 });
  });

  it('resolvedFrom lists what was resolved since (kept when Closed from Resolved), not what was reopened', async () => {
    expect(await ids('accounting', `resolvedFrom=${encodeURIComponent(before)}`)).toEqual([t[0], t[2]].sort());
    const future = encodeURIComponent(new Date(Date.now() + 3_600_000).toISOString());
    expect(await ids('accounting', `resolvedFrom=${future}`)).toEqual([]);
    // a ticket reopened through the workflow is no longer resolved
    expect((await patchTicket(app, 'accounting', t[0], { status: 'In progress' })).statusCode).toBe(200);
    expect(await ids('accounting', `resolvedFrom=${encodeURIComponent(before)}`)).toEqual([t[2]]);
    // … and counts again once resolved anew through the workflow
    expect((await patchTicket(app, 'accounting', t[0], { status: 'Resolved' })).statusCode).toBe(200);
    const offset = encodeURIComponent(before.replace('Z', '+00:00'));
    expect(await ids('accounting', `resolvedFrom=${offset}`)).toEqual([t[0], t[2]].sort());
    const counts = (await get('accounting', `/api/tickets/counts?resolvedFrom=${offset}`)).json<TicketCounts>();
    expect(counts.counts).toMatchObject({ Resolved: 1, Closed: 1 });
    const csv = await get('accounting', `/api/tickets/export.csv?resolvedFrom=${offset}`);
    expect(csv.statusCode).toBe(200);
    expect(csv.body.trim().split('\r\n')).toHaveLength(3);
  });

  it('assignee=my-groups-unassigned: routed to one of my groups with no person assigned', async () => {
    const [hr] = await app.db.select({ id: roleGroups.id }).from(roleGroups).where(eq(roleGroups.name, 'HR'));
    const risk = await profileOf(app, 'risk');
    await app.db.update(submissions).set({ assigneeGroupId: hr?.id }).where(eq(submissions.id, t[3]));
    await app.db
      .update(submissions)
      .set({ assigneeGroupId: hr?.id, assigneeUserId: risk.id })
      .where(eq(submissions.id, t[4]));
    expect(await ids('risk', 'assignee=my-groups-unassigned')).toEqual([t[3]]);
    expect(await ids('risk', 'assignee=my-groups')).toEqual([t[3], t[4]].sort());
    // one first page per group: both groups' tickets, each once, over keyset pages
    const [riskGroup] = await app.db
      .select({ id: roleGroups.id })
      .from(roleGroups)
      .where(eq(roleGroups.name, 'Risk & compliance'));
    await app.db.update(submissions).set({ assigneeGroupId: riskGroup?.id }).where(eq(submissions.id, t[1]));
    expect(await ids('risk', 'assignee=my-groups-unassigned')).toEqual([t[1], t[3]].sort());
    expect(await ids('risk', 'assignee=my-groups-unassigned&state=open')).toEqual([t[3]]);
    const first = (await get('risk', '/api/tickets?assignee=my-groups-unassigned&limit=1')).json<TicketPage>();
    const second = (
      await get('risk', `/api/tickets?assignee=my-groups-unassigned&limit=1&cursor=${first.nextCursor ?? ''}`)
    ).json<TicketPage>();
    expect([...first.items, ...second.items].map((item) => item.id).sort()).toEqual([t[1], t[3]].sort());
    expect(second.nextCursor).toBeNull();
    await app.db.update(submissions).set({ assigneeGroupId: null }).where(eq(submissions.id, t[1]));
    expect(await ids('accounting', 'assignee=my-groups-unassigned')).toEqual([]);
    const counts = (await get('risk', '/api/tickets/counts?assignee=my-groups-unassigned')).json<TicketCounts>();
    expect(counts.total).toBe(1);
  });

  it('migration 0016 fills resolved_at of existing tickets from their history', async () => {
    const made: string[] = [];
    for (let i = 0; i < 3; i += 1) made.push(await createApTicket(app, 'employee', `backfill${i}`));
    const [closedFromResolved, resolved, closedOnly] = made as [string, string, string];
    for (const [id, steps] of [
      [closedFromResolved, ['In progress', 'Resolved', 'Closed']],
      [resolved, ['In progress', 'Resolved']],
      [closedOnly, ['In progress', 'Closed']],
    ] as const) {
      for (const status of steps) expect((await patchTicket(app, 'accounting', id, { status })).statusCode).toBe(200);
    }
    const resolvedAt = async () =>
      Object.fromEntries(
        (
          await app.db
            .select({ id: submissions.id, at: submissions.resolvedAt })
            .from(submissions)
            .where(inArray(submissions.id, made))
        ).map((row) => [row.id, row.at?.toISOString() ?? null]),
      );
    const kept = await resolvedAt();
    expect(kept[closedFromResolved]).not.toBeNull();
    expect(kept[resolved]).not.toBeNull();
    expect(kept[closedOnly]).toBeNull();
    // the migration's backfill statement, run again on the rows with resolved_at emptied
    const migration = readFileSync(
      new URL('../../src/server/db/migrations/0016_saved_views.sql', import.meta.url),
      'utf8',
    ).split('--> statement-breakpoint');
    const backfill = migration.find((statement) => statement.includes('UPDATE "submissions"'));
    if (!backfill) throw new Error('no backfill statement in 0016_saved_views.sql');
    await app.db.update(submissions).set({ resolvedAt: null }).where(inArray(submissions.id, made));
    await app.db.execute(sql.raw(backfill));
    expect(await resolvedAt()).toEqual(kept);
  });

  it('answers 400 with the error body for a bad state or resolvedFrom, on every route', async () => {
    for (const route of ['/api/tickets', '/api/tickets/counts', '/api/tickets/export.csv']) {
      for (const query of [
        'state=closed',
        'resolvedFrom=yesterday',
        'resolvedFrom=2026-11-23', // a date without a time and zone is ambiguous
        'resolvedFrom=2026-11-23T00:00:00', // no zone
        'resolvedFrom=2026-13-45T00:00:00Z', // the form, but no such instant
        'resolvedFrom=0000-01-01T00:00:00Z', // PostgreSQL has no year 0
      ]) {
        const response = await get('accounting', `${route}?${query}`);
        expect(response.statusCode, `${route}?${query}`).toBe(400);
        expect(response.json<ApiError>()).toMatchObject({ statusCode: 400, error: expect.any(String) as string });
      }
    }
  });

  it('every built-in view’s query is a valid list query', async () => {
    const views = (await get('risk', '/api/me/views')).json<{ items: SavedView[] }>().items;
    for (const view of views.filter((v) => v.builtIn)) {
      expect((await get('risk', `/api/tickets?${view.query}`)).statusCode, view.query).toBe(200);
      expect((await get('risk', `/api/tickets/counts?${view.query}`)).statusCode, view.query).toBe(200);
    }
  });
});

describe('/api/me/views', () => {
  const views = async (username: string): Promise<SavedView[]> => {
    const response = await get(username, '/api/me/views');
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ items: SavedView[] }>().items;
  };
  const create = (username: string, body: unknown) => send(username, 'POST', '/api/me/views', body);

  it('lists the built-in views first, "Resolved this week" from Monday in the portal’s time zone', async () => {
    const items = await views('employee');
    expect(items.map((v) => [v.name, v.builtIn])).toEqual(BUILT_IN_VIEWS.map((v) => [v.name, true]));
    const resolved = items.find((v) => v.name === 'Resolved this week');
    expect(new URLSearchParams(resolved?.query).get('resolvedFrom')).toBe('2026-11-23T00:00:00.000-05:00');
    expect(items.find((v) => v.name === 'My open tickets')?.query).toBe('assignee=me&state=open');
  });

  it('starts the week on Monday 00:00 local time, across a change of offset', () => {
    expect(weekStartIn(new Date('2026-11-23T05:00:00Z'), 'America/New_York')).toBe('2026-11-23T00:00:00.000-05:00');
    expect(weekStartIn(new Date('2026-11-23T04:59:59Z'), 'America/New_York')).toBe('2026-11-16T00:00:00.000-05:00');
    // DST ended Sunday 1 November 2026: that week's Monday was still on summer time
    expect(weekStartIn(new Date('2026-11-01T12:00:00Z'), 'America/New_York')).toBe('2026-10-26T00:00:00.000-04:00');
    expect(weekStartIn(new Date('2026-11-26T12:00:00Z'), 'Europe/Berlin')).toBe('2026-11-23T00:00:00.000+01:00');
  });

  it('is for signed-in users only', async () => {
    expect((await get(null, '/api/me/views')).statusCode).toBe(401);
    expect((await send(null, 'POST', '/api/me/views', { name: 'x', query: '' })).statusCode).toBe(401);
    expect((await send(null, 'DELETE', '/api/me/views/00000000-0000-4000-8000-000000000000')).statusCode).toBe(401);
  });

  it('saves a view (name trimmed, query normalized) and lists it after the built-ins, in order, to its owner only', async () => {
    const first = await create('maintenance', {
      name: '  Urgent north  ',
      query: '?priority=Urgent&cursor=abc&area=AP',
    });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json<SavedView>()).toMatchObject({
      name: 'Urgent north',
      query: 'area=AP&priority=Urgent',
      builtIn: false,
    });
    expect(first.headers.location).toBe(`/api/me/views/${first.json<SavedView>().id}`);
    const second = await create('maintenance', { name: 'Empty', query: '' });
    expect(second.statusCode, second.body).toBe(201);
    const mine = await views('maintenance');
    expect(mine.slice(BUILT_IN_VIEWS.length).map((v) => v.name)).toEqual(['Urgent north', 'Empty']);
    expect((await views('it')).filter((v) => !v.builtIn)).toEqual([]);
    // the same name is free for another user
    expect((await create('it', { name: 'urgent NORTH', query: '' })).statusCode).toBe(201);
  });

  it('refuses a name that is empty or longer than 60 characters once trimmed (422 at /name)', async () => {
    for (const name of ['', '   ', 'x'.repeat(61), ` ${'é'.repeat(61)} `]) {
      const response = await create('risk', { name, query: 'state=open' });
      expect(response.statusCode, name).toBe(422);
      expect(response.json<ValidationErrorBody>().errors.map((e) => e.path)).toEqual(['/name']);
    }
    expect((await create('risk', { name: ` ${'é'.repeat(60)} `, query: '' })).statusCode).toBe(201);
  });

  it('refuses unknown keys, repeated keys and bad values in the query (422 at /query, one error each)', async () => {
    const response = await create('risk', {
      name: '',
      query: 'colour=red&status=Done&status=New&assignee=someone&resolvedFrom=2026-11-23&overdue=yes&sort=name',
    });
    expect(response.statusCode).toBe(422);
    const body = response.json<ValidationErrorBody>();
    expect(body).toMatchObject({ statusCode: 422, error: 'validation_failed' });
    expect(body.errors.filter((e) => e.path === '/name')).toHaveLength(1);
    const messages = body.errors.filter((e) => e.path === '/query').map((e) => e.message);
    expect(messages).toHaveLength(7);
    for (const key of ['colour', 'status', 'assignee', 'resolvedFrom', 'overdue', 'sort'])
      expect(
        messages.some((m) => m.includes(`"${key}"`)),
        key,
      ).toBe(true);
    for (const query of ['q=', 'area=' + 'A'.repeat(65), 'requester=someone', 'sla=late', 'constructor=x']) {
      expect((await create('risk', { name: 'Bad', query })).statusCode, query).toBe(422);
    }
    const valid = await create('risk', {
      name: 'Everything',
      query: `area=AP&status=New&state=open&resolvedFrom=2026-11-23T00%3A00%3A00-05%3A00&assignee=my-groups-unassigned&requester=me&property=P-1001&priority=High&overdue=true&sla=breached&q=roof&sort=slaDue&limit=5`,
    });
    expect(valid.statusCode, valid.body).toBe(201);
    expect(valid.json<SavedView>().query).not.toContain('limit');
  });

  it('refuses a second view of the same name in any case (409), and input past the schema (400)', async () => {
    expect((await create('accounting', { name: 'Month end', query: '' })).statusCode).toBe(201);
    const again = await create('accounting', { name: ' MONTH END ', query: 'state=open' });
    expect(again.statusCode).toBe(409);
    expect(again.json<ApiError>().error).toBe('duplicate_name');
    expect((await create('accounting', { name: 'x'.repeat(201), query: '' })).statusCode).toBe(400);
    expect((await create('accounting', { name: 'x', query: 'q='.padEnd(2001, 'a') })).statusCode).toBe(400);
    // U+0000, which PostgreSQL's text refuses, is refused first (plugins/storable-input)
    expect((await create('accounting', { name: 'x\u0000y', query: '' })).statusCode).toBe(422);
    expect((await create('accounting', { query: '' })).statusCode).toBe(400);
  });

  it(`allows at most ${MAX_SAVED_VIEWS} views per user (409 too_many_views)`, async () => {
    for (let i = 0; i < MAX_SAVED_VIEWS; i += 1) {
      expect((await create('admin', { name: `View ${i}`, query: '' })).statusCode).toBe(201);
    }
    const over = await create('admin', { name: 'One more', query: '' });
    expect(over.statusCode).toBe(409);
    expect(over.json<ApiError>().error).toBe('too_many_views');
    expect((await views('admin')).length).toBe(BUILT_IN_VIEWS.length + MAX_SAVED_VIEWS);
    // another user is not affected
    expect((await create('employee', { name: 'One more', query: '' })).statusCode).toBe(201);
  });

  it('renames a view of one’s own: 422, 409 on a taken name, 404 for another user’s or a built-in one', async () => {
    const a = (await create('employee', { name: 'Alpha', query: '' })).json<SavedView>();
    const b = (await create('employee', { name: 'Beta', query: 'state=done' })).json<SavedView>();
    const renamed = await send('employee', 'PATCH', `/api/me/views/${a.id}`, { name: '  ALPHA one ' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json<SavedView>()).toEqual({ ...a, name: 'ALPHA one' });
    // its own name in another case is not a clash
    expect((await send('employee', 'PATCH', `/api/me/views/${a.id}`, { name: 'alpha one' })).statusCode).toBe(200);
    const clash = await send('employee', 'PATCH', `/api/me/views/${a.id}`, { name: 'BETA' });
    expect(clash.statusCode).toBe(409);
    const empty = await send('employee', 'PATCH', `/api/me/views/${a.id}`, { name: ' ' });
    expect(empty.statusCode).toBe(422);
    expect(empty.json<ValidationErrorBody>().errors[0]?.path).toBe('/name');
    expect((await send('it', 'PATCH', `/api/me/views/${b.id}`, { name: 'Mine now' })).statusCode).toBe(404);
    const builtIn = BUILT_IN_VIEWS[0]?.id ?? '';
    expect((await send('employee', 'PATCH', `/api/me/views/${builtIn}`, { name: 'Mine' })).statusCode).toBe(404);
    expect((await send('employee', 'PATCH', `/api/me/views/${'x'.repeat(37)}`, { name: 'Mine' })).statusCode).toBe(400);
    expect((await views('employee')).find((v) => v.id === b.id)?.name).toBe('Beta');
  });

  it('deletes a view of one’s own: 204, then 404; 404 for another user’s or a built-in one', async () => {
    const view = (await create('it', { name: 'Short-lived', query: '' })).json<SavedView>();
    expect((await send('employee', 'DELETE', `/api/me/views/${view.id}`)).statusCode).toBe(404);
    expect((await send('it', 'DELETE', `/api/me/views/${BUILT_IN_VIEWS[1]?.id ?? ''}`)).statusCode).toBe(404);
    expect((await send('it', 'DELETE', '/api/me/views/not-a-uuid')).statusCode).toBe(404);
    expect((await send('it', 'DELETE', `/api/me/views/${view.id}`)).statusCode).toBe(204);
    expect((await send('it', 'DELETE', `/api/me/views/${view.id}`)).statusCode).toBe(404);
    expect((await views('it')).some((v) => v.id === view.id)).toBe(false);
  });
});
