/**
 * Reading and writing assignment rules (docs/behaviour.md "Routing rules"). Every write runs in one
 * transaction with its history row(s) in `changes` (entity `assignment_rule`, the actor, a
 * field-level diff `{ field: { from, to } }`); updates, enable/disable and delete are optimistic:
 * they name the version they read and a stale one answers 412 `precondition_failed`. Every change
 * announces `assignmentRulesChanged` in its transaction and, once committed, makes this node's
 * routing forget the rules it keeps (./routing.ts).
 */
import { and, asc, desc, eq, max } from 'drizzle-orm';
import type { AssignmentPreview, AssignmentRule } from '../../../shared/assignment';
import type { JsonValue } from '../../../shared/json';
import { PREVIEW_LIMIT } from '../../../shared/assignment';
import type { Database } from '../../db/client';
import { assignmentRules, changes, roleGroups, submissions, users } from '../../db/schema';
import { HttpError, notFound, validationFailed } from '../../lib/errors';
import type { GroupReference } from '../role-groups';
import { invalidateRoutingRules, ruleMatches } from './routing';
import type { AssignmentDependencies } from './events';
import { UUID_PATTERN } from '../../lib/uuid';
import type { NormalizedRule } from './rule-validation';

const ENTITY = 'assignment_rule';

const ruleColumns = {
  rule: assignmentRules,
  userName: users.name,
  userEmail: users.email,
  groupName: roleGroups.name,
};

function selectRules(db: Database) {
  return db
    .select(ruleColumns)
    .from(assignmentRules)
    .leftJoin(users, eq(users.id, assignmentRules.assigneeUserId))
    .leftJoin(roleGroups, eq(roleGroups.id, assignmentRules.assigneeGroupId));
}

type RuleRow = Awaited<ReturnType<ReturnType<typeof selectRules>['execute']>>[number];
type StoredRule = RuleRow['rule'];

