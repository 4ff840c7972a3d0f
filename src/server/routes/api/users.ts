/**
 * Users and the scope vocabulary for administrators (docs/behaviour.md "Role groups"), behind
 * `rolegroups:manage`:
 * - `GET /api/users?q=&limit=&cursor=` → UserPage: users whose name or e-mail contains `q`
 *   (case-insensitive), by name, keyset pages (docs/behaviour.md "List paging");
 * - `GET /api/users/:id/access` → UserAccess: effective scopes and the groups granting each; 404;
 * - `GET /api/scopes` → ScopeVocabulary: the fixed scopes plus the two scopes of every discovered
 *   area (docs/behaviour.md "Scopes").
 */
import type { FastifyPluginCallbackTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { scopeVocabulary } from '../../../shared/scope-vocabulary';
import { ROLEGROUPS_MANAGE_SCOPE } from '../../../shared/scopes';
import { searchUsers, userAccess } from '../../domains/role-groups';
import { notFound } from '../../lib/errors';
import { ScopeVocabularySchema, UserAccessSchema, UserPageSchema, UuidParams } from './role-groups/schemas';
import { ApiErrorSchema, AUTH_ERRORS } from './schemas';
import { UUID_PATTERN } from '../../lib/uuid';

const MANAGE = { permission: { scope: ROLEGROUPS_MANAGE_SCOPE } } as const;

const UserQuery = Type.Object({
  q: Type.Optional(Type.String({ maxLength: 200 })),
  limit: Type.Integer({ minimum: 1, maximum: 100, default: 20 }),
  cursor: Type.Optional(Type.String({ maxLength: 512 })),
});

/** See the module comment. */
export const userRoutes: FastifyPluginCallbackTypebox = (app, _options, done) => {
  app.get(
    '/users',
    {
      config: MANAGE,
      schema: {
        tags: ['users'],
        summary: 'Search users by name or e-mail',
        querystring: UserQuery,
        response: { 200: UserPageSchema, 400: ApiErrorSchema, 403: ApiErrorSchema, ...AUTH_ERRORS },
      },
    },
    async (request) => searchUsers(app.db, request.query),
  );

  app.get(
    '/users/:id/access',
    {
      config: MANAGE,
      schema: {
        tags: ['users'],
        summary: "A user's effective scopes and the role groups granting each",
        params: UuidParams,
        response: { 200: UserAccessSchema, 403: ApiErrorSchema, 404: ApiErrorSchema, ...AUTH_ERRORS },
      },
    },
    async (request) => {
      const access = UUID_PATTERN.test(request.params.id) ? await userAccess(app.db, request.params.id) : null;
      if (!access) throw notFound(`There is no user ${request.params.id}.`);
      return access;
    },
  );

  app.get(
    '/scopes',
    {
      config: MANAGE,
      schema: {
        tags: ['role groups'],
        summary: 'The scope vocabulary, per-area scopes included',
        response: { 200: ScopeVocabularySchema, 403: ApiErrorSchema, ...AUTH_ERRORS },
      },
    },
    () => ({ items: scopeVocabulary(app.areas.list.map((area) => area.definition)) }),
  );
  done();
};
