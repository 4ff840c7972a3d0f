/**
 * Which of the form engine's separately loaded widget modules a form will render, read from its
 * JSON Schema and UI schema before the form renders (widgets/widget-modules.ts loads them, all at
 * once). Pure, no React and no DOM: the size check (scripts/check-size.ts) asks the same question
 * of the areas in `schemas/`.
 *
 * It follows rjsf 6's choice of widget: a field's `ui:widget` (or `ui:options.widget`) when given,
 * else the schema's default — `SelectWidget` for an `enum`, a `oneOf`/`anyOf` of constants or an
 * array of `enum` items, the date/time pickers for `format` `date`, `time` and `date-time`; and
 * rjsf's own select that picks one alternative of any other `oneOf`/`anyOf`. When in doubt it says
 * yes (a module loaded for nothing costs bytes; a missing one is fetched when the field renders,
 * see widgets/index.ts).
 */
import { isJsonObject, type JsonObject, type JsonValue } from '../../shared/json';
import { derefSchema, objectFields, schemaType } from '../../shared/schema-walk';
import { childUiSchema, readUiOptions } from '../lib/ui-schema';

/**
 * A separately loaded part of the form engine: the rich-text editor (slate), the select
 * (choices.js), the date/time pickers (flatpickr), the help tooltip (tippy.js) and the step-by-step
 * layout of a form whose UI schema has `ui:steps` (steps/stepped-form.tsx).
 */
export type WidgetModuleName = 'richTextEditor' | 'select' | 'datePicker' | 'helpTooltip' | 'steps';

/** Every widget module, in a fixed order. */
export const WIDGET_MODULE_NAMES: readonly WidgetModuleName[] = [
  'richTextEditor',
  'select',
  'datePicker',
  'helpTooltip',
  'steps',
];

const SELECT_WIDGETS = new Set(['select', 'SelectWidget']);
const DATE_WIDGETS = new Set(['date', 'time', 'datetime', 'date-time', 'DateWidget', 'TimeWidget', 'DateTimeWidget']);
const DATE_FORMATS = new Set(['date', 'time', 'date-time']);
const RICH_TEXT_WIDGET = 'richText';
const NO_UI: JsonObject = {};

/** The widget module a widget name in a UI schema renders with, if any. */
function moduleOfWidget(name: string): WidgetModuleName | undefined {
  if (SELECT_WIDGETS.has(name)) return 'select';
  if (DATE_WIDGETS.has(name)) return 'datePicker';
  if (name === RICH_TEXT_WIDGET) return 'richTextEditor';
  return undefined;
}

/** Every widget name and help text anywhere in a UI schema, whatever field it belongs to. */
function scanUiSchema(uiSchema: JsonValue, found: Set<WidgetModuleName>): void {
  if (Array.isArray(uiSchema)) {
    for (const item of uiSchema) scanUiSchema(item, found);
    return;
  }
  if (!isJsonObject(uiSchema)) return;
  const options = readUiOptions(uiSchema);
  if (typeof options.widget === 'string') {
    const module = moduleOfWidget(options.widget);
    if (module) found.add(module);
  }
  if (typeof options.help === 'string' && options.help !== '') found.add('helpTooltip');
  if (options.optionsFrom !== undefined || options.optionsSource !== undefined) found.add('select');
  for (const [key, value] of Object.entries(uiSchema)) {
    if (key !== 'ui:options') scanUiSchema(value, found);
  }
}

function isConstant(value: JsonValue): boolean {
  return isJsonObject(value) && value.const !== undefined;
}

/** True when rjsf renders the field of `schema` (dereferenced) with a select unless told otherwise. */
function defaultsToSelect(root: JsonObject, schema: JsonObject): boolean {
  const type = schemaType(root, schema);
  if (type === 'boolean') return false;
  // rjsf's SelectWidget also picks the alternative of a oneOf/anyOf that is not all constants, objects included
  if (alternatives(schema).length > 0) return true;
  if (type === 'object') return false;
  if (Array.isArray(schema.enum)) return true;
  if (type !== 'array') return false;
  const items = isJsonObject(schema.items) ? derefSchema(root, schema.items) : null;
  return Boolean(items && (Array.isArray(items.enum) || alternatives(items).some(isConstant)));
}

function alternatives(schema: JsonObject): JsonValue[] {
  return [...(Array.isArray(schema.oneOf) ? schema.oneOf : []), ...(Array.isArray(schema.anyOf) ? schema.anyOf : [])];
}

/**
 * The widget modules a form of `schema` with `uiSchema` renders, in {@link WIDGET_MODULE_NAMES}
 * order. `readonly` (a stored record's view) needs no editor: neither the rich-text editor nor
 * the select and the pickers, only the help tooltip.
 */
export function widgetModulesFor(
  schema: JsonObject,
  uiSchema: JsonObject,
  options: { readonly: boolean },
): WidgetModuleName[] {
  const found = new Set<WidgetModuleName>();
  scanUiSchema(uiSchema, found);
  // rich text shows as text, selects and pickers draw without their libraries
  // (widgets/read-only-widgets.tsx), and a stored record is shown whole, not in steps
  if (options.readonly) return found.has('helpTooltip') ? ['helpTooltip'] : [];
  if (uiSchema['ui:steps'] !== undefined) found.add('steps');
  const seen = new Map<JsonObject, Set<JsonObject>>();
  const visit = (declared: JsonObject, givenUi: JsonValue | undefined) => {
    const node = derefSchema(schema, declared);
    // one object for "no UI schema", so a schema that refers to itself is walked once
    const ui = isJsonObject(givenUi) && Object.keys(givenUi).length > 0 ? givenUi : NO_UI;
    if (!node) return;
    const uiSeen = seen.get(node) ?? new Set<JsonObject>();
    if (uiSeen.has(ui)) return;
    seen.set(node, uiSeen.add(ui));
    // a field the UI schema gives a widget renders that one (found by the scan above), items included
    const hasWidget = typeof readUiOptions(ui).widget === 'string';
    const isSelect = !hasWidget && defaultsToSelect(schema, node);
    if (isSelect) found.add('select');
    if (!hasWidget && typeof node.format === 'string' && DATE_FORMATS.has(node.format)) found.add('datePicker');
    const fields = objectFields(schema, node);
    for (const [name, field] of fields.fields) visit(field, childUiSchema(ui, name));
    for (const { schema: pattern } of fields.patterns) visit(pattern, ui.additionalProperties);
    if (isJsonObject(node.additionalProperties)) visit(node.additionalProperties, ui.additionalProperties);
    // the items of a multi-select, or of an array that has a widget, are not fields of their own
    if (!hasWidget && !(isSelect && schemaType(schema, node) === 'array')) {
      const itemUi = ui.items;
      if (isJsonObject(node.items)) visit(node.items, itemUi);
      if (Array.isArray(node.items)) {
        node.items.forEach((item, index) => {
          if (isJsonObject(item)) visit(item, Array.isArray(itemUi) ? itemUi[index] : itemUi);
        });
      }
      if (isJsonObject(node.additionalItems)) visit(node.additionalItems, ui.additionalItems);
    }
    // the alternatives and the conditional parts of a value that is not an object
    for (const part of [
      ...alternatives(node),
      node.then,
      node.else,
      ...(Array.isArray(node.allOf) ? node.allOf : []),
    ]) {
      if (isJsonObject(part)) visit(part, ui);
    }
  };
  visit(schema, uiSchema);
  return WIDGET_MODULE_NAMES.filter((name) => found.has(name));
}
