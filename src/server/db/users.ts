/** Users and their effective scopes (design.md §5: the union of their role groups' scopes). */
import { and, eq, exists, inArray, or, sql } from 'drizzle-orm';
import type { Database } from './client';
import { roleGroupMembers, roleGroups, users } from './schema';

export type UserIdentity = { issuer: string; subject: string; name: string; email: string | null };

const LAST_SEEN_REFRESH_MS = 5 * 60 * 1000;

/**
 * Returns the user's id for (issuer, subject), creating the user on first sign-in and refreshing
 * name, e-mail and last-seen time when they changed or are older than 5 minutes (so a busy user
 * does not write a row on every request).
 */
export async function upsertUser(db: Database, identity: UserIdentity): Promise<string> {
  const [found] = await db
    .select({ id: users.id, name: users.name, email: users.email, lastSeenAt: users.lastSeenAt })
    .from(users)
    .where(and(eq(users.issuer, identity.issuer), eq(users.subject, identity.subject)))
    .limit(1);
  const fresh = found && Date.now() - found.lastSeenAt.getTime() < LAST_SEEN_REFRESH_MS;
  if (found && fresh && found.name === identity.name && found.email === identity.email) return found.id;
  const [row] = await db
    .insert(users)
    .values(identity)
    .onConflictDoUpdate({
      target: [users.issuer, users.subject],
      set: { name: identity.name, email: identity.email, lastSeenAt: sql`now()` },
    })
    .returning({ id: users.id });
  if (!row) throw new Error('user upsert returned no row');
  return row.id;
}

export type EffectiveAccess = { roleGroups: string[]; scope: string[] };

/**
 * The role groups that apply to a user — members, groups whose `idp_group_ids` intersect the
 * token's group claim, groups named by `mappedGroupNames` (OIDC_GROUP_MAP) and groups that include
 * everyone — and the sorted union of their scopes.
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
    .select({ name: roleGroups.name, scopes: roleGroups.scopes })
    .from(roleGroups)
    .where(or(...conditions));
  return {
    roleGroups: rows.map((row) => row.name).sort(),
    scope: [...new Set(rows.flatMap((row) => row.scopes))].sort(),
  };
}

/** Names of every role group (start-up check of OIDC_GROUP_MAP). */
export async function roleGroupNames(db: Database): Promise<string[]> {
  return (await db.select({ name: roleGroups.name }).from(roleGroups)).map((row) => row.name);
}
