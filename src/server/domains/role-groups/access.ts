/**
 * Effective access per request: a user's effective scopes change on their next request after an
 * administrator changes them (docs/behaviour.md "Role groups"). {@link effectiveAccess} results are
 * cached for {@link ACCESS_CACHE_TTL_MS} per database and user, and every role-group or member
 * change calls {@link invalidateAccess}, so within one process the next request sees the change at
 * once. The change also announces `roleGroupsChanged` in its transaction, which tells the other API
 * nodes on the same PostgreSQL to call {@link invalidateAccess} when it commits (plugins/domains.ts,
 * plugins/cluster-events.ts); the TTL bounds what a lost notification can cost.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Profile } from '../../../shared/me';
import type { GrantingGroup, GroupSource, UserAccess } from '../../../shared/role-groups';
import type { Database } from '../../db/client';
import { roleGroupMembers, roleGroups, userTokenGroups, users } from '../../db/schema';
import { effectiveAccess, type EffectiveAccess } from './users';

/**
 * The signed-in user as routes see it: the `/api/me` profile, plus the ids of its role groups
 * (same groups as `roleGroups`, same order; absent on users built outside the auth hook).
 */
export type AuthUser = Profile & { roleGroupIds?: readonly string[] };

/** How long a computed access stays valid without a change, in milliseconds. */
export const ACCESS_CACHE_TTL_MS = 5_000;
/** Entries kept per database before the cache is emptied (bounds memory under many users). */
const MAX_ENTRIES = 10_000;

type Entry = { expiresAt: number; access: EffectiveAccess };
/** `generation` counts invalidations, so a lookup that raced with a change does not cache stale data. */
type Cache = { entries: Map<string, Entry>; generation: number };
const caches = new WeakMap<Database, Cache>();

function cacheOf(db: Database): Cache {
  let cache = caches.get(db);
  if (!cache) {
    cache = { entries: new Map(), generation: 0 };
    caches.set(db, cache);
  }
  return cache;
}

/** Forgets every cached access of `db` (call after any role-group, member or scope change). */
export function invalidateAccess(db: Database): void {
  const cache = cacheOf(db);
  cache.entries.clear();
  cache.generation += 1;
}

/** Remembers the token's groups for the access view; writes only when they changed. */
async function recordTokenGroups(db: Database, userId: string, idpGroups: string[], mappedGroups: string[]) {
  await db
    .insert(userTokenGroups)
    .values({ userId, idpGroups, mappedGroups })
    .onConflictDoUpdate({
      target: userTokenGroups.userId,
      set: { idpGroups, mappedGroups, seenAt: sql`now()` },
      setWhere: sql`${userTokenGroups.idpGroups} <> excluded.idp_groups or ${userTokenGroups.mappedGroups} <> excluded.mapped_groups`,
    });
}

/**
 * {@link effectiveAccess} through the cache. The key includes the token's groups, so a new token
 * with other group claims is computed afresh. On a miss the token's groups are recorded too.
 */
export async function cachedEffectiveAccess(
  db: Database,
  userId: string,
  idpGroups: readonly string[],
  mappedGroupNames: readonly string[],
): Promise<EffectiveAccess> {
  const cache = cacheOf(db);
  const key = JSON.stringify([userId, [...idpGroups].sort(), [...mappedGroupNames].sort()]);
  const hit = cache.entries.get(key);
  if (hit && hit.expiresAt > Date.now()) return hit.access;
  const generation = cache.generation;
  const access = await effectiveAccess(db, userId, idpGroups, mappedGroupNames);
  await recordTokenGroups(db, userId, [...idpGroups].sort(), [...mappedGroupNames].sort());
  if (generation !== cache.generation) return access;
  if (cache.entries.size >= MAX_ENTRIES) cache.entries.clear();
  cache.entries.set(key, { expiresAt: Date.now() + ACCESS_CACHE_TTL_MS, access });
  return access;
}

/**
 * A user's effective access with its sources, for administrators: groups through membership,
 * everyone-groups, and — from the user's latest token — identity-provider groups and
 * OIDC_GROUP_MAP names. Returns null for an unknown user id.
 */
export async function userAccess(db: Database, userId: string): Promise<UserAccess | null> {
  const [user] = await db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!user) return null;
  const [token] = await db.select().from(userTokenGroups).where(eq(userTokenGroups.userId, userId)).limit(1);
  const memberOf = new Set(
    (
      await db
        .select({ id: roleGroupMembers.roleGroupId })
        .from(roleGroupMembers)
        .where(and(eq(roleGroupMembers.userId, userId)))
    ).map((row) => row.id),
  );
  const idpGroups = new Set(token?.idpGroups ?? []);
  const mapped = new Set(token?.mappedGroups ?? []);
  const groups: (GrantingGroup & { scopes: string[] })[] = [];
  for (const group of await db.select().from(roleGroups).orderBy(roleGroups.name)) {
    const via: GroupSource[] = [];
    if (memberOf.has(group.id)) via.push('member');
    if (group.includesEveryone) via.push('everyone');
    if (group.idpGroupIds.some((id) => idpGroups.has(id))) via.push('idp-group');
    if (mapped.has(group.name)) via.push('group-map');
    if (via.length) groups.push({ id: group.id, name: group.name, via, scopes: group.scopes });
  }
  const grants = new Map<string, string[]>();
  for (const group of groups) {
    for (const scope of group.scopes) grants.set(scope, [...(grants.get(scope) ?? []), group.name]);
  }
  return {
    user,
    groups: groups.map(({ id, name, via }) => ({ id, name, via })),
    scopes: [...grants].sort(([a], [b]) => a.localeCompare(b)).map(([scope, names]) => ({ scope, groups: names })),
    idpGroups: token ? token.idpGroups : null,
  };
}
