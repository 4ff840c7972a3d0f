/**
 * Maps the API's 422 field errors (`errors[].path`, a JSON Pointer, RFC 6901) onto rjsf's
 * `ErrorSchema` shape, so server-side errors show on the fields they belong to. Pure: no rjsf
 * import, the shape is built by hand (`{ field: { 0: { sub: { __errors: [...] } } } }`).
 */
import type { FieldError } from '../../shared/api-error';
import { parsePointer } from '../../shared/form-validation';

/** rjsf's error schema: nested objects (array indices as keys) with `__errors` message lists. */
export type FieldErrorSchema = { __errors?: string[] } & { [key: string]: FieldErrorSchema | string[] | undefined };

/**
 * Builds the rjsf `extraErrors` for `errors`: each pointer's tokens become nested keys (array
 * indices stay as keys, `~1`/`~0` unescaped); the empty pointer `''` goes on the root. A
 * message is added once per field. Pointers that are not JSON Pointers go on the root too.
 */
export function toErrorSchema(errors: readonly FieldError[]): FieldErrorSchema {
  const root: FieldErrorSchema = {};
  for (const { path, message } of errors) {
    const tokens = path === '' || path.startsWith('/') ? parsePointer(path) : [];
    let node = root;
    for (const token of tokens) {
      // A field literally named `__errors` cannot be told apart from rjsf's key: keep the message on its parent.
      if (token === '__errors') break;
      const child = node[token];
      if (child === undefined || Array.isArray(child)) node[token] = {};
      node = node[token] as FieldErrorSchema;
    }
    const list = (node.__errors ??= []);
    if (!list.includes(message)) list.push(message);
  }
  return root;
}

/** The rjsf input id of the field at `pointer` (`/vendor/0/name` → `root_vendor_0_name`), for focusing it. */
export function fieldIdForPointer(pointer: string, idPrefix = 'root', separator = '_'): string {
  return [idPrefix, ...parsePointer(pointer)].join(separator);
}

/**
 * The rjsf input id of the field named by an rjsf error's `property` (`.lineItems.0.amount` or
 * `lineItems.0.amount` → `root_lineItems_0_amount`).
 */
export function fieldIdForProperty(property: string | undefined, idPrefix = 'root', separator = '_'): string {
  const tokens = (property ?? '').split('.').filter((token) => token !== '');
  return [idPrefix, ...tokens].join(separator);
}
