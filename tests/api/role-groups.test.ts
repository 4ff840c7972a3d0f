import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ValidationErrorBody } from '../../src/shared/api-error';
import type { Profile } from '../../src/shared/me';
import type {
  RoleGroup,
  RoleGroupDetail,
  RoleGroupList,
  ScopeVocabulary,
  UserAccess,
  UserPage,
} from '../../src/shared/role-groups';
import { changes, roleGroups } from '../../src/server/db/schema';
import { createTestApp } from './helpers/app';
import { authHeader } from './helpers/sign-in';

describe('role groups (/api/role-groups, /api/users, /api/scopes)', () => {
  let app: FastifyInstance;
  let admin: { authorization: string };
  let employee: { authorization: string };
  let employeeId: string;

  beforeAll(async () => {
    app = await createTestApp();
    admin = await authHeader(app, 'admin');
    employee = await authHeader(app, 'employee');
    employeeId = (await app.inject({ url: '/api/me', headers: employee })).json<Profile>().id;
  });
  afterAll(() => app.close());

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers = admin, payload?: object) =>
    app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

  async function createGroup(body: object): Promise<RoleGroupDetail> {
    const response = await call('POST', '/api/role-groups', admin, body);
    expect(response.statusCode, response.body).toBe(201);
    return response.json<RoleGroupDetail>();
  }

  async function scopesOf(headers: { authorization: string }): Promise<string[]> {
    return (await app.inject({ url: '/api/me', headers })).json<Profile>().scope;
  }

  async function changesOf(id: string) {
    return app.db
      .select()
      .from(changes)
      .where(and(eq(changes.entity, 'role_group'), eq(changes.entityId, id)));
  }

  it('refuses everything to a user without rolegroups:manage (403)', async () => {
    for (const url of ['/api/role-groups', '/api/users', '/api/scopes', `/api/users/${employeeId}/access`]) {
      expect((await call('GET', url, employee)).statusCode, url).toBe(403);
    }
    expect((await call('POST', '/api/role-groups', employee, { name: 'X', scopes: [] })).statusCode).toBe(403);
  });

  it('lists the seeded groups with scopes, identity-provider ids and member counts', async () => {
    const response = await call('GET', '/api/role-groups');
    expect(response.statusCode).toBe(200);
    const { items } = response.json<RoleGroupList>();
    const administrators = items.find((g) => g.name === 'Administrators');
    expect(administrators).toMatchObject({
      scopes: ['admin'],
      idpGroupIds: ['Administrators'],
      memberCount: 0,
      version: 1,
    });
    expect(items.find((g) => g.name === 'Employees')).toMatchObject({ includesEveryone: true });
    expect(items.map((g) => g.name)).toContain('Accounting');
  });

  it('offers the portal-wide scope vocabulary and both scopes of every discovered area', async () => {
    const { items } = (await call('GET', '/api/scopes')).json<ScopeVocabulary>();
    const scopes = items.map((item) => item.scope);
    for (const scope of ['admin', 'forms:submit', 'tickets:work', 'rolegroups:manage', 'reports:accounting:read']) {
      expect(scopes).toContain(scope);
    }
    for (const area of app.areas.list) {
      expect(scopes).toContain(`forms:${area.definition.key}:read`);
      expect(scopes).toContain(`forms:${area.definition.key}:submit`);
    }
  });

  it('answers 422 naming each faulty field and stores nothing', async () => {
    const before = (await call('GET', '/api/role-groups')).json<RoleGroupList>().items.length;
    const response = await call('POST', '/api/role-groups', admin, {
      name: '  ',
      scopes: ['forms:submit', 'forms:Nope:read'],
      idpGroupIds: ['has space'],
      colour: 'red',
    });
    expect(response.statusCode).toBe(422);
    const body = response.json<ValidationErrorBody>();
    expect(body.errors.map((e) => e.path).sort()).toEqual(['/colour', '/idpGroupIds/0', '/name', '/scopes/1']);
    expect(body.errors.find((e) => e.path === '/scopes/1')?.message).toContain('forms:Nope:read');
    expect((await call('GET', '/api/role-groups')).json<RoleGroupList>().items.length).toBe(before);
    const duplicate = await call('POST', '/api/role-groups', admin, { name: 'Accounting', scopes: [] });
    expect(duplicate.statusCode).toBe(422);
    expect(duplicate.json<ValidationErrorBody>().errors[0]?.path).toBe('/name');
  });

  it("applies a member's new scopes on their next request and writes every change to the history", async () => {
    const group = await createGroup({
      name: 'Report readers',
      description: 'Month-end',
      scopes: ['reports:accounting:read'],
    });
    expect(await scopesOf(employee)).not.toContain('reports:accounting:read');

    expect((await call('PUT', `/api/role-groups/${group.id}/members/${employeeId}`)).statusCode).toBe(204);
    expect(await scopesOf(employee)).toContain('reports:accounting:read');

    const access = (await call('GET', `/api/users/${employeeId}/access`)).json<UserAccess>();
    expect(access.scopes.find((s) => s.scope === 'reports:accounting:read')?.groups).toEqual(['Report readers']);
    expect(access.groups.find((g) => g.name === 'Report readers')?.via).toEqual(['member']);
    expect(access.groups.find((g) => g.name === 'Employees')?.via).toEqual(['everyone']);

    const detail = (await call('GET', `/api/role-groups/${group.id}`)).json<RoleGroupDetail>();
    expect(detail.members.map((m) => m.id)).toEqual([employeeId]);
    expect(detail.memberCount).toBe(1);

    expect((await call('DELETE', `/api/role-groups/${group.id}/members/${employeeId}`)).statusCode).toBe(204);
    expect(await scopesOf(employee)).not.toContain('reports:accounting:read');
    expect((await call('DELETE', `/api/role-groups/${group.id}/members/${employeeId}`)).statusCode).toBe(404);

    const actions = (await changesOf(group.id)).map((c) => c.action);
    expect(actions).toEqual(['created', 'member_added', 'member_removed']);
  });

  it('shows where identity-provider group scopes come from', async () => {
    await authHeader(app, 'accounting').then((headers) => app.inject({ url: '/api/me', headers }));
    const page = (await call('GET', '/api/users?q=alex')).json<UserPage>();
    const accounting = page.items.find((u) => u.email === 'accounting@tm.example');
    expect(accounting).toBeDefined();
    const access = (await call('GET', `/api/users/${accounting?.id}/access`)).json<UserAccess>();
    expect(access.idpGroups).toEqual(['Accounting']);
    expect(access.groups.find((g) => g.name === 'Accounting')?.via).toEqual(['idp-group']);
    expect(access.scopes.find((s) => s.scope === 'forms:AP:read')?.groups).toEqual(['Accounting']);
  });

  it('updates with the current version, refuses a stale one (409) and changes the scopes at once', async () => {
    const group = await createGroup({ name: 'Tickets', scopes: [] });
    await call('PUT', `/api/role-groups/${group.id}/members/${employeeId}`);
    const updated = await call('PUT', `/api/role-groups/${group.id}`, admin, {
      name: 'Ticket workers',
      scopes: ['tickets:work'],
      version: group.version,
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json<RoleGroup>()).toMatchObject({ name: 'Ticket workers', version: group.version + 1 });
    expect(await scopesOf(employee)).toContain('tickets:work');

    const stale = await call('PUT', `/api/role-groups/${group.id}`, admin, {
      name: 'Other',
      scopes: [],
      version: group.version,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json<{ message: string }>().message).toContain('changed');
    const missingVersion = await call('PUT', `/api/role-groups/${group.id}`, admin, { name: 'Other', scopes: [] });
    expect(missingVersion.json<ValidationErrorBody>().errors.map((e) => e.path)).toEqual(['/version']);

    const diff = (await changesOf(group.id)).find((c) => c.action === 'updated')?.diff;
    expect(diff).toEqual({
      name: { from: 'Tickets', to: 'Ticket workers' },
      scopes: { from: [], to: ['tickets:work'] },
    });
  });

  it('refuses to delete a group a reference check reports in use (409 naming it), then deletes it', async () => {
    const group = await createGroup({ name: 'Routed', scopes: [] });
    const unregister = app.groupReferences.add((_db, id) =>
      Promise.resolve(id === group.id ? [{ kind: 'routing rule', name: 'AP invoices over $5,000' }] : []),
    );
    try {
      const refused = await call('DELETE', `/api/role-groups/${group.id}`);
      expect(refused.statusCode).toBe(409);
      expect(refused.json<{ message: string }>().message).toContain('routing rule "AP invoices over $5,000"');
      expect((await call('GET', `/api/role-groups/${group.id}`)).statusCode).toBe(200);
    } finally {
      unregister();
    }
    expect((await call('DELETE', `/api/role-groups/${group.id}`)).statusCode).toBe(204);
    expect((await call('GET', `/api/role-groups/${group.id}`)).statusCode).toBe(404);
    expect((await changesOf(group.id)).map((c) => c.action)).toEqual(['created', 'deleted']);
  });

  it('refuses to delete a group that routing rules assign to, naming the rules; deletes nothing', async () => {
    const group = await createGroup({ name: 'AP routing target', scopes: ['tickets:work'] });
    const ruleIds: string[] = [];
    for (const name of ['AP to routing target', 'AP at P-1002 to routing target']) {
      const created = await call('POST', '/api/assignment-rules', admin, {
        name,
        area: 'AP',
        property: name.includes('P-1002') ? 'P-1002' : null,
        enabled: false,
        assigneeGroupId: group.id,
      });
      expect(created.statusCode, created.body).toBe(201);
      ruleIds.push(created.json<{ id: string }>().id);
    }
    const before = await changesOf(group.id);

    const refused = await call('DELETE', `/api/role-groups/${group.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ error: string; message: string }>()).toMatchObject({ error: 'conflict' });
    const { message } = refused.json<{ message: string }>();
    expect(message).toContain('"AP routing target"');
    expect(message).toContain('routing rule "AP to routing target"');
    expect(message).toContain('routing rule "AP at P-1002 to routing target"');

    expect((await call('GET', `/api/role-groups/${group.id}`)).statusCode).toBe(200);
    for (const id of ruleIds) {
      const rule = await call('GET', `/api/assignment-rules/${id}`);
      expect(rule.json<{ assigneeGroup: { id: string } | null }>().assigneeGroup?.id).toBe(group.id);
    }
    expect(await changesOf(group.id)).toEqual(before);

    // Once no rule assigns to it, the same delete goes through.
    for (const id of ruleIds)
      expect((await call('DELETE', `/api/assignment-rules/${id}?version=1`)).statusCode).toBe(204);
    expect((await call('DELETE', `/api/role-groups/${group.id}`)).statusCode).toBe(204);
  });

  it('never leaves Administrators empty, renamed, without admin, or deleted', async () => {
    const [administrators] = await app.db.select().from(roleGroups).where(eq(roleGroups.name, 'Administrators'));
    const id = administrators?.id ?? '';
    const adminId = (await app.inject({ url: '/api/me', headers: admin })).json<Profile>().id;
    expect((await call('PUT', `/api/role-groups/${id}/members/${adminId}`)).statusCode).toBe(204);
    const last = await call('DELETE', `/api/role-groups/${id}/members/${adminId}`);
    expect(last.statusCode).toBe(409);
    expect(last.json<{ message: string }>().message).toContain('last member of Administrators');
    expect((await call('PUT', `/api/role-groups/${id}/members/${employeeId}`)).statusCode).toBe(204);
    expect((await call('DELETE', `/api/role-groups/${id}/members/${adminId}`)).statusCode).toBe(204);
    expect((await call('DELETE', `/api/role-groups/${id}/members/${employeeId}`)).statusCode).toBe(409);

    const rename = await call('PUT', `/api/role-groups/${id}`, admin, {
      name: 'Admins',
      scopes: [],
      version: administrators?.version,
    });
    expect(rename.json<ValidationErrorBody>().errors.map((e) => e.path)).toEqual(['/name', '/scopes']);
    expect((await call('DELETE', `/api/role-groups/${id}`)).statusCode).toBe(409);
  });

  it('lets only one of two concurrent removals of the last two Administrators members through', async () => {
    const [administrators] = await app.db.select().from(roleGroups).where(eq(roleGroups.name, 'Administrators'));
    const id = administrators?.id ?? '';
    const explicitMembers = async () => (await call('GET', `/api/role-groups/${id}`)).json<RoleGroupDetail>().members;
    const pair: string[] = [];
    for (const name of ['accounting', 'risk']) {
      pair.push((await app.inject({ url: '/api/me', headers: await authHeader(app, name) })).json<Profile>().id);
    }
    for (const userId of pair) await call('PUT', `/api/role-groups/${id}/members/${userId}`);
    for (const existing of await explicitMembers()) {
      if (!pair.includes(existing.id)) await call('DELETE', `/api/role-groups/${id}/members/${existing.id}`);
    }
    // Several rounds: on PostgreSQL the two requests really run at once (pool of connections).
    for (let round = 0; round < 5; round += 1) {
      for (const userId of pair)
        expect((await call('PUT', `/api/role-groups/${id}/members/${userId}`)).statusCode).toBe(204);
      expect((await explicitMembers()).map((m) => m.id).sort()).toEqual([...pair].sort());
      const answers = await Promise.all(
        pair.map((userId) => call('DELETE', `/api/role-groups/${id}/members/${userId}`)),
      );
      expect(answers.map((a) => a.statusCode).sort(), `round ${round}`).toEqual([204, 409]);
      const refusal = answers.find((a) => a.statusCode === 409);
      expect(refusal?.json<{ message: string }>().message).toContain('last member of Administrators');
      expect(await explicitMembers(), `round ${round}`).toHaveLength(1);
    }
  });

  it('searches users by name or e-mail in keyset pages', async () => {
    for (const name of ['accounting', 'maintenance', 'risk', 'it']) await authHeader(app, name);
    for (const name of ['accounting', 'maintenance', 'risk', 'it']) {
      await app.inject({ url: '/api/me', headers: await authHeader(app, name) });
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: UserPage = (
        await call('GET', `/api/users?q=tm.example&limit=2${cursor ? `&cursor=${cursor}` : ''}`)
      ).json();
      seen.push(...page.items.map((u) => u.name));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual([...seen].sort());
    expect(seen.length).toBe(6);
    expect((await call('GET', '/api/users?q=RILEY')).json<UserPage>().items.map((u) => u.name)).toEqual(['Riley Risk']);
    expect((await call('GET', '/api/users?cursor=nope')).statusCode).toBe(400);
  });
});
