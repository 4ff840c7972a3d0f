/**
 * The fields of a submission as pdfmake content, in the order its form shows them: the JSON Schema
 * of the submission's own schema version and its UI schema (`ui:order` with `"*"`, titles,
 * `ui:widget`), as rjsf lays the form out. Simple fields are rows of a label/value table; a
 * repeating section of objects is a table with a column per item field; a nested object is a
 * titled group; rich text is formatted (./rich-text.ts); values read as in the web app
 * (src/shared/display-format.ts: money `7,842.50`, dates `Mar 2, 2026`, enum labels, Yes/No).
 * A field only a condition brings in (`then`, `dependencies`…) shows when it has a value, as the
 * form shows it only when the condition holds; hidden fields (`ui:widget: hidden`) never show.
 */
import type { Content, TableCell } from 'pdfmake/interfaces';
import { ATTACHMENTS_WIDGET } from '../../../shared/attachment';
import { formatBytes, formatScalar } from '../../../shared/display-format';
import { isJsonObject, type JsonObject, type JsonValue } from '../../../shared/json';
import { derefSchema, isObjectRoot, objectFields, schemaType } from '../../../shared/schema-walk';
import { richTextContent } from './rich-text';

/** Date-times in the PDF are shown in UTC, with the zone named (the server knows no reader's zone). */
export const PDF_TIME_ZONE = 'UTC';
const LABEL_COLOR = '#4b5563';
const RULE_COLOR = '#d1d5db';

type Field = { key: string; title: string; schema: JsonObject; ui: JsonObject; value: JsonValue | undefined };

function uiOf(ui: JsonObject, key: string): JsonObject {
  const child = ui[key];
  return isJsonObject(child) ? child : {};
}

function widgetOf(ui: JsonObject): string | undefined {
  const options = ui['ui:options'];
  const widget = ui['ui:widget'] ?? (isJsonObject(options) ? options.widget : undefined);
  return typeof widget === 'string' ? widget : undefined;
}

function titleOf(schema: JsonObject, ui: JsonObject, fallback: string): string {
  const options = ui['ui:options'];
  const title = ui['ui:title'] ?? (isJsonObject(options) ? options.title : undefined) ?? schema.title;
  return typeof title === 'string' && title.trim() ? title : fallback;
}

/** `names` in `ui:order` order, as rjsf orders them: `"*"` stands for the names the list leaves out (at the end without one). */
function orderFields(names: readonly string[], order: JsonValue | undefined): string[] {
  if (!Array.isArray(order)) return [...names];
  const listed = order.filter((name): name is string => typeof name === 'string');
  const rest = names.filter((name) => !listed.includes(name));
  const out: string[] = [];
  for (const name of listed) {
    if (name === '*') out.push(...rest);
    else if (names.includes(name)) out.push(name);
  }
  if (!listed.includes('*')) out.push(...rest);
  return out;
}

/** The fields of an object value, in form order. */
function fieldsOf(root: JsonObject, schema: JsonObject, ui: JsonObject, data: JsonValue | undefined): Field[] {
  const values = isJsonObject(data) ? data : {};
  const declared = objectFields(root, schema).fields;
  const own = isJsonObject(schema.properties) ? schema.properties : {};
  return orderFields([...declared.keys()], ui['ui:order']).flatMap((key) => {
    const raw = declared.get(key);
    const field = raw && derefSchema(root, raw);
    const fieldUi = uiOf(ui, key);
    const value = values[key];
    if (!field || widgetOf(fieldUi) === 'hidden') return [];
    const isEmpty = value === undefined || value === null || value === '';
    if (!(key in own) && isEmpty) return [];
    return [{ key, title: titleOf(field, fieldUi, key), schema: field, ui: fieldUi, value }];
  });
}

function fileList(value: JsonValue | undefined): string {
  const files = Array.isArray(value) ? value : value === undefined || value === null ? [] : [value];
  return files
    .filter(isJsonObject)
    .map(
      (file) =>
        `${typeof file.name === 'string' ? file.name : 'file'}${typeof file.size === 'number' ? ` (${formatBytes(file.size)})` : ''}`,
    )
    .join('\n');
}

/** A value that fits one table cell: scalars, lists of scalars, files, rich text. */
function cellContent(root: JsonObject, field: Field): Content {
  const { schema, ui, value } = field;
  if (widgetOf(ui) === ATTACHMENTS_WIDGET) return { text: fileList(value) };
  if (widgetOf(ui) === 'richText') {
    const content = richTextContent(value);
    return content.length === 1 && content[0] ? content[0] : { stack: content };
  }
  if (widgetOf(ui) === 'image') return { text: typeof value === 'string' && value ? '[Image]' : '', italics: true };
  if (Array.isArray(value)) {
    const itemSchema = isJsonObject(schema.items) ? (derefSchema(root, schema.items) ?? {}) : {};
    const itemUi = uiOf(ui, 'items');
    return {
      text: value
        .map((item) =>
          isJsonObject(item) || Array.isArray(item) ? JSON.stringify(item) : formatScalar(item, itemSchema, itemUi),
        )
        .join(', '),
    };
  }
  if (isJsonObject(value)) return { text: JSON.stringify(value) };
  return { text: formatScalar(value, schema, ui, { timeZone: PDF_TIME_ZONE, showZone: true }) };
}