function toRule({ rule, userName, userEmail, groupName }: RuleRow): AssignmentRule {
  const value = rule.fieldValue;
  return {
    id: rule.id,
    name: rule.name,
    position: rule.position,
    enabled: rule.enabled,
    area: rule.area,
    property: rule.propertyCode,
    field:
      rule.fieldPointer !== null &&
      (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
        ? { pointer: rule.fieldPointer, value }
        : null,
    assigneeUser:
      rule.assigneeUserId !== null && userName !== null
        ? { id: rule.assigneeUserId, name: userName, email: userEmail }
        : null,
    assigneeGroup:
      rule.assigneeGroupId !== null && groupName !== null ? { id: rule.assigneeGroupId, name: groupName } : null,
    version: rule.version,
    createdAt: rule.createdAt.toISOString(),
    updatedAt: rule.updatedAt.toISOString(),
  };
}

/** The fields a diff compares, with their API names. */
function comparable(rule: NormalizedRule | StoredRule): Record<string, JsonValue> {
  return {
    name: rule.name,
    enabled: rule.enabled,
    area: rule.area,
    property: rule.propertyCode,
    field: rule.fieldPointer,
    value: rule.fieldValue ?? null,
    assigneeUserId: rule.assigneeUserId,
    assigneeGroupId: rule.assigneeGroupId,
  };
}

/** `{ key: { from, to } }` for every key whose value differs (`before`/`after` null: created/deleted). */
function diffOf(before: Record<string, JsonValue> | null, after: Record<string, JsonValue> | null) {
  const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  const diff: Record<string, { from: JsonValue; to: JsonValue }> = {};
  for (const key of keys) {
    const from = before?.[key] ?? null;
    const to = after?.[key] ?? null;
    if (JSON.stringify(from) !== JSON.stringify(to)) diff[key] = { from, to };
  }
  return diff;
}

async function record(db: Database, ruleId: string, actorId: string, action: string, diff: JsonValue): Promise<void> {
  await db.insert(changes).values({ entity: ENTITY, entityId: ruleId, actorId, action, diff });
}

function stale(rule: { name: string; version: number }): HttpError {
  return new HttpError(
    412,
    'precondition_failed',
    `The rule "${rule.name}" was changed by someone else (now version ${rule.version}); reload it and try again.`,
  );
}

/** Every rule in order (position, then creation). */
export async function listRules(db: Database): Promise<AssignmentRule[]> {
  const rows = await selectRules(db).orderBy(
    asc(assignmentRules.position),
    asc(assignmentRules.createdAt),
    asc(assignmentRules.id),
  );
  return rows.map(toRule);
}

/** One rule, or a 404 `not_found` error for an unknown (or malformed) id. */
export async function getRule(db: Database, id: string): Promise<AssignmentRule> {
  const [row] = UUID_PATTERN.test(id) ? await selectRules(db).where(eq(assignmentRules.id, id)).limit(1) : [];
  if (!row) throw notFound(`There is no assignment rule ${id}.`);
  return toRule(row);
}

async function storedRule(db: Database, id: string): Promise<StoredRule> {
  const [rule] = UUID_PATTERN.test(id)
    ? await db.select().from(assignmentRules).where(eq(assignmentRules.id, id)).limit(1)
    : [];
  if (!rule) throw notFound(`There is no assignment rule ${id}.`);
  return rule;
}

/** Creates `rule` at the end of the order (position = last + 1) and records `created`. */
export async function createRule(
  { db, events }: AssignmentDependencies,
  rule: NormalizedRule,
  actorId: string,
): Promise<AssignmentRule> {
  const id = await db.transaction(async (tx) => {
    const [last] = await tx.select({ position: max(assignmentRules.position) }).from(assignmentRules);
    const [row] = await tx
      .insert(assignmentRules)
      .values({ ...rule, position: (last?.position ?? 0) + 1 })
      .returning();
    if (!row) throw new Error('assignment rule insert returned no row');
    await record(tx, row.id, actorId, 'created', diffOf(null, { ...comparable(row), position: row.position }));
    await events.emit('assignmentRulesChanged', { tx });
    return row.id;
  });
  invalidateRoutingRules(db);
  return getRule(db, id);
}

/**
 * Replaces the rule's fields if it is still at `version` (then version + 1) and records `updated`
 * with the fields that changed; an update that changes nothing writes nothing. Errors: 404
 * unknown id; 412 stale version (nothing written).
 */
export async function updateRule(
  { db, events }: AssignmentDependencies,
  id: string,
  version: number,
  rule: NormalizedRule,
  actorId: string,
): Promise<AssignmentRule> {
  await db.transaction(async (tx) => {
    const before = await storedRule(tx, id);
    if (before.version !== version) throw stale(before);
    // Saving without a change is not a change: no new version, no history row.
    if (!Object.keys(diffOf(comparable(before), comparable(rule))).length) return;
    const [row] = await tx
      .update(assignmentRules)
      .set({ ...rule, version: before.version + 1, updatedAt: new Date() })
      .where(and(eq(assignmentRules.id, id), eq(assignmentRules.version, version)))
      .returning();
    if (!row) throw stale(before);
    await record(tx, id, actorId, 'updated', diffOf(comparable(before), comparable(row)));
    await events.emit('assignmentRulesChanged', { tx });
  });
  invalidateRoutingRules(db);
  return getRule(db, id);
}

/** Enables or disables the rule at `version`; records `enabled` / `disabled`. Errors as {@link updateRule}. */
export async function setRuleEnabled(
  { db, events }: AssignmentDependencies,
  id: string,
  version: number,
  enabled: boolean,
  actorId: string,
): Promise<AssignmentRule> {
  await db.transaction(async (tx) => {
    const before = await storedRule(tx, id);
    const [row] = await tx
      .update(assignmentRules)
      .set({ enabled, version: before.version + 1, updatedAt: new Date() })
      .where(and(eq(assignmentRules.id, id), eq(assignmentRules.version, version)))
      .returning();
    if (!row) throw stale(before);
    await record(tx, id, actorId, enabled ? 'enabled' : 'disabled', diffOf({ enabled: before.enabled }, { enabled }));
    await events.emit('assignmentRulesChanged', { tx });
  });
  invalidateRoutingRules(db);
  return getRule(db, id);
}

/**
 * Deletes the rule at `version` and records `deleted` with its last fields. Tickets it assigned
 * keep their assignee; their `assignment_rule_id` becomes null (the `assigned` change still names
 * the rule). Errors as {@link updateRule}.
 */
export async function deleteRule(
  { db, events }: AssignmentDependencies,
  id: string,
  version: number,
  actorId: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await storedRule(tx, id);
    const [row] = await tx
      .delete(assignmentRules)
      .where(and(eq(assignmentRules.id, id), eq(assignmentRules.version, version)))
      .returning({ id: assignmentRules.id });
    if (!row) throw stale(before);
    await record(tx, id, actorId, 'deleted', diffOf({ ...comparable(before), position: before.position }, null));
    await events.emit('assignmentRulesChanged', { tx });
  });
  invalidateRoutingRules(db);
}

