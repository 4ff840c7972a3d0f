/**
 * The rule form's state and its conversions: what the inputs hold
 * (strings) ↔ the API's AssignmentRuleInput, and the fields of an area a condition may test.
 */
import type { FieldError } from '../../../shared/api-error';
import type { AssignmentRule, AssignmentRuleInput } from '../../../shared/assignment';
import { parsePointer } from '../../../shared/json-pointer';
import { isJsonObject, type JsonObject } from '../../../shared/json';

/** The inputs of the rule form; '' means "none" for the optional ones. */
export type RuleDraft = {
  name: string;
  enabled: boolean;
  area: string;
  property: string;
  field: string;
  value: string;
  assigneeUserId: string;
  assigneeGroupId: string;
};

/** A top-level field of an area's JSON Schema a condition may test. */
export type ConditionField = { key: string; title: string; type: string; options: string[] | null };

/** An empty draft, or one filled from `rule` for editing. */
export function toDraft(rule?: AssignmentRule): RuleDraft {
  return {
    name: rule?.name ?? '',
    enabled: rule?.enabled ?? true,
    area: rule?.area ?? '',
    property: rule?.property ?? '',
    field: rule?.field ? (parsePointer(rule.field.pointer)[0] ?? '') : '',
    value: rule?.field ? String(rule.field.value) : '',
    assigneeUserId: rule?.assigneeUser?.id ?? '',
    assigneeGroupId: rule?.assigneeGroup?.id ?? '',
  };
}

/** The string and number / boolean top-level fields of `schema`, in schema order, with their enum options. */
export function conditionFields(schema: JsonObject): ConditionField[] {
  const properties = isJsonObject(schema.properties) ? schema.properties : {};
  return Object.entries(properties).flatMap(([key, property]) => {
    if (!isJsonObject(property)) return [];
    const type = typeof property.type === 'string' ? property.type : 'string';
    if (!['string', 'number', 'integer', 'boolean'].includes(type)) return [];
    const options = Array.isArray(property.enum)
      ? property.enum.map(String)
      : type === 'boolean'
        ? ['true', 'false']
        : null;
    const title = typeof property.title === 'string' ? property.title : key;
    return [{ key, title, type, options }];
  });
}

/** The API body for `draft`; the value becomes a number or boolean when the field's type says so. */
export function toInput(draft: RuleDraft, fields: readonly ConditionField[]): AssignmentRuleInput {
  const field = fields.find((candidate) => candidate.key === draft.field);
  let value: string | number | boolean = draft.value;
  if (field && (field.type === 'number' || field.type === 'integer') && draft.value.trim() !== '') {
    value = Number(draft.value);
  } else if (field?.type === 'boolean') {
    value = draft.value === 'true';
  }
  return {
    name: draft.name,
    enabled: draft.enabled,
    area: draft.area,
    property: draft.property || null,
    field: draft.field ? { pointer: draft.field, value } : null,
    assigneeUserId: draft.assigneeUserId || null,
    assigneeGroupId: draft.assigneeGroupId || null,
  };
}

/** Form inputs by the API's error paths (`/field/pointer` → the field select, …). */
const INPUT_OF_PATH: Readonly<Record<string, keyof RuleDraft>> = {
  '/name': 'name',
  '/area': 'area',
  '/property': 'property',
  '/field': 'field',
  '/field/pointer': 'field',
  '/field/value': 'value',
  '/assigneeUserId': 'assigneeUserId',
  '/assigneeGroupId': 'assigneeGroupId',
};

/** Groups a 422's errors by input; errors of other paths go under `form`. */
export function errorsByInput(errors: readonly FieldError[]): Partial<Record<keyof RuleDraft | 'form', string>> {
  const result: Partial<Record<keyof RuleDraft | 'form', string>> = {};
  for (const error of errors) {
    const input = INPUT_OF_PATH[error.path] ?? 'form';
    result[input] ??= error.message;
  }
  return result;
}
