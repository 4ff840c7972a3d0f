/**
 * The checks of an area's `ui.json` (an rjsf UI schema) against its JSON Schema, level by level as
 * rjsf hands UI schemas down (docs/behaviour.md "Form areas"):
 *
 * - a key that is not a `ui:` option names a field of the object at its level, found after
 *   `$ref`, `definitions`, `allOf`/`anyOf`/`oneOf`, `then`/`else` and schema `dependencies`
 *   (src/shared/schema-walk.ts), or matches a `patternProperties` pattern; `items` (a list per
 *   position for a tuple), `additionalItems`, `additionalProperties`, and `oneOf`/`anyOf` (a list
 *   per option) hold the UI schemas rjsf uses for those;
 * - every widget is one rjsf renders for the field's type (src/shared/widget-names.ts);
 *   `attachments` sits on an array of file references, `richText` on a string;
 * - `ui:order` names fields only, each once, and leaves none out unless it has `"*"` (rjsf refuses
 *   to render such a form: "uiSchema order list does not contain …");
 * - `ui:steps`, at the root only, places every top-level field in exactly one step (./steps-check.ts).
 *
 * Warnings: a widget on an object (rjsf ignores it), a `ui:field` neither rjsf nor the form engine registers (rjsf
 * falls back to its own field).
 */
import { ATTACHMENTS_WIDGET } from '../../../shared/attachment';
import { isJsonObject, type JsonObject, type JsonValue } from '../../../shared/json';
import { derefSchema, matchesPattern, objectFields, pointerAt, schemaType } from '../../../shared/schema-walk';
import { STEPS_OPTION } from '../../../shared/form-steps';
import { FORM_FIELDS, isKnownWidget, widgetProblem } from '../../../shared/widget-names';
import type { Reports } from './findings';
import { checkSteps } from './steps-check';

const RICH_TEXT_WIDGET = 'richText';

type Level = { root: JsonObject; schema: JsonObject; reports: Reports };

function checkWidget(widget: JsonValue | undefined, level: Level, pointer: string): void {
  const { root, schema, reports } = level;
  if (typeof widget !== 'string') {
    reports.problem('ui.json', pointer, 'must be a widget name');
    return;
  }
  const type = schemaType(root, schema);
  if (type === 'object' || type === 'null' || type === undefined) {
    if (!isKnownWidget(widget)) reports.problem('ui.json', pointer, widgetProblem(widget, undefined) ?? '');
    else if (type !== undefined) {
      reports.warning(
        'ui.json',
        pointer,
        `rjsf renders ${type === 'object' ? 'an object' : 'a null'} without a widget: "${widget}" is ignored`,
      );
    }
    return;
  }
  const problem = widgetProblem(widget, type);
  if (problem) {
    reports.problem('ui.json', pointer, problem);
    return;
  }
  if (widget === ATTACHMENTS_WIDGET) {
    const node = derefSchema(root, schema);
    const items = node && isJsonObject(node.items) ? node.items : undefined;
    if (type !== 'array' || !items || !objectFields(root, items).fields.has('id')) {
      reports.problem(
        'ui.json',
        pointer,
        `"${ATTACHMENTS_WIDGET}" needs an array of objects with an "id" (a file reference: id, name, size, mediaType)`,
      );
    }
  }
  if (widget === RICH_TEXT_WIDGET && type !== 'string') {
    reports.problem(
      'ui.json',
      pointer,
      `"${RICH_TEXT_WIDGET}" needs a "string" field (it stores the document as JSON text)`,
    );
  }
}

function checkOrder(order: JsonValue | undefined, names: readonly string[], pointer: string, reports: Reports): void {
  if (!Array.isArray(order)) {
    reports.problem('ui.json', pointer, 'must be a list of field names');
    return;
  }
  const listed = new Set<string>();
  order.forEach((name, index) => {
    const at = pointerAt(pointer, index);
    if (typeof name !== 'string') reports.problem('ui.json', at, 'must be a field name');
    else if (listed.has(name)) reports.problem('ui.json', at, `"${name}" is listed twice`);
    else if (name !== '*' && !names.includes(name))
      reports.problem('ui.json', at, `"${name}" is not a field of the schema`);
    if (typeof name === 'string') listed.add(name);
  });
  const left = names.filter((name) => !listed.has(name));
  if (left.length && !listed.has('*')) {
    const list = left.map((name) => `"${name}"`).join(', ');
    reports.problem('ui.json', pointer, `leaves out ${list} and has no "*"; rjsf refuses to render such a form`);
  }
}

