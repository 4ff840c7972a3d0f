/**
 * The rules of a form shown as steps (src/shared/form-steps.ts) that need no React: which step an
 * error belongs to, and a validator that reports only the errors of the fields of the step shown.
 */
import type { ErrorSchema, RJSFValidationError, ValidationData } from '@rjsf/utils';
import type { FormStep } from '../../../shared/form-steps';
import type { FieldErrorSchema } from '../error-schema';
import type { FormValidator } from '../validator';

/** The top-level field an rjsf error's `property` names (`.lines.0.amount` → `lines`), or '' for the form itself. */
export function topFieldOfProperty(property: string | undefined): string {
  return (property ?? '').split('.').find((token) => token !== '') ?? '';
}

/**
 * The index of the step showing `field` (a top-level field name). Errors of the form itself ('')
 * and of a field no step names show on the last step, where the user can still act before the
 * review.
 */
export function stepOfField(steps: readonly FormStep[], field: string): number {
  const index = steps.findIndex((step) => step.fields.includes(field));
  return index === -1 ? steps.length - 1 : index;
}

/** The top-level fields whose errors step `index` shows: its own, plus the form's own on the last. */
function belongsTo(steps: readonly FormStep[], index: number): (field: string) => boolean {
  return (field) => stepOfField(steps, field) === index;
}

/** `errors` (an rjsf error schema) with only the top-level entries `keep` accepts ('' stands for the root's own messages). */
export function pickErrorSchema<T extends FieldErrorSchema | ErrorSchema>(
  errors: T,
  keep: (field: string) => boolean,
): T {
  const picked: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(errors)) {
    if (key === '__errors' ? keep('') : keep(key)) picked[key] = value;
  }
  return picked as T;
}

/** The entries of `errors` that step `index` shows, or undefined when there are none. */
export function stepErrorSchema(
  errors: FieldErrorSchema | undefined,
  steps: readonly FormStep[],
  index: number,
): FieldErrorSchema | undefined {
  if (!errors) return undefined;
  const picked = pickErrorSchema(errors, belongsTo(steps, index));
  return Object.keys(picked).length ? picked : undefined;
}

/** The earliest step with an error among `errors`, and its first error; null when there are none. */
export function firstErrorStep(
  errors: readonly RJSFValidationError[],
  steps: readonly FormStep[],
): { index: number; error: RJSFValidationError } | null {
  let first: { index: number; error: RJSFValidationError } | null = null;
  for (const error of errors) {
    const index = stepOfField(steps, topFieldOfProperty(error.property));
    if (!first || index < first.index) first = { index, error };
  }
  return first;
}

/** `validation` with only the errors of step `index`. */
export function pickStepValidation<T>(
  validation: ValidationData<T>,
  steps: readonly FormStep[],
  index: number,
): ValidationData<T> {
  const keep = belongsTo(steps, index);
  return {
    errors: validation.errors.filter((error) => keep(topFieldOfProperty(error.property))),
    errorSchema: pickErrorSchema(validation.errorSchema, keep),
  };
}

/**
 * `validator` answering rjsf's submit validation (schema and cross-field rules alike) with only the
 * errors of step `index`: the whole form is validated, so conditions and rules see every answer,
 * but the fields of other steps neither block "Next" nor show messages. Every other question
 * (rjsf's `isValid` for conditions) goes to `validator` itself.
 */
export function stepValidator(validator: FormValidator, steps: readonly FormStep[], index: number): FormValidator {
  const scoped = Object.create(validator) as FormValidator;
  scoped.validateFormData = (...args) => pickStepValidation(validator.validateFormData(...args), steps, index);
  return scoped;
}

/**
 * The earliest step holding an entry of `errors` (an rjsf error schema, e.g. the server's), with
 * the top-level field of that entry ('' for the form's own messages); null when there is none.
 */
export function firstErrorSchemaStep(
  errors: FieldErrorSchema | undefined,
  steps: readonly FormStep[],
): { index: number; field: string } | null {
  let first: { index: number; field: string } | null = null;
  for (const key of Object.keys(errors ?? {})) {
    const field = key === '__errors' ? '' : key;
    const index = stepOfField(steps, field);
    if (!first || index < first.index) first = { index, field };
  }
  return first;
}
