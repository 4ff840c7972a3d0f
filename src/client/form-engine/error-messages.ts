/**
 * Wording of client-side validation messages, aligned with the server's 422 messages
 * (src/shared/form-validation.ts `toFieldErrors`): "is required" (also for an empty list that
 * needs one entry), "must have at most two decimals", "must be one of the listed options". The error list at the top names the field by
 * its title: "Vendor name is required".
 */
import type { RJSFValidationError } from '@rjsf/utils';

function readParam(error: RJSFValidationError, name: string): unknown {
  const params: unknown = error.params;
  return typeof params === 'object' && params !== null ? (params as Record<string, unknown>)[name] : undefined;
}

function messageFor(error: RJSFValidationError): string | undefined {
  if (error.name === 'required') return 'is required';
  if (error.name === 'enum') return 'must be one of the listed options';
  if (error.name === 'multipleOf' && readParam(error, 'multipleOf') === 0.01) return 'must have at most two decimals';
  if (error.name === 'minItems' && readParam(error, 'limit') === 1) return 'is required';
  return error.message;
}

/**
 * rjsf `transformErrors`: field message as above, list entry "<field title> <message>". The
 * `if` wrapper error ("must match "then" schema") is dropped, as on the server: the failing
 * field's own error says what is wrong.
 */
export function transformErrors(errors: RJSFValidationError[]): RJSFValidationError[] {
  return errors.filter((error) => error.name !== 'if').map((error) => {
    const message = messageFor(error);
    if (message === undefined) return error;
    const property = error.property?.replace(/^\./, '');
    const label = error.title || property || 'This form';
    return { ...error, message, stack: `${label} ${message}` };
  });
}
