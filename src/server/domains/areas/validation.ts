/**
 * Server-side form validation with the very same ajv options and formats the client uses
 * (src/shared/form-validation.ts): no removal of extra properties, no type coercion
 * (docs/behaviour.md "Form validation").
 */
import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import type { FieldError } from '../../../shared/api-error';
import { FORM_AJV_OPTIONS, RJSF_EXTRA_FORMATS, toFieldErrors } from '../../../shared/form-validation';
import type { JsonObject } from '../../../shared/json';

/** Validates one form's data; returns one {@link FieldError} per failing field, empty when valid. */
export type FormValidator = (data: unknown) => FieldError[];

/**
 * Compiles `schema` (draft-07, trusted: it comes from the repository's schemas/) into a
 * {@link FormValidator}. One ajv instance per area so `$id`s of different areas never collide.
 * Throws ajv's compile error when the schema is not valid JSON Schema.
 */
export function compileFormValidator(schema: JsonObject): FormValidator {
  const ajv = new Ajv({ ...FORM_AJV_OPTIONS });
  addFormats(ajv);
  for (const [name, pattern] of Object.entries(RJSF_EXTRA_FORMATS)) ajv.addFormat(name, pattern);
  const validate = ajv.compile(schema);
  return (data) => (validate(data) ? [] : toFieldErrors(validate.errors));
}
