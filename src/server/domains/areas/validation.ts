/**
 * Server-side form validation with the very same ajv options and formats the client uses
 * (src/shared/form-validation.ts): no removal of extra properties, no type coercion
 * (docs/behaviour.md "Form validation").
 */
import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { FieldError } from '../../../shared/api-error';
import { FORM_FORMATS } from '../../../shared/form-formats';
import { FORM_AJV_OPTIONS, toFieldErrors } from '../../../shared/form-validation';
import type { JsonObject } from '../../../shared/json';

/** Validates one form's data; returns one {@link FieldError} per failing field, empty when valid. */
export type FormValidator = (data: unknown) => FieldError[];

/**
 * Adds the formats of form data to `ajv` and returns it: ajv-formats (its formats and its
 * `formatMinimum`/`formatMaximum` keywords), then every entry of `FORM_FORMATS`
 * (src/shared/form-formats.ts), the table precompiled validators read their formats from in the
 * browser. rjsf's validator brings an older ajv-formats, which it is told not to add.
 */
export function addFormFormats(ajv: Ajv): Ajv {
  addFormats(ajv);
  for (const [name, format] of Object.entries(FORM_FORMATS)) ajv.addFormat(name, format);
  return ajv;
}

/**
 * A new ajv instance configured as the browser's (`FORM_AJV_OPTIONS` and the formats of
 * {@link addFormFormats}), without ajv's console logger: what it would log (an unknown format it
 * ignores) the area checks report as a warning instead. The area checks compile each area's schema
 * with it (one instance per area, so `$id`s of different areas never collide), and that validator
 * is the one its submissions are checked with.
 */
export function createFormAjv(): Ajv {
  return addFormFormats(new Ajv({ ...FORM_AJV_OPTIONS, logger: false }));
}

/**
 * Compiles `schema` (draft-07, trusted: it comes from the schemas folder) into a
 * {@link FormValidator} on its own {@link createFormAjv} instance, as the area checks do. Throws
 * ajv's compile error when the schema is not valid JSON Schema.
 */
export function compileFormValidator(schema: JsonObject): FormValidator {
  return toFormValidator(createFormAjv().compile(schema));
}

/** A compiled ajv function as a {@link FormValidator}: its errors as one field error per field. */
export function toFormValidator(validate: ValidateFunction): FormValidator {
  return (data) => (validate(data) ? [] : toFieldErrors(validate.errors));
}
