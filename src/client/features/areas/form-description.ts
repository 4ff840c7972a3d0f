import type { JsonObject } from '../../../shared/json';
import { isObjectRoot } from '../../../shared/schema-walk';

/**
 * The description a form's JSON Schema gives the whole form (`description` at the root of an
 * object schema), which the create page shows in its header, or undefined: none, or a form of
 * one field (a root that is not an object), whose description stays beside its field.
 */
export function formDescription(schema: JsonObject): string | undefined {
  const { description } = schema;
  return isObjectRoot(schema) && typeof description === 'string' && description.trim() ? description : undefined;
}
