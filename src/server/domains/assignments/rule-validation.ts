/**
 * Meaning checks of an assignment-rule body (docs/behaviour.md "Routing rules"): every problem
 * becomes one `{ path, message }` (422 `validation_failed`), `path` a JSON Pointer into the request
 * body.
 */
import { and, eq, ne } from 'drizzle-orm';
import type { FieldError } from '../../../shared/api-error';
import type { AssignmentRuleInput } from '../../../shared/assignment';
import { escapePointerToken, parsePointer } from '../../../shared/form-validation';
import { isJsonObject, type JsonValue } from '../../../shared/json';
import type { Database } from '../../db/client';
import { assignmentRules, properties, roleGroups, users } from '../../db/schema';
import type { AreaRegistry } from '../areas';
import { UUID_PATTERN } from '../../lib/uuid';

const NAME_MAX = 120;

/** A rule body with names trimmed, the field condition as a JSON Pointer and absent values as null. */
export type NormalizedRule = {
  name: string;
  enabled: boolean;
  area: string;
  propertyCode: string | null;
  fieldPointer: string | null;
  fieldValue: string | number | boolean | null;
  assigneeUserId: string | null;
  assigneeGroupId: string | null;
};

/** `incidentType` → `/incidentType`; a value already starting with `/` is kept as a JSON Pointer. */
export function toPointer(field: string): string {
  const trimmed = field.trim();
  return trimmed.startsWith('/') ? trimmed : `/${escapePointerToken(trimmed)}`;
}

/** Trims and fills defaults; the result is what {@link validateRule} checks and rules.ts writes. */
export function normalizeRule(input: AssignmentRuleInput): NormalizedRule {
  const field = input.field ?? null;
  const value = field === null ? null : typeof field.value === 'string' ? field.value.trim() : field.value;
  return {
    name: input.name.trim(),
    enabled: input.enabled ?? true,
    area: input.area.trim(),
    propertyCode: input.property?.trim() || null,
    fieldPointer: field === null ? null : toPointer(field.pointer),
    fieldValue: value,
    assigneeUserId: input.assigneeUserId?.trim() || null,
    assigneeGroupId: input.assigneeGroupId?.trim() || null,
  };
}

/** True when the area's JSON Schema declares the pointer's first property (deeper paths are trusted). */
function schemaHasField(schema: JsonValue, pointer: string): boolean {
  const [first] = parsePointer(pointer);
  if (first === undefined || !isJsonObject(schema)) return false;
  const declared = schema.properties;
  return isJsonObject(declared) && Object.hasOwn(declared, first);
}

async function exists(query: PromiseLike<unknown[]>): Promise<boolean> {
  return (await query).length > 0;
}

/**
 * Returns every problem of `rule` (empty when valid): name required, at most 120 characters and
 * unique (other than the rule `selfId` being updated); area must be a discovered form area;
 * property an existing property code; the field a property of the area's schema with a non-empty
 * value; assignee user and group existing ids, and at least one of them.
 */
export async function validateRule(
  db: Database,
  areas: AreaRegistry,
  rule: NormalizedRule,
  selfId?: string,
): Promise<FieldError[]> {
  const errors: FieldError[] = [];
  if (!rule.name) errors.push({ path: '/name', message: 'is required' });
  else if (rule.name.length > NAME_MAX)
    errors.push({ path: '/name', message: `must be at most ${NAME_MAX} characters` });
  else {
    const sameName = db
      .select({ id: assignmentRules.id })
      .from(assignmentRules)
      .where(and(eq(assignmentRules.name, rule.name), selfId ? ne(assignmentRules.id, selfId) : undefined))
      .limit(1);
    if (await exists(sameName)) errors.push({ path: '/name', message: 'is already used by another rule' });
  }
  const area = areas.get(rule.area);
  if (!area) errors.push({ path: '/area', message: 'must be an existing form area' });
  if (rule.propertyCode !== null) {
    const found = db.select({ code: properties.code }).from(properties).where(eq(properties.code, rule.propertyCode));
    if (!(await exists(found))) errors.push({ path: '/property', message: 'must be an existing property code' });
  }
  if (rule.fieldPointer !== null) {
    if (rule.fieldPointer === '/' || (area && !schemaHasField(area.definition.schema, rule.fieldPointer))) {
      errors.push({ path: '/field/pointer', message: `must name a field of the ${rule.area} form` });
    }
    if (rule.fieldValue === null || rule.fieldValue === '') {
      errors.push({ path: '/field/value', message: 'is required when a field is chosen' });
    }
  }
  if (rule.assigneeUserId !== null) {
    const found = UUID_PATTERN.test(rule.assigneeUserId)
      ? await exists(db.select({ id: users.id }).from(users).where(eq(users.id, rule.assigneeUserId)))
      : false;
    if (!found) errors.push({ path: '/assigneeUserId', message: 'must be an existing user' });
  }
  if (rule.assigneeGroupId !== null) {
    const found = UUID_PATTERN.test(rule.assigneeGroupId)
      ? await exists(db.select({ id: roleGroups.id }).from(roleGroups).where(eq(roleGroups.id, rule.assigneeGroupId)))
      : false;
    if (!found) errors.push({ path: '/assigneeGroupId', message: 'must be an existing role group' });
  }
  if (rule.assigneeUserId === null && rule.assigneeGroupId === null) {
    errors.push({ path: '/assigneeGroupId', message: 'choose an assignee user, a role group, or both' });
  }
  return errors;
}
