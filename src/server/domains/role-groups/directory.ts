/**
 * The people and group directory behind the pickers: users by name or e-mail in keyset pages,
 * every role group by name, and the people and groups a ticket or routing rule can be assigned to.
 */
import { and, asc, ilike, or, sql } from 'drizzle-orm';
import type { AssigneeOptions } from '../../../shared/assignment';
import type { UserPage } from '../../../shared/role-groups';
import type { Database } from '../../db/client';
import { roleGroups, users } from '../../db/schema';
import { decodeCursor, encodeCursor } from '../../lib/cursor';
import { badRequest } from '../../lib/errors';
import { escapeLike } from '../../lib/search-query';
import { UUID_PATTERN } from '../../lib/uuid';

const SORT = 'name';

/** What {@link searchUsers} takes: `q` (matched anywhere in name or e-mail, any case), a page size, an opaque cursor. */
export type UserSearch = { q?: string; limit: number; cursor?: string };

/**
 * One page of users whose name or e-mail contains `q`, by name then id, and the cursor of the
 * next page (null on the last). Errors: 400 `bad_request` for a cursor this list did not issue.
 */
export async function searchUsers(db: Database, query: UserSearch): Promise<UserPage> {
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

/** Every role group as `{ id, name }`, by name then id. */
export async function listRoleGroupNames(db: Database): Promise<{ id: string; name: string }[]> {
  return db
    .select({ id: roleGroups.id, name: roleGroups.name })
    .from(roleGroups)
    .orderBy(asc(roleGroups.name), asc(roleGroups.id));
}

/**
 * Users (known from sign-in) and role groups that work can be assigned to, each by name; at most
 * `maxUsers` users when given.
 */
export async function assigneeOptions(db: Database, maxUsers?: number): Promise<AssigneeOptions> {
  const people = db.select({ id: users.id, name: users.name, email: users.email }).from(users).orderBy(asc(users.name));
  const [userRows, groups] = await Promise.all([
    maxUsers === undefined ? people : people.limit(maxUsers),
    db.select({ id: roleGroups.id, name: roleGroups.name }).from(roleGroups).orderBy(asc(roleGroups.name)),
  ]);
  return { users: userRows, groups };
}
