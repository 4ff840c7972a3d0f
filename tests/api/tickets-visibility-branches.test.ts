/**
 * `GET /api/tickets` for a user who is not an administrator merges one first page per visibility
 * branch (routes/api/tickets/list.ts `visibleAmong`, lib/ticket-visibility
 * `ticketVisibilityBranches`): own tickets, tickets assigned to them, to each of their role groups
 * (or, past MAX_BRANCHES_PER_KIND groups, to any of them). Paging must give exactly the tickets the
 * rule allows, each once, in the same order as the administrator's list, whatever the page size.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RoleGroupDetail, RoleGroupList } from '../../src/shared/role-groups';
import type { TicketPage, TicketSort } from '../../src/shared/tickets';
import { MAX_BRANCHES_PER_KIND } from '../../src/server/lib/ticket-visibility';
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

  async function walk(username: string, query: string, limit: number): Promise<string[]> {
    const ids: string[] = [];
    let cursor: string | null = null;
    do {
      const response: { statusCode: number; body: string; json: () => unknown } = await app.inject({
        url: `/api/tickets?${query}&limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`,
        headers: await authHeader(app, username),
      });
      expect(response.statusCode, response.body).toBe(200);
      const page = response.json() as TicketPage;
      ids.push(...page.items.map((t) => t.id));
      cursor = page.nextCursor;
    } while (cursor);
    return ids;
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
});
