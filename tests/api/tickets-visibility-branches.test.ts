/**
 * `GET /api/tickets` for a user who is not an administrator merges one first page per visibility
 * branch (src/server/domains/tickets/list.ts `visibleAmong`,
 * src/server/domains/submissions/visibility.ts `ticketVisibilityBranches`): own tickets, tickets
 * assigned to them, to each of their role groups (or, past MAX_BRANCHES_PER_KIND groups, to any of
 * them). Paging must give exactly the tickets the rule allows, each once, in the same order as the
 * administrator's list, whatever the page size. `GET /api/changes` does the same for a requester
 * (src/server/domains/tickets/history.ts `visibleAmong`,
 * src/server/domains/submissions/visibility.ts `historyVisibilityBranches`,
 * `changes.ticket_requester_id` kept by a trigger).
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RoleGroupDetail, RoleGroupList } from '../../src/shared/role-groups';
import { and, eq, isNull } from 'drizzle-orm';
import type { ChangeEntry, TicketListItem, TicketSort } from '../../src/shared/tickets';
import { changes } from '../../src/server/db/schema';
import { MAX_BRANCHES_PER_KIND } from '../../src/server/domains/submissions/visibility';
import { createTestApp } from './helpers/app';
import { authHeader } from './helpers/sign-in';
import { createApTicket, patchTicket, profileOf } from './helpers/tickets';

const SORTS: TicketSort[] = ['-updatedAt', 'updatedAt', '-createdAt', 'createdAt'];

describe('GET /api/tickets: the visibility branches of a handler', () => {
  let app: FastifyInstance;

  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  /** Every item of `username`'s list at `url` (with its query), page by page following `nextCursor`. */
  async function allPages<T>(username: string, url: string): Promise<T[]> {
    const items: T[] = [];
    let cursor: string | null = null;
    do {
      const response: { statusCode: number; body: string; json: () => unknown } = await app.inject({
        url: `${url}${cursor ? `&cursor=${cursor}` : ''}`,
        headers: await authHeader(app, username),
      });
      expect(response.statusCode, response.body).toBe(200);
      const page = response.json() as { items: T[]; nextCursor: string | null };
      items.push(...page.items);
      cursor = page.nextCursor;
    } while (cursor);
    return items;
  }

  async function walk(username: string, query: string, limit: number): Promise<string[]> {
    return (await allPages<TicketListItem>(username, `/api/tickets?${query}&limit=${limit}`)).map((t) => t.id);
  }

  async function groupIdsByName(): Promise<Map<string, string>> {
    const response = await app.inject({ url: '/api/role-groups', headers: await authHeader(app, 'admin') });
    expect(response.statusCode, response.body).toBe(200);
    return new Map(response.json<RoleGroupList>().items.map((g) => [g.name, g.id]));
  }

  async function assign(id: string, body: { assigneeUserId?: string; assigneeGroupId?: string }): Promise<void> {
    const response = await patchTicket(app, 'admin', id, body);
    expect(response.statusCode, response.body).toBe(200);
  }

  /**
   * Walks `username`'s list (with `query`) in every sort order and page size; it must be the
   * admin's list (with `adminQuery`) cut to `expected`.
   */
  async function expectExactly(username: string, expected: string[], query = '', adminQuery = query): Promise<void> {
    for (const sort of SORTS) {
      const reference = (await walk('admin', `sort=${sort}${adminQuery}`, 100)).filter((id) => expected.includes(id));
      expect(reference).toHaveLength(expected.length);
      for (const limit of [1, 2, 3, 25]) {
        expect(await walk(username, `sort=${sort}${query}`, limit), `${sort}, limit ${limit}`).toEqual(reference);
      }
    }
  }

  it('pages own tickets, tickets assigned to them and to each of their groups, each once, in every order', async () => {
    const me = await profileOf(app, 'maintenance');
    const groups = await groupIdsByName();
    const own = await createApTicket(app, 'maintenance', 'own');
    const ownAndAssigned = await createApTicket(app, 'maintenance', 'own-and-assigned');
    const assigned = await createApTicket(app, 'employee', 'assigned');
    const toMaintenance = await createApTicket(app, 'employee', 'to-maintenance');
    const toFacilities = await createApTicket(app, 'employee', 'to-facilities');
    const assignedAndGroup = await createApTicket(app, 'employee', 'assigned-and-group');
    const hidden = await createApTicket(app, 'employee', 'hidden');
    const toAnotherGroup = await createApTicket(app, 'employee', 'to-another-group');
    await assign(ownAndAssigned, { assigneeUserId: me.id });
    await assign(assigned, { assigneeUserId: me.id });
    await assign(toMaintenance, { assigneeGroupId: groups.get('Maintenance') });
    await assign(toFacilities, { assigneeGroupId: groups.get('Facilities') });
    await assign(assignedAndGroup, { assigneeUserId: me.id, assigneeGroupId: groups.get('Maintenance') });
    await assign(toAnotherGroup, { assigneeGroupId: groups.get('HR') });
    const expected = [own, ownAndAssigned, assigned, toMaintenance, toFacilities, assignedAndGroup];

    await expectExactly('maintenance', expected);
    expect(expected).not.toContain(hidden);
    // filters apply inside every branch; a filtered walk is the admin's filtered list cut the same way
    await expectExactly(
      'maintenance',
      [ownAndAssigned, assigned, toMaintenance, toFacilities, assignedAndGroup],
      '&status=Assigned',
    );
    await expectExactly('maintenance', [toMaintenance, toFacilities, assignedAndGroup], '&assignee=my-groups', '');
  });

  it(`pages the same way with more than ${MAX_BRANCHES_PER_KIND} role groups (one branch for all of them)`, async () => {
    const admin = await authHeader(app, 'admin');
    const me = await profileOf(app, 'it');
    const before = await walk('it', 'sort=-updatedAt', 100);
    const expected = [...before];
    for (let i = 0; i < MAX_BRANCHES_PER_KIND + 1; i += 1) {
      const created = await app.inject({
        method: 'POST',
        url: '/api/role-groups',
        headers: admin,
        payload: { name: `Branch test ${i}`, scopes: [] },
      });
      expect(created.statusCode, created.body).toBe(201);
      const group = created.json<RoleGroupDetail>();
      const joined = await app.inject({
        method: 'PUT',
        url: `/api/role-groups/${group.id}/members/${me.id}`,
        headers: admin,
      });
      expect(joined.statusCode, joined.body).toBe(204);
      const ticket = await createApTicket(app, 'employee', `branch-group-${i}`);
      await assign(ticket, { assigneeGroupId: group.id });
      expected.push(ticket);
    }
    expect((await profileOf(app, 'it')).roleGroups.length).toBeGreaterThan(MAX_BRANCHES_PER_KIND);
    await expectExactly('it', expected);
  });

  function walkChanges(username: string, limit: number, query = ''): Promise<ChangeEntry[]> {
    return allPages<ChangeEntry>(username, `/api/changes?limit=${limit}${query}`);
  }

  it('pages a requester’s history: own tickets and tickets assigned to them or their group, no internal comments', async () => {
    const me = await profileOf(app, 'employee');
    const groups = await groupIdsByName();
    const own = await createApTicket(app, 'employee', 'history-own');
    const assignedToMe = await createApTicket(app, 'risk', 'history-assigned');
    const toMyGroup = await createApTicket(app, 'risk', 'history-group');
    const hidden = await createApTicket(app, 'risk', 'history-hidden');
    await assign(assignedToMe, { assigneeUserId: me.id });
    await assign(toMyGroup, { assigneeGroupId: groups.get('Employees') });
    const accounting = await authHeader(app, 'accounting');
    for (const [id, body] of [
      [own, { body: 'internal on own', isInternal: true }],
      [own, { body: 'public on own' }],
      [assignedToMe, { body: 'internal on assigned', isInternal: true }],
      [hidden, { body: 'public on hidden' }],
    ] as const) {
      const response = await app.inject({
        method: 'POST',
        url: `/api/tickets/${id}/comments`,
        payload: body,
        headers: accounting,
      });
      expect(response.statusCode, response.body).toBe(201);
    }
    // the newest entries of the requester are of another area, so a filter must not just cut a page
    const incident = await app.inject({
      method: 'POST',
      url: '/api/areas/IncidentForm/submissions',
      payload: {
        incidentType: 'Flood',
        occurredAt: '2025-02-02T07:30:00Z',
        property: 'P-1005',
        description: 'history-other-area',
      },
      headers: await authHeader(app, 'employee'),
    });
    expect(incident.statusCode, incident.body).toBe(201);
    for (const body of ['one', 'two', 'three']) {
      const response = await app.inject({
        method: 'POST',
        url: `/api/tickets/${incident.json<{ id: string }>().id}/comments`,
        payload: { body },
        headers: await authHeader(app, 'employee'),
      });
      expect(response.statusCode, response.body).toBe(201);
    }
    // every ticket entry carries its ticket's requester, set by the database
    const unset = await app.db
      .select({ id: changes.id })
      .from(changes)
      .where(and(eq(changes.entity, 'submission'), isNull(changes.ticketRequesterId)));
    expect(unset).toEqual([]);

    const visible = new Set(await walk('employee', 'sort=-updatedAt', 100));
    expect([...visible]).toEqual(expect.arrayContaining([own, assignedToMe, toMyGroup]));
    expect(visible.has(hidden)).toBe(false);
    const all = (await walkChanges('admin', 100)).filter(
      (e) => e.entity === 'submission' && visible.has(e.entityId) && e.action !== 'commented_internal',
    );
    const reference = all.map((e) => e.id);
    expect(reference.length).toBeGreaterThan(visible.size);
    for (const limit of [1, 2, 3, 25]) {
      expect(
        (await walkChanges('employee', limit)).map((e) => e.id),
        `limit ${limit}`,
      ).toEqual(reference);
    }
    // filters that read the ticket (area, number) join it on the requester's own branch too
    const ownNumber = all.find((e) => e.entityId === own)?.ticket?.number;
    expect(ownNumber).toBeDefined();
    for (const [query, expected] of [
      ['&area=AP', all.filter((e) => e.ticket?.area === 'AP')],
      [`&ticket=${ownNumber}`, all.filter((e) => e.entityId === own)],
      [`&ticket=${own}`, all.filter((e) => e.entityId === own)],
    ] as const) {
      expect(expected.length, query).toBeGreaterThan(0);
      for (const limit of [2, 25]) {
        expect(
          (await walkChanges('employee', limit, query)).map((e) => e.id),
          `${query} limit ${limit}`,
        ).toEqual(expected.map((e) => e.id));
      }
    }
    expect((await walkChanges('employee', 25, '&area=IncidentForm')).map((e) => e.entityId)).toEqual(
      Array(4).fill(incident.json<{ id: string }>().id),
    );
    expect(await walkChanges('employee', 25, '&area=ResidentService')).toEqual([]);
  });
});
