/**
 * The select widget's API lists (`ui:options.optionsFrom: users | roleGroups`) against the REAL
 * routes: the bodies of `GET /api/users?q=` and `GET /api/role-groups` become the options the
 * widget shows (value = id, label = name, users with their e-mail), and both lists are refused
 * (403) to users without `rolegroups:manage`, which the widget reports in words.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Profile } from '../../src/shared/me';
import { REMOTE_OPTION_SOURCES, remoteOptionSource } from '../../src/client/form-engine/widgets/remote-option-sources';
import { createTestApp } from './helpers/app';
import { authHeader } from './helpers/sign-in';

describe('select widget options from /api/users and /api/role-groups', () => {
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
    const response = await get(`${path}?q=emma`);
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
    const response = await get(path);
    expect(response.statusCode).toBe(200);
    const options = toOptions(response.json());
    const groups = response.json<{ items: { id: string; name: string }[] }>().items;
    expect(options).toEqual(groups.map((group) => ({ value: group.id, label: group.name })));
    expect(options.map((option) => option.label)).toEqual(expect.arrayContaining(['Administrators', 'Accounting']));
  });

  it('is refused both lists without rolegroups:manage (the widget then shows a message, no options)', async () => {
    for (const source of ['users', 'roleGroups'] as const) {
      const response = await get(REMOTE_OPTION_SOURCES[source].path, employee);
      expect(response.statusCode, source).toBe(403);
      expect(REMOTE_OPTION_SOURCES[source].toOptions(response.json())).toEqual([]);
    }
    expect(remoteOptionSource('properties')).toBeUndefined();
  });
});
