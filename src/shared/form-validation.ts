/**
 * One set of ajv options for form data, used by the client (rjsf's validator-ajv8) and by the
 * server (which validates every write against the very same area schema). House style: no
 * `removeAdditional`, no `coerceTypes` — the client and server must agree on what is valid.
 */
import type { Ajv, ErrorObject } from 'ajv';
import addFormats from 'ajv-formats';
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

/** Formats rjsf adds on top of ajv-formats; the server adds the same ones. */
export const RJSF_EXTRA_FORMATS = {
  'data-url': /^data:([a-z]+\/[a-z0-9-+.]+)?;(?:name=(.*);)?base64,(.*)$/,
  color:
    /^(#?([0-9A-Fa-f]{3}){1,2}\b|aqua|black|blue|fuchsia|gray|green|lime|maroon|navy|olive|orange|purple|red|silver|teal|white|yellow|(rgb\(\s*\b([0-9]|[1-9][0-9]|1[0-9][0-9]|2[0-4][0-9]|25[0-5])\b\s*,\s*\b([0-9]|[1-9][0-9]|1[0-9][0-9]|2[0-4][0-9]|25[0-5])\b\s*,\s*\b([0-9]|[1-9][0-9]|1[0-9][0-9]|2[0-4][0-9]|25[0-5])\b\s*\))|(rgb\(\s*(\d?\d%|100%)+\s*,\s*(\d?\d%|100%)+\s*,\s*(\d?\d%|100%)+\s*\)))$/,
} as const;

/**
 * Adds the formats of form data to `ajv` and returns it: ajv-formats (the one version the server
 * and the browser both use: rjsf's validator brings an older one, which it is told not to add),
 * rjsf's `data-url` and `color`, and `time` read as ajv-formats' `iso-time` (the offset optional),
 * because every time widget (rjsf's and the portal's) writes a local time such as `14:30:00`.
 */
export function addFormFormats(ajv: Ajv): Ajv {
  addFormats(ajv);
  for (const [name, pattern] of Object.entries(RJSF_EXTRA_FORMATS)) ajv.addFormat(name, pattern);
  const isoTime = ajv.formats['iso-time'];
  if (isoTime) ajv.addFormat('time', isoTime);
  return ajv;
}

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
    }
    if (!byPath.has(path)) byPath.set(path, message);
  }
  return [...byPath].map(([path, message]) => ({ path, message }));
}
