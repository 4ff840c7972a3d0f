/**
 * Wording of client-side validation messages, aligned with the server's 422 messages
 * (src/shared/form-validation.ts `toFieldErrors`): "is required" (also for an empty list that
 * needs one entry), "must have at most two decimals", "must be one of the listed options". Wherever a message is shown it names its field
 * ({@link errorSentence}): "Vendor name is required", in the error summary at the top and under the
 * field (GOV.UK Design System, "Error message" and "Error summary").
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

/**
 * A message that names its field: `label` and `message` joined into one sentence. A message in
 * the validators' wording (it starts with a lower-case letter: "is required", "must have at most
 * two decimals") follows the label with a space ("Invoice number is required"); a message that is
 * a sentence of its own (a rule's or the server's: "There is no ticket T-1 that you can see")
 * follows it after a colon. A blank label gives the message alone, its first letter upper-cased.
 */
export function errorSentence(label: string, message: string): string {
  const text = message.trim();
  const name = label.trim();
  if (!name) return text.charAt(0).toUpperCase() + text.slice(1);
  if (!text) return name;
  return /^\p{Ll}/u.test(text) ? `${name} ${text}` : `${name}: ${text}`;
}
