/**
 * Users and their effective scopes: the union of the scopes of the role groups they belong to
 * (docs/behaviour.md "Scopes").
 */
import { and, eq, exists, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { roleGroupMembers, roleGroups, userTokenGroups, users } from '../../db/schema';

/** Who signed in, from the access token: issuer, subject, display name and e-mail. */
export type UserIdentity = { issuer: string; subject: string; name: string; email: string | null };

const LAST_SEEN_REFRESH_MS = 5 * 60 * 1000;
/** Users remembered per database before the memory is emptied (bounds memory under many users). */
const MAX_REMEMBERED = 10_000;

/** What this process last read or wrote of a user row; `seenAt` is its `last_seen_at` in epoch ms. */
type SeenUser = { id: string; name: string; email: string | null; seenAt: number };
const seenUsers = new WeakMap<Database, Map<string, SeenUser>>();

function seenOf(db: Database): Map<string, SeenUser> {
  let seen = seenUsers.get(db);
  if (!seen) {
    seen = new Map();
    seenUsers.set(db, seen);
  }
  return seen;
}

function remember(db: Database, key: string, user: SeenUser): void {
  const seen = seenOf(db);
  if (seen.size >= MAX_REMEMBERED) seen.clear();
  seen.set(key, user);
}

/**
 * Returns the user's id for (issuer, subject), creating the user on first sign-in and refreshing
 * name, e-mail and last-seen time when they changed or are older than 5 minutes (so a busy user
 * does not write a row on every request). The row this process last read or wrote is remembered,
 * so within those 5 minutes a request with the same name and e-mail costs no query at all (users
 * are never deleted; ids never change).
 */
export async function upsertUser(db: Database, identity: UserIdentity): Promise<string> {
  const key = `${identity.issuer}\n${identity.subject}`;
  const known = seenOf(db).get(key);
  if (
    known &&
    Date.now() - known.seenAt < LAST_SEEN_REFRESH_MS &&
    known.name === identity.name &&
    known.email === identity.email
  ) {
    return known.id;
  }
  const [found] = await db
    .select({ id: users.id, name: users.name, email: users.email, lastSeenAt: users.lastSeenAt })
    .from(users)
    .where(and(eq(users.issuer, identity.issuer), eq(users.subject, identity.subject)))
    .limit(1);
  const fresh = found && Date.now() - found.lastSeenAt.getTime() < LAST_SEEN_REFRESH_MS;
  if (found && fresh && found.name === identity.name && found.email === identity.email) {
    remember(db, key, { id: found.id, name: found.name, email: found.email, seenAt: found.lastSeenAt.getTime() });
    return found.id;
  }
  const [row] = await db
    .insert(users)
    .values(identity)
    .onConflictDoUpdate({
      target: [users.issuer, users.subject],
      set: { name: identity.name, email: identity.email, lastSeenAt: sql`now()` },
    })
    .returning({ id: users.id, lastSeenAt: users.lastSeenAt });
  if (!row) throw new Error('user upsert returned no row');
  remember(db, key, { id: row.id, name: identity.name, email: identity.email, seenAt: row.lastSeenAt.getTime() });
  return row.id;
}

/**
 * `roleGroups` (names) and `scope` are the profile's; `roleGroupIds` are the same groups' ids, so
 * the ticket lists' visibility rule needs no per-request lookup (domains/submissions/visibility.ts
 * `myGroupIdList`).
 */
export type EffectiveAccess = { roleGroups: string[]; roleGroupIds: string[]; scope: string[] };

/**
 * The role groups that apply to a user — members, groups whose `idp_group_ids` intersect the
 * token's group claim, groups named by `mappedGroupNames` (OIDC_GROUP_MAP) and groups that include
 * everyone — by name, with their ids in the same order, and the sorted union of their scopes.
 */
export async function effectiveAccess(
  db: Database,
  userId: string,
  idpGroups: readonly string[],
  mappedGroupNames: readonly string[] = [],
): Promise<EffectiveAccess> {
  const member = db
    .select({ one: sql`1` })
    .from(roleGroupMembers)
    .where(and(eq(roleGroupMembers.roleGroupId, roleGroups.id), eq(roleGroupMembers.userId, userId)));
  const conditions = [eq(roleGroups.includesEveryone, true), exists(member)];
  if (idpGroups.length) {
    conditions.push(
      sql`${roleGroups.idpGroupIds} ?| array(select jsonb_array_elements_text(${JSON.stringify(idpGroups)}::jsonb))`,
    );
  }
  if (mappedGroupNames.length) conditions.push(inArray(roleGroups.name, [...mappedGroupNames]));
  const rows = await db
    .select({ id: roleGroups.id, name: roleGroups.name, scopes: roleGroups.scopes })
    .from(roleGroups)
    .where(or(...conditions));
  rows.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return {
    roleGroups: rows.map((row) => row.name),
    roleGroupIds: rows.map((row) => row.id),
    scope: [...new Set(rows.flatMap((row) => row.scopes))].sort(),
  };
}

/** Names of every role group (start-up check of OIDC_GROUP_MAP). */
export async function roleGroupNames(db: Database): Promise<string[]> {
  return (await db.select({ name: roleGroups.name }).from(roleGroups)).map((row) => row.name);
}

/**
 * The query of the ids (`u.id`, uuid) of every user the role group whose id is `groupId` (an SQL
 * expression of type uuid, e.g. a parameter or another query's column) counts as a member
 * (docs/behaviour.md "Role groups"): explicit members, users whose latest token named one of its
 * identity-provider groups or mapped to it by OIDC_GROUP_MAP, and everyone who has signed in for a
 * group that includes everyone. No rows for an unknown group. A statement that needs the members
 * with other work embeds it (`array(${groupMembersQuery(…)})`) instead of a round trip of its own;
 * `groupId` must not name the aliases the query uses itself (`u`, `g`, `m`, `t`), or it would
 * refer to them instead of the outer query's.
 */
export function groupMembersQuery(groupId: SQL): SQL {
  return sql`
    select u.id from ${users} u join ${roleGroups} g on g.id = ${groupId}
    where g.includes_everyone
      or exists (select 1 from ${roleGroupMembers} m where m.role_group_id = g.id and m.user_id = u.id)
      or exists (
        select 1 from ${userTokenGroups} t where t.user_id = u.id
          and (t.mapped_groups ? g.name or g.idp_group_ids ?| array(select jsonb_array_elements_text(t.idp_groups)))
      )`;
}

/** Ids of every user the role group `groupId` counts as a member ({@link groupMembersQuery}); empty for an unknown group. */
export async function groupMemberIds(db: Database, groupId: string): Promise<string[]> {
  const result = await db.execute(groupMembersQuery(sql`${groupId}::uuid`));
  return (result as { rows: { id: string }[] }).rows.map((row) => row.id);
}
