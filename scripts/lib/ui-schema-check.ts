/**
 * UI schema (rjsf `ui.json`) checks for scripts/validate-schemas.ts: every key names a property
 * of the JSON Schema at its level (nested objects' properties, `items` of arrays; `ui:*` keys are
 * options), every widget is rjsf's or ours (src/shared/widget-names.ts), and every `ui:order`
 * names only properties, each once, and leaves none out unless it has `"*"` (rjsf throws
 * "uiSchema order list does not contain …" when the form renders otherwise). An `attachments`
 * widget must sit on an array of file references (objects with an `id`).
 */
import { ATTACHMENTS_WIDGET } from '../../src/shared/attachment';
import { escapePointerToken } from '../../src/shared/form-validation';
import { isJsonObject, type JsonObject, type JsonValue } from '../../src/shared/json';
import { isKnownWidget, PORTAL_WIDGETS } from '../../src/shared/widget-names';
import { propertiesAt } from './schema-walk';

/** One problem of a UI schema, at its JSON Pointer into `ui.json`. */
export type UiProblem = { pointer: string; message: string };

function widgetProblems(widget: JsonValue | undefined, pointer: string): UiProblem[] {
  if (typeof widget !== 'string') return [{ pointer, message: 'must be a widget name' }];
  if (isKnownWidget(widget)) return [];
  return [{ pointer, message: `"${widget}" is not an rjsf widget or one of ours (${PORTAL_WIDGETS.join(', ')})` }];
}

/** `attachments` stores a list of file references: the schema at its field must be an array of objects with an `id`. */
function attachmentsProblems(widget: JsonValue | undefined, schema: JsonObject, pointer: string): UiProblem[] {
  if (widget !== ATTACHMENTS_WIDGET) return [];
  const items = schema.items;
  const id = isJsonObject(items) ? propertiesAt(items).get('id') : undefined;
  if (schema.type === 'array' && id) return [];
  return [
    {
      pointer,
      message: `"${ATTACHMENTS_WIDGET}" needs an array of objects with an "id" (a file reference: id, name, size, mediaType)`,
    },
  ];
}

function orderProblems(order: JsonValue | undefined, names: readonly string[], pointer: string): UiProblem[] {
  if (!Array.isArray(order)) return [{ pointer, message: 'must be a list of property names' }];
  const problems: UiProblem[] = [];
  const listed = new Set<string>();
  order.forEach((name, index) => {
    const at = `${pointer}/${index}`;
    if (typeof name !== 'string') problems.push({ pointer: at, message: 'must be a property name' });
    else if (listed.has(name)) problems.push({ pointer: at, message: `"${name}" is listed twice` });
    else if (name !== '*' && !names.includes(name)) {
      problems.push({ pointer: at, message: `"${name}" is not a property of the schema` });
    }
    if (typeof name === 'string') listed.add(name);
  });
  const left = names.filter((name) => !listed.has(name));
  if (left.length && !listed.has('*')) {
    const list = left.map((name) => `"${name}"`).join(', ');
    problems.push({ pointer, message: `leaves out ${list} and has no "*"; rjsf refuses to render such a form` });
  }
  return problems;
}

/**
 * Every problem of `ui` (a UI schema, or the part of one at `pointer`) against `schema` (the
 * JSON Schema at the same level), depth first in key order. `[]` when all is well.
 */
export function uiSchemaProblems(ui: JsonObject, schema: JsonObject, pointer = ''): UiProblem[] {
  const properties = propertiesAt(schema);
  const problems: UiProblem[] = [];
  for (const [key, value] of Object.entries(ui)) {
    const at = `${pointer}/${escapePointerToken(key)}`;
    if (key === 'ui:widget') problems.push(...widgetProblems(value, at), ...attachmentsProblems(value, schema, at));
    else if (key === 'ui:options' && isJsonObject(value) && 'widget' in value) {
      problems.push(...widgetProblems(value.widget, `${at}/widget`), ...attachmentsProblems(value.widget, schema, `${at}/widget`));
    } else if (key === 'ui:order') problems.push(...orderProblems(value, [...properties.keys()], at));
    if (key.startsWith('ui:')) continue;
    // A tuple's per-position UI schema is rjsf's business; our forms have none.
    if (key === 'items' && !properties.has(key) && Array.isArray(schema.items)) continue;
    const child = properties.get(key) ?? (key === 'items' && isJsonObject(schema.items) ? schema.items : undefined);
    if (!child) problems.push({ pointer: at, message: `"${key}" is not a property of the schema` });
    else if (!isJsonObject(value))
      problems.push({ pointer: at, message: `must be an object of UI options for "${key}"` });
    else problems.push(...uiSchemaProblems(value, child, at));
  }
  return problems;
}