function isObjectSchema(root: JsonObject, schema: JsonObject): boolean {
  return schemaType(root, schema) === 'object' || isJsonObject(schema.properties);
}

/** A repeating section of objects: one row per item, one column per item field (form order). */
function sectionTable(root: JsonObject, field: Field): Content {
  const items = Array.isArray(field.value) ? field.value : [];
  const itemSchema = isJsonObject(field.schema.items) ? (derefSchema(root, field.schema.items) ?? {}) : {};
  const itemUi = uiOf(field.ui, 'items');
  const columns = fieldsOf(root, itemSchema, itemUi, {});
  if (!items.length || !columns.length)
    return { text: items.length ? `${items.length} items` : 'None', color: LABEL_COLOR, margin: [0, 0, 0, 6] };
  const isNumber = (column: Field) => ['number', 'integer'].includes(schemaType(root, column.schema) ?? '');
  const header: TableCell[] = columns.map((column) => ({
    text: column.title,
    bold: true,
    fontSize: 8.5,
    color: LABEL_COLOR,
    ...(isNumber(column) && { alignment: 'right' as const }),
  }));
  const rows: TableCell[][] = items.map((item) =>
    columns.map((column) => {
      const value = isJsonObject(item) ? item[column.key] : undefined;
      const cell = cellContent(root, { ...column, value });
      return typeof value === 'number' ? { stack: [cell], alignment: 'right' } : cell;
    }),
  );
  return {
    table: { headerRows: 1, widths: columns.map(() => '*'), body: [header, ...rows], dontBreakRows: true },
    layout: {
      hLineWidth: (row) => (row === 1 ? 0.8 : 0.4),
      vLineWidth: () => 0,
      hLineColor: () => RULE_COLOR,
      paddingTop: () => 3,
      paddingBottom: () => 3,
    },
    margin: [0, 0, 0, 8],
  };
}

/** Label/value rows of simple fields, as a borderless two-column table. */
function valueTable(rows: TableCell[][]): Content {
  return {
    table: { widths: [150, '*'], body: rows, dontBreakRows: true },
    layout: {
      hLineWidth: (row, node) => (row === 0 || row === node.table.body.length ? 0 : 0.4),
      vLineWidth: () => 0,
      hLineColor: () => RULE_COLOR,
      paddingTop: () => 4,
      paddingBottom: () => 4,
    },
    margin: [0, 0, 0, 8],
  };
}

function sectionTitle(text: string): Content {
  return { text, bold: true, fontSize: 11, margin: [0, 6, 0, 4] };
}

function objectContent(root: JsonObject, schema: JsonObject, ui: JsonObject, data: JsonValue | undefined): Content[] {
  const out: Content[] = [];
  let rows: TableCell[][] = [];
  const flush = () => {
    if (rows.length) out.push(valueTable(rows));
    rows = [];
  };
  for (const field of fieldsOf(root, schema, ui, data)) {
    const items = isJsonObject(field.schema.items) ? derefSchema(root, field.schema.items) : null;
    const isSection =
      schemaType(root, field.schema) === 'array' &&
      items !== null &&
      isObjectSchema(root, items) &&
      widgetOf(field.ui) !== ATTACHMENTS_WIDGET;
    if (isSection) {
      flush();
      out.push(sectionTitle(field.title), sectionTable(root, field));
    } else if (isObjectSchema(root, field.schema) && widgetOf(field.ui) === undefined) {
      flush();
      out.push(sectionTitle(field.title), {
        stack: objectContent(root, field.schema, field.ui, field.value),
        margin: [10, 0, 0, 0],
      });
    } else {
      rows.push([{ text: field.title, color: LABEL_COLOR }, cellContent(root, field)]);
    }
  }
  flush();
  return out;
}

/** The submitted data as pdfmake content (see the module comment); a form whose root is not an object shows its one value. */
export function fieldsContent(schema: JsonObject, uiSchema: JsonObject, data: JsonValue): Content[] {
  if (isObjectRoot(schema)) return objectContent(schema, schema, uiSchema, data);
  const root = derefSchema(schema, schema) ?? schema;
  const field: Field = { key: '', title: titleOf(root, uiSchema, 'Value'), schema: root, ui: uiSchema, value: data };
  return [valueTable([[{ text: field.title, color: LABEL_COLOR }, cellContent(schema, field)]])];
}
