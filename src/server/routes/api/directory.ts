/**
 * The people and group directory for the form pickers whose options come from the API (users and
 * role groups): what any signed-in colleague may look up, as a corporate address book shows it —
 * name and e-mail of users, name of role groups. Managing them, members and scopes stay behind
 * `rolegroups:manage` (routes/api/users.ts, routes/api/role-groups/).
 * - `GET /api/directory/users?q=&limit=&cursor=` → UserPage (same search and keyset pages as
 *   `GET /api/users`); 400 for a bad cursor;
 * - `GET /api/directory/role-groups` → RoleGroupDirectory `{ items: [{ id, name }] }` by name.
 */
import type { FastifyPluginCallbackTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { listRoleGroupNames, searchUsers } from '../../domains/role-groups';
import { UserPageSchema } from './role-groups/schemas';
import { ApiErrorSchema, AUTH_ERRORS } from './schemas';

const SIGNED_IN = { permission: 'signed-in' } as const;

const DirectoryUserQuery = Type.Object({
  q: Type.Optional(Type.String({ maxLength: 200 })),
  limit: Type.Integer({ minimum: 1, maximum: 100, default: 20 }),
  cursor: Type.Optional(Type.String({ maxLength: 512 })),
});

const RoleGroupDirectorySchema = Type.Object({
  items: Type.Array(Type.Object({ id: Type.String(), name: Type.String() })),
});

/** See the module comment. */
export const directoryRoutes: FastifyPluginCallbackTypebox = (app, _options, done) => {
  app.get(
    '/directory/users',
    {
      config: SIGNED_IN,
      schema: {
        tags: ['directory'],
        summary: 'Look up colleagues by name or e-mail (for pickers)',
        querystring: DirectoryUserQuery,
        response: { 200: UserPageSchema, 400: ApiErrorSchema, ...AUTH_ERRORS },
      },
    },
    async (request) => searchUsers(app.db, request.query),
  );

  app.get(
    '/directory/role-groups',
    {
      config: SIGNED_IN,
      schema: {
        tags: ['directory'],
        summary: 'Every role group by name (for pickers)',
        response: { 200: RoleGroupDirectorySchema, ...AUTH_ERRORS },
      },
    },
    async () => ({ items: await listRoleGroupNames(app.db) }),
  );

  done();
};
