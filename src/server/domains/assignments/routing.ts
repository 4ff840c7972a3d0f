/**
 * Routing of new submissions by assignment rules (docs/behaviour.md "Routing"): the enabled rules
 * of the submission's area are tried in `position` order and the FIRST one that matches assigns the
 * submission — assignee user and/or role group, status `Assigned`, the rule's id on the row — and
 * writes one `assigned` change naming the rule, in the caller's transaction. A new submission is
 * routed before its row is written (the `submissionPlanning` listener {@link planRouting}: the
 * insert writes the assignment), one let through by its approvals by an update of its row.
 */
import { asc, eq, sql, type SQL } from 'drizzle-orm';
import { parsePointer } from '../../../shared/form-validation';
import type { JsonPrimitive, JsonValue } from '../../../shared/json';
import type { Database } from '../../db/client';
import { assignmentRules, changes, roleGroups, submissions, users } from '../../db/schema';
import type { SubmissionPlan, SubmissionPlanning } from '../submissions';

/** What a rule is matched against: the area, property code and data of a submission. */
export type RoutingTarget = { area: string; propertyCode: string | null; data: JsonValue };

/** The parts of a rule that decide whether it matches. */
export type RuleCondition = {
  area: string;
  propertyCode: string | null;
  fieldPointer: string | null;
  fieldValue: JsonValue | null;
};

/** The value at JSON Pointer `pointer` (RFC 6901) in `data`, or undefined when the path is absent. */
export function valueAtPointer(data: JsonValue, pointer: string): JsonValue | undefined {
  let current: JsonValue | undefined = data;
  for (const token of parsePointer(pointer)) {
    if (Array.isArray(current)) current = /^(0|[1-9]\d*)$/.test(token) ? current[Number(token)] : undefined;
    else if (current !== null && typeof current === 'object')
      current = Object.hasOwn(current, token) ? current[token] : undefined;
    else return undefined;
    if (current === undefined) return undefined;
  }
  return current;
}

function sameValue(actual: JsonValue, expected: JsonPrimitive): boolean {
  if (typeof actual === 'string' && typeof expected === 'string') {
    return actual.trim().toLowerCase() === expected.trim().toLowerCase();
  }
  return actual === expected;
}

/**
 * True when `rule` matches `target`: same area; same property code when the rule names one; and,
 * when the rule has a field condition, the data's value at the pointer equals the rule's value
 * (strings compare trimmed and case-insensitively; an array value matches when one item does, so a
 * multi-select field matches any of its choices).
 */
export function ruleMatches(rule: RuleCondition, target: RoutingTarget): boolean {
  if (rule.area !== target.area) return false;
  if (rule.propertyCode !== null && rule.propertyCode !== target.propertyCode) return false;
  if (rule.fieldPointer === null) return true;
  const expected = rule.fieldValue;
  if (expected === null || typeof expected === 'object') return false;
  const actual = valueAtPointer(target.data, rule.fieldPointer);
  if (actual === undefined) return false;
  if (Array.isArray(actual)) return actual.some((item) => sameValue(item, expected));
  return sameValue(actual, expected);
}

/** The rule that assigned a submission. */
export type AppliedRule = {
  id: string;
  name: string;
  assigneeUserId: string | null;
  assigneeGroupId: string | null;
  /** The assignee group's name as the history entry records it; null without a group. */
  assigneeGroupName: string | null;
};

/** One stored rule, as routing reads it. */
type StoredRule = typeof assignmentRules.$inferSelect;

/**
 * How long this node keeps the enabled rules without hearing of a change, in milliseconds. Every
 * change through the API forgets them at once (on this node after its commit, on the others through
 * the cluster topic `rules`); the time bounds a change made beside the API (SQL by hand).
 */
const ROUTING_RULES_TTL_MS = 5_000;

/** `generation` counts invalidations, so a read that raced with a change is not kept. */
type RulesCache = { rules: StoredRule[] | null; expiresAt: number; generation: number };
const caches = new WeakMap<Database, RulesCache>();

function cacheOf(db: Database): RulesCache {
  let cache = caches.get(db);
  if (!cache) {
    cache = { rules: null, expiresAt: 0, generation: 0 };
    caches.set(db, cache);
  }
  return cache;
}

/** Forgets the enabled rules kept for `db` (call after any rule change commits). */
export function invalidateRoutingRules(db: Database): void {
  const cache = cacheOf(db);
  cache.rules = null;
  cache.generation += 1;
}

/**
 * The enabled rules of every area in routing order (position, then creation, then id), kept for
 * `db`; on a miss read through `reader` (the creating transaction: a second connection from the
 * pool while holding one could wait for ever).
 */
async function enabledRules(db: Database, reader: Database): Promise<StoredRule[]> {
  const cache = cacheOf(db);
  if (cache.rules && cache.expiresAt > Date.now()) return cache.rules;
  const generation = cache.generation;
  const rules = await reader
    .select()
    .from(assignmentRules)
    .where(eq(assignmentRules.enabled, true))
    .orderBy(asc(assignmentRules.position), asc(assignmentRules.createdAt), asc(assignmentRules.id));
  if (generation === cache.generation) {
    cache.rules = rules;
    cache.expiresAt = Date.now() + ROUTING_RULES_TTL_MS;
  }
  return rules;
}

/**
 * The first of `rules` (enabled, in routing order) of `target.area` that matches and has an
 * assignee left; null when none does.
 */