/**
 * Puts the rules in the order of `ids` (position 1, 2, …). `ids` must list every rule exactly
 * once: a duplicate or malformed id is 422 on `/ids`; a list that names a rule that no longer exists
 * or misses one (someone added or deleted a rule meanwhile) is 412. Each rule whose position
 * changes gets version + 1 and one `reordered` change.
 */
export async function reorderRules(
  { db, events }: AssignmentDependencies,
  ids: readonly string[],
  actorId: string,
): Promise<AssignmentRule[]> {
  if (new Set(ids).size !== ids.length) throw validationFailed([{ path: '/ids', message: 'must not repeat a rule' }]);
  await db.transaction(async (tx) => {
    const current = await tx
      .select({ id: assignmentRules.id, position: assignmentRules.position, version: assignmentRules.version })
      .from(assignmentRules);
    const byId = new Map(current.map((rule) => [rule.id, rule]));
    if (ids.length !== current.length || ids.some((id) => !byId.has(id))) {
      throw new HttpError(
        412,
        'precondition_failed',
        'The list of rules changed since you loaded it (a rule was added or deleted); reload and try again.',
      );
    }
    for (const [index, id] of ids.entries()) {
      const rule = byId.get(id);
      if (!rule || rule.position === index + 1) continue;
      await tx
        .update(assignmentRules)
        .set({ position: index + 1, version: rule.version + 1, updatedAt: new Date() })
        .where(eq(assignmentRules.id, id));
      await record(tx, id, actorId, 'reordered', { position: { from: rule.position, to: index + 1 } });
    }
    await events.emit('assignmentRulesChanged', { tx });
  });
  invalidateRoutingRules(db);
  return listRules(db);
}

/**
 * Of the {@link PREVIEW_LIMIT} most recent submissions of the rule's area (newest first), those
 * the rule's conditions match — whether or not the rule is enabled or an earlier rule would win.
 */
export async function previewRule(
  db: Database,
  rule: Pick<NormalizedRule, 'area' | 'propertyCode' | 'fieldPointer' | 'fieldValue'>,
): Promise<AssignmentPreview> {
  const recent = await db
    .select({
      id: submissions.id,
      number: submissions.number,
      area: submissions.area,
      summary: submissions.summary,
      property: submissions.propertyCode,
      status: submissions.status,
      createdAt: submissions.createdAt,
      data: submissions.data,
    })
    .from(submissions)
    .where(eq(submissions.area, rule.area))
    .orderBy(desc(submissions.createdAt), desc(submissions.id))
    .limit(PREVIEW_LIMIT);
  const matches = recent
    .filter((row) => ruleMatches(rule, { area: row.area, propertyCode: row.property, data: row.data }))
    .map(({ data: _data, createdAt, ...row }) => ({ ...row, createdAt: createdAt.toISOString() }));
  return { examined: recent.length, matches };
}

/**
 * The routing rules that assign to role group `groupId`, in rule order, as group references (a
 * check of `app.groupReferences`, domains/role-groups/references.ts): deleting that group is
 * refused with 409 naming them (docs/behaviour.md "Role groups"). Runs on the delete's
 * transaction, so a rule changed meanwhile is seen consistently.
 */
export async function rulesAssigningTo(db: Database, groupId: string): Promise<GroupReference[]> {
  const rows = await db
    .select({ name: assignmentRules.name })
    .from(assignmentRules)
    .where(eq(assignmentRules.assigneeGroupId, groupId))
    .orderBy(asc(assignmentRules.position), asc(assignmentRules.createdAt));
  return rows.map((row) => ({ kind: 'routing rule', name: row.name }));
}
