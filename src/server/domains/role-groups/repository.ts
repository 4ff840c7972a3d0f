/**
 * Reading and changing role groups and their members (docs/behaviour.md "Role groups"). Every
 * change runs in one transaction with its `changes` row (docs/behaviour.md "History": entity
 * `role_group`, actions `created`, `updated`, `deleted`, `member_added`, `member_removed`, diff
 * `{ field: { from, to } }`), announces `roleGroupsChanged` in it (so the other API nodes forget the
 * access they remember when it commits) and clears this process's access cache afterwards, so
 * members' next requests see it.
 */
import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { JsonObject, JsonValue } from '../../../shared/json';
import {
  ADMINISTRATORS_GROUP,
  type RoleGroup,
  type RoleGroupDetail,
  type RoleGroupInput,
  type UserSummary,
} from '../../../shared/role-groups';
import { ADMIN_SCOPE } from '../../../shared/scopes';
import { invalidateAccess } from './access';
import type { RoleGroupDependencies } from './events';
import type { Database } from '../../db/client';
import { changes, roleGroupMembers, roleGroups, users } from '../../db/schema';
import { describeReferences, type GroupReferences } from './references';
import { HttpError, isUniqueViolation, notFound, validationFailed } from '../../lib/errors';
import { UUID_PATTERN } from '../../lib/uuid';

type GroupRow = typeof roleGroups.$inferSelect;

const memberCounts = (db: Database) =>
  db
    .select({ roleGroupId: roleGroupMembers.roleGroupId, n: count().as('n') })
    .from(roleGroupMembers)
    .groupBy(roleGroupMembers.roleGroupId)
    .as('member_counts');

function toRoleGroup(row: GroupRow, memberCount: number): RoleGroup {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    scopes: row.scopes,
    idpGroupIds: row.idpGroupIds,
    includesEveryone: row.includesEveryone,
    memberCount,
    version: row.version,
  };
}

function conflict(message: string): HttpError {
  return new HttpError(409, 'conflict', message);
}

async function logChange(db: Database, actorId: string, groupId: string, action: string, diff: JsonObject) {
  await db.insert(changes).values({ entity: 'role_group', entityId: groupId, actorId, action, diff });
}

/** Every role group by name, with its explicit member count. */
export async function listRoleGroups(db: Database): Promise<RoleGroup[]> {
  const counts = memberCounts(db);
  const rows = await db
    .select({ group: roleGroups, n: counts.n })
    .from(roleGroups)
    .leftJoin(counts, eq(counts.roleGroupId, roleGroups.id))
    .orderBy(asc(roleGroups.name));
  return rows.map((row) => toRoleGroup(row.group, Number(row.n ?? 0)));
}

async function findGroup(db: Database, id: string, lock = false): Promise<GroupRow | null> {
  if (!UUID_PATTERN.test(id)) return null;
  const query = db.select().from(roleGroups).where(eq(roleGroups.id, id)).limit(1);
  const [row] = await (lock ? query.for('update') : query);
  return row ?? null;
}

async function membersOf(db: Database, groupId: string): Promise<UserSummary[]> {
  return db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(roleGroupMembers)
    .innerJoin(users, eq(users.id, roleGroupMembers.userId))
    .where(eq(roleGroupMembers.roleGroupId, groupId))
    .orderBy(asc(users.name), asc(users.id));
}

/** One group with its members, or null for an unknown id. */
export async function getRoleGroup(db: Database, id: string): Promise<RoleGroupDetail | null> {
  const row = await findGroup(db, id);
  if (!row) return null;
  const members = await membersOf(db, id);
  return { ...toRoleGroup(row, members.length), members };
}

function nameTaken(error: unknown): boolean {
  return isUniqueViolation(error, 'role_groups_name_unique');
}

const NAME_TAKEN = validationFailed(
  [{ path: '/name', message: 'another role group already has this name' }],
  'The role group has errors.',
);

