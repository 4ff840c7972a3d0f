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
