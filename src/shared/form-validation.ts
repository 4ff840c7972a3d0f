/**
 * One set of ajv options for form data, used by the server to validate every write and to
 * generate the precompiled validators the browser checks forms with (src/shared/form-formats.ts
 * holds the formats of both). No `removeAdditional`, no `coerceTypes`: the client and server must
 * agree on what is valid.
 */
import type { ErrorObject } from 'ajv';
import type { FieldError } from './api-error';
import { escapePointerToken } from './json-pointer';

export { escapePointerToken, parsePointer } from './json-pointer';

/** ajv constructor options for validating form data (the rjsf AJV_CONFIG defaults, stated once). */
export const FORM_AJV_OPTIONS = {
  allErrors: true,
  multipleOfPrecision: 8,
  strict: false,
  verbose: true,
  discriminator: false,
} as const;

/**
 * Maps ajv errors to one {@link FieldError} per failing field, pointing at the field itself.
 *
 * - `required` errors point at the missing property (`/vendor/name`), not at its parent object.
 * - `additionalProperties` errors point at the extra property.
 * - `if`/`then` wrapper errors (`if`, and errors whose schema path says `anyOf`/`oneOf` when a
 *   more specific error exists for the same field) are dropped: the specific error is the message.
 * - Only the first message per path is kept so a user sees one clear message per field.
 *
 * Input: ajv `ErrorObject[]` (draft-07 instance paths are JSON Pointers). Output: stable order
 * of first appearance, answered as `422 { errors: [{ path, message }] }`
 * (docs/behaviour.md "Form validation", "Error bodies").
 */
export function toFieldErrors(errors: readonly ErrorObject[] | null | undefined): FieldError[] {
  if (!errors) return [];
  const byPath = new Map<string, string>();
  for (const error of errors) {
    if (error.keyword === 'if') continue;
    let path = error.instancePath;
    let message = error.message ?? 'is invalid';
    if (error.keyword === 'required') {
      const missing = (error.params as { missingProperty: string }).missingProperty;
      path = `${path}/${escapePointerToken(missing)}`;
      message = 'is required';
    } else if (error.keyword === 'additionalProperties') {
      const extra = (error.params as { additionalProperty: string }).additionalProperty;
      path = `${path}/${escapePointerToken(extra)}`;
      message = 'is not a field of this form';
    } else if (error.keyword === 'enum') {
      message = 'must be one of the listed options';
    } else if (error.keyword === 'multipleOf' && (error.params as { multipleOf: number }).multipleOf === 0.01) {
      message = 'must have at most two decimals';
    } else if (error.keyword === 'minItems' && (error.params as { limit: number }).limit === 1) {
      // an empty list where one entry is needed (a required file field): as for a missing field
      message = 'is required';
    }
    if (!byPath.has(path)) byPath.set(path, message);
  }
  return [...byPath].map(([path, message]) => ({ path, message }));
}