/** Creates a group. Errors: 422 when the name is taken. */
export async function createRoleGroup(
  { db, events }: RoleGroupDependencies,
  actorId: string,
  input: RoleGroupInput,
): Promise<RoleGroupDetail> {
  let id: string;
  try {
    id = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(roleGroups)
        .values({
          name: input.name,
          description: input.description ?? '',
          scopes: input.scopes,
          idpGroupIds: input.idpGroupIds ?? [],
        })
        .returning();
      if (!row) throw new Error('role group insert returned no row');
      const diff = Object.fromEntries(
        (['name', 'description', 'scopes', 'idpGroupIds'] as const).map((field) => [
          field,
          { from: null, to: row[field] },
        ]),
      );
      await logChange(tx, actorId, row.id, 'created', diff);
      await events.emit('roleGroupsChanged', { tx });
      return row.id;
    });
  } catch (error) {
    if (nameTaken(error)) throw NAME_TAKEN;
    throw error;
  }
  invalidateAccess(db);
  const created = await getRoleGroup(db, id);
  if (!created) throw new Error(`role group ${id} vanished after insert`);
  return created;
}

/**
 * Replaces a group's fields when `version` is current. Errors: 404 unknown group; 409 stale
 * version; 422 name taken, renaming Administrators, or taking `admin` from Administrators.
 */
export async function updateRoleGroup(
  { db, events }: RoleGroupDependencies,
  actorId: string,
  id: string,
  input: RoleGroupInput & { version: number },
): Promise<RoleGroupDetail> {
  try {
    await db.transaction(async (tx) => {
      const row = await findGroup(tx, id, true);
      if (!row) throw notFound(`There is no role group ${id}.`);
      if (row.version !== input.version) {
        throw conflict(
          `Someone else changed the role group "${row.name}" since you opened it (version ${row.version}, yours ${input.version}). Reload and apply your change again.`,
        );
      }
      if (row.name === ADMINISTRATORS_GROUP) {
        const errors = [];
        if (input.name !== row.name)
          errors.push({ path: '/name', message: `the ${ADMINISTRATORS_GROUP} group cannot be renamed` });
        if (!input.scopes.includes(ADMIN_SCOPE)) {
          errors.push({
            path: '/scopes',
            message: `the ${ADMINISTRATORS_GROUP} group must keep the "${ADMIN_SCOPE}" scope`,
          });
        }
        if (errors.length) throw validationFailed(errors, 'The role group has errors.');
      }
      const next = {
        name: input.name,
        description: input.description ?? '',
        scopes: input.scopes,
        idpGroupIds: input.idpGroupIds ?? [],
      };
      const diff: Record<string, { from: JsonValue; to: JsonValue }> = {};
      for (const field of ['name', 'description', 'scopes', 'idpGroupIds'] as const) {
        if (JSON.stringify(row[field]) !== JSON.stringify(next[field]))
          diff[field] = { from: row[field], to: next[field] };
      }
      if (!Object.keys(diff).length) return;
      await tx
        .update(roleGroups)
        .set({ ...next, version: sql`${roleGroups.version} + 1` })
        .where(eq(roleGroups.id, id));
      await logChange(tx, actorId, id, 'updated', diff);
      await events.emit('roleGroupsChanged', { tx });
    });
  } catch (error) {
    if (nameTaken(error)) throw NAME_TAKEN;
    throw error;
  }
  invalidateAccess(db);
  const updated = await getRoleGroup(db, id);
  if (!updated) throw notFound(`There is no role group ${id}.`);
  return updated;
}

/**
 * Deletes a group and its memberships. Errors: 404 unknown; 409 for Administrators, or when one
 * of `references`' checks names something that uses the group.
 */