function findMatchingRule(
  rules: readonly StoredRule[],
  target: RoutingTarget,
): Omit<AppliedRule, 'assigneeGroupName'> | null {
  const rule = rules.find(
    (candidate) =>
      (candidate.assigneeUserId !== null || candidate.assigneeGroupId !== null) && ruleMatches(candidate, target),
  );
  if (!rule) return null;
  return {
    id: rule.id,
    name: rule.name,
    assigneeUserId: rule.assigneeUserId,
    assigneeGroupId: rule.assigneeGroupId,
  };
}

/**
 * The diff of the `assigned` history entry for `rule`: same shape as a ticket edit's diff
 * (domains/tickets/workflow.ts), `{ id, name }` references and only the assignees the rule sets, so
 * the history reads "assigneeGroup: — → Maintenance". The names are read by the statement itself.
 */
function assignedDiff(rule: Omit<AppliedRule, 'assigneeGroupName'>): SQL {
  const { assigneeUserId: userId, assigneeGroupId: groupId } = rule;
  const diff: Record<string, { from: JsonValue; to: JsonValue }> = { status: { from: 'New', to: 'Assigned' } };
  if (userId) diff.assigneeUser = { from: null, to: { id: userId, name: userId } };
  if (groupId) diff.assigneeGroup = { from: null, to: { id: groupId, name: groupId } };
  diff.rule = { from: null, to: { id: rule.id, name: rule.name } };
  let named = sql`${JSON.stringify(diff)}::jsonb`;
  if (userId) {
    const name = sql`(select ${users.name} from ${users} where ${users.id} = ${userId}::uuid)`;
    named = sql`jsonb_set(${named}, '{assigneeUser,to,name}', to_jsonb(coalesce(${name}, ${userId}::text)))`;
  }
  if (groupId) {
    const name = sql`(select ${roleGroups.name} from ${roleGroups} where ${roleGroups.id} = ${groupId}::uuid)`;
    named = sql`jsonb_set(${named}, '{assigneeGroup,to,name}', to_jsonb(coalesce(${name}, ${groupId}::text)))`;
  }
  return named;
}

/** The group name an `assigned` entry's statement returns, or null (no group, no row). */
function groupNameOf(result: unknown): string | null {
  const [written] = (result as { rows: { group_name: string | null }[] }).rows;
  return written?.group_name ?? null;
}

/**
 * Routes the stored submission `submission` (status `New`, no assignee) inside `tx` by the rules
 * kept for `db`, as a fresh one is routed: with a matching rule it sets the assignee(s), status
 * `Assigned` and `assignment_rule_id`, and appends one `assigned` change (actor `actorId`, whoever's
 * action triggered it) naming the rule, in one statement. Used when an approval lets a submission
 * through (docs/behaviour.md "Approvals"). Returns the rule applied with its group's name, or null
 * (the submission stays `New`, nothing is written).
 */
export async function routeStoredSubmission(
  db: Database,
  tx: Database,
  submission: { id: string; area: string; propertyCode: string | null; data: JsonValue },
  actorId: string,
): Promise<AppliedRule | null> {
  const target = { area: submission.area, propertyCode: submission.propertyCode, data: submission.data };
  const rule = findMatchingRule(await enabledRules(db, tx), target);
  if (!rule) return null;
  const result = await tx.execute(sql`
    with "routed" as (
      update ${submissions} set "status" = 'Assigned', "assignee_user_id" = ${rule.assigneeUserId}::uuid,
        "assignee_group_id" = ${rule.assigneeGroupId}::uuid, "assignment_rule_id" = ${rule.id}::uuid
      where "id" = ${submission.id}::uuid
      returning "id"
    )
    insert into ${changes} ("entity", "entity_id", "actor_id", "action", "diff")
    select 'submission', "id"::text, ${actorId}::uuid, 'assigned', ${assignedDiff(rule)} from "routed"
    returning "diff" #>> '{assigneeGroup,to,name}' as "group_name"`);
  return { ...rule, assigneeGroupName: groupNameOf(result) };
}

/**
 * The `submissionPlanning` listener of `db`: the first enabled rule (kept in memory, see
 * {@link ROUTING_RULES_TTL_MS}) that matches the new submission has it start `Assigned` to the
 * rule's assignees, written by the creating insert; once the row exists, the plan writes the
 * `assigned` history entry (actor: the requester) and answers the assignee with the group's name.
 * No match: no plan (the submission starts `New`).
 */
export function planRouting(db: Database): (event: SubmissionPlanning) => Promise<SubmissionPlan | undefined> {
  return async ({ tx, submission, requester }) => {
    const target = { area: submission.area.key, propertyCode: submission.propertyCode, data: submission.data };
    const rule = findMatchingRule(await enabledRules(db, tx), target);
    if (!rule) return undefined;
    const { assigneeUserId: userId, assigneeGroupId: groupId } = rule;
    return {
      status: 'Assigned',
      assignee: { userId, groupId, ruleId: rule.id },
      async written(created) {
        const result = await created.tx.execute(sql`
          insert into ${changes} ("entity", "entity_id", "actor_id", "action", "diff")
          values ('submission', ${created.submission.id}, ${requester.id}::uuid, 'assigned', ${assignedDiff(rule)})
          returning "diff" #>> '{assigneeGroup,to,name}' as "group_name"`);
        return { userId, groupId, groupName: groupNameOf(result) };
      },
    };
  };
}
