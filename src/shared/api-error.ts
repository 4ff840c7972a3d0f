/**
 * Machine-readable error bodies of the API. Every 4xx/5xx answer is an {@link ApiError};
 * a form body that fails its area's JSON Schema is a {@link ValidationErrorBody} (HTTP 422).
 */

/** One failing field: `path` is a JSON Pointer (RFC 6901) into the submitted data, `''` for the whole form. */
export type FieldError = { path: string; message: string };

export type ApiError = {
  statusCode: number;
  /** Stable machine code, e.g. `unauthorized`, `not_found`, `validation_failed`. */
  error: string;
  message: string;
};

export type ValidationErrorBody = ApiError & {
  error: 'validation_failed';
  errors: FieldError[];
};

export function isValidationErrorBody(body: unknown): body is ValidationErrorBody {
  return (
    typeof body === 'object' &&
    body !== null &&
    (body as { error?: unknown }).error === 'validation_failed' &&
    Array.isArray((body as { errors?: unknown }).errors)
  );
}