export async function deleteRoleGroup(
  { db, events }: RoleGroupDependencies,
  references: GroupReferences,
  actorId: string,
  id: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await findGroup(tx, id, true);
    if (!row) throw notFound(`There is no role group ${id}.`);
    if (row.name === ADMINISTRATORS_GROUP) {
      throw conflict(`The ${ADMINISTRATORS_GROUP} group cannot be deleted: the portal would have no administrator.`);
    }
    const usedBy = await references.find(tx, id);
    if (usedBy.length) {
      throw conflict(
        `The role group "${row.name}" cannot be deleted while it is used by ${describeReferences(usedBy)}. Change those first.`,
      );
    }
    const members = await membersOf(tx, id);
    await tx.delete(roleGroups).where(eq(roleGroups.id, id));
    const diff: JsonObject = {
      name: { from: row.name, to: null },
      description: { from: row.description, to: null },
      scopes: { from: row.scopes, to: null },
      idpGroupIds: { from: row.idpGroupIds, to: null },
      members: { from: members.map((m) => ({ id: m.id, name: m.name })), to: null },
    };
    await logChange(tx, actorId, id, 'deleted', diff);
    await events.emit('roleGroupsChanged', { tx });
  });
  invalidateAccess(db);
}

async function findUser(db: Database, userId: string): Promise<UserSummary | null> {
  if (!UUID_PATTERN.test(userId)) return null;
  const [row] = await db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row ?? null;
}

/** Adds a member (no-op when already one). Errors: 404 unknown group or user. Returns true when added. */
export async function addMember(
  { db, events }: RoleGroupDependencies,
  actorId: string,
  groupId: string,
  userId: string,
): Promise<boolean> {
  const added = await db.transaction(async (tx) => {
    const group = await findGroup(tx, groupId, true);
    if (!group) throw notFound(`There is no role group ${groupId}.`);
    const user = await findUser(tx, userId);
    if (!user) throw notFound(`There is no user ${userId}.`);
    const inserted = await tx
      .insert(roleGroupMembers)
      .values({ roleGroupId: groupId, userId })
      .onConflictDoNothing()
      .returning({ userId: roleGroupMembers.userId });
    if (!inserted.length) return false;
    await logChange(tx, actorId, groupId, 'member_added', {
      member: { from: null, to: { id: user.id, name: user.name } },
    });
    await events.emit('roleGroupsChanged', { tx });
    return true;
  });
  invalidateAccess(db);
  return added;
}

/**
 * Removes a member. Errors: 404 unknown group or not a member; 409 when it is the last member of
 * Administrators (docs/behaviour.md "Role groups").
 */
export async function removeMember(
  { db, events }: RoleGroupDependencies,
  actorId: string,
  groupId: string,
  userId: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    const group = await findGroup(tx, groupId, true);
    if (!group) throw notFound(`There is no role group ${groupId}.`);
    const user = await findUser(tx, userId);
    const membership = user
      ? await tx
          .select({ userId: roleGroupMembers.userId })
          .from(roleGroupMembers)
          .where(and(eq(roleGroupMembers.roleGroupId, groupId), eq(roleGroupMembers.userId, userId)))
      : [];
    if (!user || !membership.length) throw notFound(`That user is not a member of "${group.name}".`);
    if (group.name === ADMINISTRATORS_GROUP) {
      const [row] = await tx
        .select({ n: count() })
        .from(roleGroupMembers)
        .where(eq(roleGroupMembers.roleGroupId, groupId));
      if ((row?.n ?? 0) <= 1) {
        throw conflict(
          `${user.name} is the last member of ${ADMINISTRATORS_GROUP} and cannot be removed: add another administrator first.`,
        );
      }
    }
    await tx
      .delete(roleGroupMembers)
      .where(and(eq(roleGroupMembers.roleGroupId, groupId), eq(roleGroupMembers.userId, userId)));
    await logChange(tx, actorId, groupId, 'member_removed', {
      member: { from: { id: user.id, name: user.name }, to: null },
    });
    await events.emit('roleGroupsChanged', { tx });
  });
  invalidateAccess(db);
}