/** The UI schema of one child: an object of UI options, checked against the child's schema. */
function checkChild(
  value: JsonValue | undefined,
  child: JsonObject,
  name: string,
  level: Level,
  pointer: string,
): void {
  if (!isJsonObject(value)) {
    level.reports.problem('ui.json', pointer, `must be an object of UI options for "${name}"`);
    return;
  }
  checkLevel(value, { ...level, schema: child }, pointer);
}

/** `ui[key]` as a list of UI schemas, one per schema in `schemas` (tuple positions, oneOf/anyOf options). */
function checkList(
  value: JsonValue | undefined,
  schemas: readonly JsonValue[],
  key: string,
  level: Level,
  pointer: string,
): void {
  if (!Array.isArray(value)) {
    level.reports.problem('ui.json', pointer, `must be a list of UI schemas, one per entry of "${key}"`);
    return;
  }
  value.forEach((item, index) => {
    const schema = schemas[index];
    const at = pointerAt(pointer, index);
    if (!isJsonObject(schema)) level.reports.problem('ui.json', at, `"${key}" has no entry ${index} in the schema`);
    else checkChild(item, schema, `${key}[${index}]`, level, at);
  });
}

/** A key of `ui` that is not a `ui:` option, at an object or array level. */
function checkKey(key: string, value: JsonValue | undefined, level: Level, pointer: string): void {
  const { root, schema, reports } = level;
  const node = derefSchema(root, schema);
  const fields = objectFields(root, schema);
  const field = fields.fields.get(key);
  if (field) {
    checkChild(value, field, key, level, pointer);
    return;
  }
  const isArray = schemaType(root, schema) === 'array';
  if (node && isArray && key === 'items' && node.items !== undefined) {
    if (Array.isArray(node.items)) {
      if (Array.isArray(value)) checkList(value, node.items, 'items', level, pointer);
      // one UI schema for every position of a tuple: its keys must fit one of them
      else checkChild(value, { anyOf: node.items }, key, level, pointer);
    } else if (isJsonObject(node.items)) checkChild(value, node.items, key, level, pointer);
    return;
  }
  if (node && isArray && key === 'additionalItems' && isJsonObject(node.additionalItems)) {
    checkChild(value, node.additionalItems, key, level, pointer);
    return;
  }
  if (key === 'additionalProperties' && fields.hasAdditional) {
    checkChild(
      value,
      node && isJsonObject(node.additionalProperties) ? node.additionalProperties : {},
      key,
      level,
      pointer,
    );
    return;
  }
  if (node && (key === 'oneOf' || key === 'anyOf') && Array.isArray(node[key])) {
    checkList(value, node[key], key, level, pointer);
    return;
  }
  const pattern = fields.patterns.find((item) => matchesPattern(key, item.pattern));
  if (pattern) {
    checkChild(value, pattern.schema, key, level, pointer);
    return;
  }
  if (!node || fields.isUnresolved) return;
  const hint = isArray
    ? ` (an array's UI schema holds its items' under "items")`
    : fields.hasAdditional
      ? ' (fields the user adds take the UI schema under "additionalProperties")'
      : '';
  reports.problem('ui.json', pointer, `"${key}" is not a field of the schema${hint}`);
}

function checkLevel(ui: JsonObject, level: Level, pointer: string): void {
  const { root, schema, reports } = level;
  for (const [key, value] of Object.entries(ui)) {
    const at = pointerAt(pointer, key);
    if (key === 'ui:widget') checkWidget(value, level, at);
    else if (key === 'ui:options' && isJsonObject(value) && value.widget !== undefined) {
      checkWidget(value.widget, level, pointerAt(at, 'widget'));
    } else if (key === 'ui:order') {
      checkOrder(value, [...objectFields(root, schema).fields.keys()], at, reports);
    } else if (key === STEPS_OPTION && pointer !== '') {
      reports.problem('ui.json', at, `"${STEPS_OPTION}" splits the whole form: it belongs at the root of ui.json`);
    } else if (key === 'ui:field' && typeof value === 'string' && !(FORM_FIELDS as readonly string[]).includes(value)) {
      reports.warning(
        'ui.json',
        at,
        `"${value}" is not a field rjsf or the form engine registers: rjsf renders its own field instead`,
      );
    }
    if (!key.startsWith('ui:')) checkKey(key, value, level, at);
  }
}

/** Checks `ui` (the parsed ui.json, an object) against `schema` (the area's JSON Schema) and reports what is wrong. */
export function checkUiSchema(ui: JsonObject, schema: JsonObject, reports: Reports): void {
  checkLevel(ui, { root: schema, schema, reports }, '');
  checkSteps(ui, schema, reports);
}
