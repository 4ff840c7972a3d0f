/**
 * Routing of new submissions by assignment rules (docs/behaviour.md "Routing"): the enabled rules
 * of the submission's area are tried in `position` order and the FIRST one that matches assigns the
 * submission — assignee user and/or role group, status `Assigned`, the rule's id on the row — and
 * writes one `assigned` change naming the rule, in the caller's transaction.
 */
import { asc, eq, sql } from 'drizzle-orm';
import { parsePointer } from '../../../shared/form-validation';
import type { JsonPrimitive, JsonValue } from '../../../shared/json';
import type { Database } from '../../db/client';
import { assignmentRules, changes, roleGroups, submissions, users } from '../../db/schema';
import type { SubmissionCreated, SubmissionCreatedEffect } from '../submissions';

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
 * Routes the new submission `submissionId` inside the creating transaction `tx` by `rules`: with a matching
 * rule it sets the assignee(s), status `Assigned` and `assignment_rule_id`, and appends one
 * `assigned` change (actor `actorId`, the requester whose request triggered it) whose diff names the
 * rule. Returns the rule applied with its group's name (read by the same statement), or null (the
 * submission stays `New`, nothing is written).
 */
async function routeNewSubmission(
  tx: Database,
  rules: readonly StoredRule[],
  submissionId: string,
  target: RoutingTarget,
  actorId: string,
): Promise<AppliedRule | null> {
  const rule = findMatchingRule(rules, target);
  if (!rule) return null;
  // Same shape as a ticket edit's diff (domains/tickets/workflow.ts): `{ id, name }` references,
  // and only the assignees the rule sets, so the history reads "assigneeGroup: — → Maintenance".
  // The names are read by the statement itself: one round trip while the area's counter is locked.
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
  const result = await tx.execute(sql`
    with "routed" as (
      update ${submissions} set "status" = 'Assigned', "assignee_user_id" = ${userId}::uuid,
        "assignee_group_id" = ${groupId}::uuid, "assignment_rule_id" = ${rule.id}::uuid
      where "id" = ${submissionId}::uuid
      returning "id"
    )
    insert into ${changes} ("entity", "entity_id", "actor_id", "action", "diff")
    select 'submission', "id"::text, ${actorId}::uuid, 'assigned', ${named} from "routed"
    returning "diff" #>> '{assigneeGroup,to,name}' as "group_name"`);
  const [written] = (result as { rows: { group_name: string | null }[] }).rows;
  return { ...rule, assigneeGroupName: written?.group_name ?? null };
}

/**
 * Routes the stored submission `submission` (status `New`, no assignee) inside `tx` exactly as a
 * fresh one is routed ({@link routeNewSubmission} with the rules kept for `db`): used when an
 * approval lets a submission through (docs/behaviour.md "Approvals"). `actorId` is whoever's action
 * triggered it. Returns the rule applied, or null (the submission stays `New`).
 */
export async function routeStoredSubmission(
  db: Database,
  tx: Database,
  submission: { id: string; area: string; propertyCode: string | null; data: JsonValue },
  actorId: string,
): Promise<AppliedRule | null> {
  const target = { area: submission.area, propertyCode: submission.propertyCode, data: submission.data };
  return routeNewSubmission(tx, await enabledRules(db, tx), submission.id, target, actorId);
}

/**
 * The `submissionCreated` listener of `db`: routes the new submission by the enabled rules
 * ({@link routeNewSubmission}; kept in memory, see {@link ROUTING_RULES_TTL_MS}) and answers the
 * status and assignee it set, if any.
 */
export function routeCreatedSubmissions(
  db: Database,
): (event: SubmissionCreated) => Promise<SubmissionCreatedEffect | undefined> {
  return async ({ tx, submission, requester }) => {
    const target = { area: submission.area.key, propertyCode: submission.propertyCode, data: submission.data };
    const rules = await enabledRules(db, tx);
    const rule = await routeNewSubmission(tx, rules, submission.id, target, requester.id);
    if (!rule) return undefined;
    return {
      status: 'Assigned',
      assignee: { userId: rule.assigneeUserId, groupId: rule.assigneeGroupId, groupName: rule.assigneeGroupName },
    };
  };
}
