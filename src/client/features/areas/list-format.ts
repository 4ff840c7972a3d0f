/**
 * Columns and cell text of an area's list page, taken from the area's own JSON Schema and UI
 * schema: the schemas are the only description of an area, so there is no per-area code. Pure:
 * no React, no rjsf, so the list page stays out of the form chunk.
 */
import type { AreaDefinition } from '../../../shared/area';
import { isJsonObject, type JsonObject, type JsonValue } from '../../../shared/json';
import { derefSchema, isObjectRoot, objectFields } from '../../../shared/schema-walk';
import { enumLabel, formatNumber } from '../../../shared/display-format';
import { formatDate, formatDateTime } from '../../lib/date-format';
import { childUiSchema, optionsSourceOf } from '../../lib/ui-schema';

/**
 * One schema-driven column of a list: property key, header text and what formatting needs. The
 * one column of a form whose root is not an object shows the value itself (`isRoot`, key `""`).
 */
export type ListColumn = {
  key: string;
  isRoot?: true;
  title: string;
  schema: JsonObject;
  uiSchema: JsonObject;
  /** The field holds a property code (`optionsFrom: "properties"`). */
  isProperty: boolean;
};

/** Formatting context: property code → label, and the time zone for date-times (default: the browser's). */
export type FormatContext = {
  propertyLabels?: ReadonlyMap<string, string> | null;
  timeZone?: string;
};

/** Longest cell text before it is cut with an ellipsis. */
export const MAX_CELL_LENGTH = 80;

/**
 * The area's `listColumns` that are fields of its schema (also those of `$ref`s, `allOf`, `then`…),
 * with their titles (header = schema `title`, else the key). A form whose root is not an object
 * (docs/behaviour.md "Form areas") has one column: the value itself, titled by the schema (else "Value").
 */
export function buildListColumns(
  area: Pick<AreaDefinition, 'schema' | 'uiSchema' | 'listColumns' | 'propertyField'>,
): ListColumn[] {
  if (!isObjectRoot(area.schema)) {
    const schema = derefSchema(area.schema, area.schema) ?? area.schema;
    const title = typeof schema.title === 'string' && schema.title.trim() ? schema.title : 'Value';
    return [{ key: '', isRoot: true, title, schema, uiSchema: area.uiSchema, isProperty: false }];
  }
  const { fields } = objectFields(area.schema, area.schema);
  return area.listColumns.flatMap((key) => {
    const declared = fields.get(key);
    const schema = declared && derefSchema(area.schema, declared);
    if (!schema) return [];
    const uiSchema = childUiSchema(area.uiSchema, key);
    const title = typeof schema.title === 'string' && schema.title.trim() ? schema.title : key;
    const isProperty = key === area.propertyField || optionsSourceOf(uiSchema) === 'properties';
    return [{ key, title, schema, uiSchema, isProperty }];
  });
}

/** The value a column shows from one submission's `data`. */
export function columnValue(data: JsonValue, column: Pick<ListColumn, 'key' | 'isRoot'>): JsonValue | undefined {
  if (column.isRoot) return data;
  return isJsonObject(data) ? data[column.key] : undefined;
}

function truncate(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > MAX_CELL_LENGTH ? `${flat.slice(0, MAX_CELL_LENGTH - 1)}…` : flat;
}

function stripMarkup(text: string): string {
  return text.replace(/<[^>]*>/g, ' ');
}

/**
 * The text of one list cell for `value` under `schema` (one property of the area schema):
 * dates and date-times with Intl (en-US), money with two decimals, enums as their labels,
 * property codes as `code — name`, booleans as Yes/No, arrays joined or counted, long text cut.
 * Empty values are `''`.
 */
export function formatListValue(
  value: JsonValue | undefined,
  column: Pick<ListColumn, 'schema' | 'uiSchema' | 'isProperty'>,
  context: FormatContext = {},
): string {
  const { schema, uiSchema, isProperty } = column;
  if (value === undefined || value === null || value === '') return '';
  if (isProperty && typeof value === 'string') return context.propertyLabels?.get(value) ?? value;
  if (Array.isArray(value)) {
    const itemSchema = isJsonObject(schema.items) ? schema.items : {};
    if (value.every((item) => !isJsonObject(item) && !Array.isArray(item))) {
      const itemUi = isJsonObject(uiSchema.items) ? uiSchema.items : {};
      return truncate(
        value
          .map((item) => formatListValue(item, { schema: itemSchema, uiSchema: itemUi, isProperty: false }, context))
          .join(', '),
      );
    }
    return value.length === 1 ? '1 item' : `${value.length} items`;
  }
  if (isJsonObject(value)) return '';
  const label = enumLabel(value, schema, uiSchema);
  if (label !== undefined) return truncate(label);
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number') return formatNumber(value, schema);
  if (schema.format === 'date') return formatDate(value);
  if (schema.format === 'date-time') return formatDateTime(value, context.timeZone);
  return truncate(stripMarkup(value));
}
