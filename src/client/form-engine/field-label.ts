/**
 * Human names of form fields for the error list: rjsf names a failing field by its property path
 * (`.lines.1.toAccount`), a person by its titles (`Lines › #2 › To GL account`).
 */
import { isJsonObject, type JsonObject } from '../../shared/json';

function childSchema(schema: JsonObject | undefined, token: string): JsonObject | undefined {
  if (!schema) return undefined;
  if (/^(0|[1-9][0-9]*)$/.test(token) && isJsonObject(schema.items)) return schema.items;
  const properties = schema.properties;
  if (isJsonObject(properties) && isJsonObject(properties[token])) return properties[token];
  return undefined;
}

/**
 * The label of the field at rjsf `property` (`.a.0.b`, dot-separated, leading dot) in `schema`:
 * the titles along the path joined with ` › `, array items as `#<n>` (1-based), the property
 * name where a level has no title. The whole form (`''` or `.`) is `'This form'`.
 */
export function fieldLabel(schema: JsonObject, property: string | undefined): string {
  const tokens = (property ?? '').split('.').filter((token) => token !== '');
  if (tokens.length === 0) return 'This form';
  const parts: string[] = [];
  let node: JsonObject | undefined = schema;
  for (const token of tokens) {
    const isIndex = /^(0|[1-9][0-9]*)$/.test(token);
    node = childSchema(node, token);
    if (isIndex) parts.push(`#${Number(token) + 1}`);
    else parts.push(typeof node?.title === 'string' && node.title ? node.title : token);
  }
  return parts.join(' › ');
}

/**
 * What one row of a repeating section is called, for its buttons and announcements ("Add line
 * item", "Remove line item 2"): the items' own title, else the section's title made singular
 * (a final "s" dropped: "Line items" → "line item"), else "item"; lower-cased unless it starts
 * with an abbreviation ("GL line").
 */
export function rowName(arraySchema: JsonObject | undefined, arrayTitle?: string): string {
  const items = arraySchema && isJsonObject(arraySchema.items) ? arraySchema.items : undefined;
  const own = typeof items?.title === 'string' ? items.title.trim() : '';
  const section = (arrayTitle ?? (typeof arraySchema?.title === 'string' ? arraySchema.title : '')).trim();
  const name = own || (/[^s]s$/i.test(section) ? section.slice(0, -1) : section) || 'item';
  return /^\p{Lu}\p{Lu}/u.test(name) ? name : name.charAt(0).toLowerCase() + name.slice(1);
}

/** The schema at `path` (property names and array indexes, as rjsf's `fieldPathId.path`) in `schema`, if plain properties and items lead there. */
export function schemaAtPath(schema: JsonObject, path: readonly (string | number)[]): JsonObject | undefined {
  let node: JsonObject | undefined = schema;
  for (const token of path) node = childSchema(node, String(token));
  return node;
}
