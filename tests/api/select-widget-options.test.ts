/**
 * The select widget's API lists (`ui:options.optionsFrom: users | roleGroups`) against the REAL
 * routes: the bodies of `GET /api/directory/users?q=` and `GET /api/directory/role-groups` become
 * the options the widget shows (value = id, label = name, users with their e-mail), for every
 * signed-in user (an employee filling a form, not only administrators); the directory gives
 * names, never scopes or members.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Profile } from '../../src/shared/me';
import { REMOTE_OPTION_SOURCES, remoteOptionSource } from '../../src/client/form-engine/widgets/remote-option-sources';
import { createTestApp } from './helpers/app';
import { authHeader } from './helpers/sign-in';

describe('select widget options from the directory (/api/directory/users, /api/directory/role-groups)', () => {
  let app: FastifyInstance;
  let admin: { authorization: string };
  let employee: { authorization: string };

  beforeAll(async () => {
    app = await createTestApp();
    admin = await authHeader(app, 'admin');
    employee = await authHeader(app, 'employee');
  });
  afterAll(() => app.close());

  const get = (path: string, headers = admin) => app.inject({ url: `/api/${path}`, headers });

  it('maps a users search page to id → "Name (e-mail)" options', async () => {
    const me = (await get('me', employee)).json<Profile>();
    const { path, searchable, toOptions } = REMOTE_OPTION_SOURCES.users;
    expect(searchable).toBe(true);
    const response = await get(`${path}?q=emma`, employee);
    expect(response.statusCode).toBe(200);
    expect(toOptions(response.json())).toEqual([{ value: me.id, label: 'Emma Employee (employee@tm.example)' }]);
    const everyone = toOptions((await get(`${path}?q=`)).json());
    expect(everyone.map((option) => option.label)).toContain('Ada Admin (admin@tm.example)');
  });

  it('maps the role group list to id → name options, one per group', async () => {
    const source = remoteOptionSource('roleGroups');
    expect(source).toBe('roleGroups');
    const { path, searchable, toOptions } = REMOTE_OPTION_SOURCES.roleGroups;
    expect(searchable).toBe(false);
    const response = await get(path, employee);
    expect(response.statusCode).toBe(200);
    const options = toOptions(response.json());
    const groups = response.json<{ items: { id: string; name: string }[] }>().items;
    expect(options).toEqual(groups.map((group) => ({ value: group.id, label: group.name })));
    expect(options.map((option) => option.label)).toEqual(expect.arrayContaining(['Administrators', 'Accounting']));
  });

  it('gives ids and names only: no scopes, members or identity-provider groups', async () => {
    const groups = (await get(REMOTE_OPTION_SOURCES.roleGroups.path, employee)).json<{ items: object[] }>().items;
    expect(groups.length).toBeGreaterThan(0);
    for (const group of groups) expect(Object.keys(group).sort()).toEqual(['id', 'name']);
    const people = (await get(`${REMOTE_OPTION_SOURCES.users.path}?q=`, employee)).json<{ items: object[] }>().items;
    for (const person of people) expect(Object.keys(person).sort()).toEqual(['email', 'id', 'name']);
    expect((await get('directory/role-groups', { authorization: '' })).statusCode).toBe(401);
    expect(remoteOptionSource('properties')).toBeUndefined();
  });
});
