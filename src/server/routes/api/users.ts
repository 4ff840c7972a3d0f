/**
 * Users and the scope vocabulary for administrators (issue 6), behind `rolegroups:manage`:
 * - `GET /api/users?q=&limit=&cursor=` → UserPage: users whose name or e-mail contains `q`
 *   (case-insensitive), by name, keyset pages (engineering notes "Data");
 * - `GET /api/users/:id/access` → UserAccess: effective scopes and the groups granting each; 404;
 * - `GET /api/scopes` → ScopeVocabulary: design.md §5 plus per-area scopes of every discovered area.
 */
import type { FastifyPluginCallbackTypebox } from '@fastify/type-provider-typebox';
import { and, asc, ilike, or, sql } from 'drizzle-orm';
import { Type } from 'typebox';
import type { UserPage } from '../../../shared/role-groups';
import { scopeVocabulary } from '../../../shared/scope-vocabulary';
import { ROLEGROUPS_MANAGE_SCOPE } from '../../../shared/scopes';
import { userAccess } from '../../domains/role-groups/access';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';
import { decodeCursor, encodeCursor } from '../../lib/cursor';
import { badRequest, notFound } from '../../lib/errors';
import { escapeLike } from '../../lib/search-query';
import { ScopeVocabularySchema, UserAccessSchema, UserPageSchema, UuidParams } from './role-groups/schemas';
import { ApiErrorSchema, AUTH_ERRORS } from './schemas';
import { UUID_PATTERN } from '../../domains/submissions/repository';

const MANAGE = { permission: { scope: ROLEGROUPS_MANAGE_SCOPE } } as const;
const SORT = 'name';

const UserQuery = Type.Object({
  q: Type.Optional(Type.String({ maxLength: 200 })),
  limit: Type.Integer({ minimum: 1, maximum: 100, default: 20 }),
  cursor: Type.Optional(Type.String({ maxLength: 512 })),
});

/** One page of users matching `q` by name or e-mail. Errors: 400 for a bad cursor. */
export async function searchUsers(
  db: Database,
  query: { q?: string; limit: number; cursor?: string },
): Promise<UserPage> {
  const text = query.q?.trim();
  const pattern = text ? `%${escapeLike(text)}%` : undefined;
  let after;
  if (query.cursor !== undefined) {
    const cursor = decodeCursor(query.cursor);
    if (!cursor || cursor.sort !== SORT || typeof cursor.key !== 'string' || !UUID_PATTERN.test(cursor.id)) {
      throw badRequest('The cursor is not valid for this list; start again from the first page.');
    }
    after = sql`(${users.name}, ${users.id}) > (${cursor.key}, ${cursor.id}::uuid)`;
  }
  const rows = await db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(and(pattern ? or(ilike(users.name, pattern), ilike(users.email, pattern)) : undefined, after))
    .orderBy(asc(users.name), asc(users.id))
    .limit(query.limit + 1);
  const items = rows.slice(0, query.limit);
  const last = items.at(-1);
  return {
    items,
    nextCursor: rows.length > query.limit && last ? encodeCursor({ sort: SORT, key: last.name, id: last.id }) : null,
  };
}

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
