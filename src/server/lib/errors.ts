import type { FieldError } from '../../shared/api-error';

/**
 * An error the API answers with its own status and machine code (src/shared/api-error.ts shapes).
 * `fieldErrors` turns it into a 422 `ValidationErrorBody`.
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly fieldErrors?: FieldError[],
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

/** 404 `not_found`: unknown resource, or one the user may not see (never 403 with data). */
export function notFound(message: string): HttpError {
  return new HttpError(404, 'not_found', message);
}

/** 403 `forbidden`: the user is known but lacks the scope. */
export function forbidden(message: string): HttpError {
  return new HttpError(403, 'forbidden', message);
}

/** 400 `bad_request`: malformed parameters (cursor, header), not form data. */
export function badRequest(message: string): HttpError {
  return new HttpError(400, 'bad_request', message);
}

/** 422 `validation_failed` with one entry per failing field (docs/behaviour.md "Error bodies"). */
export function validationFailed(errors: FieldError[], message = 'The form has errors.'): HttpError {
  return new HttpError(422, 'validation_failed', message, errors);
}

/** True when `error` (or its `cause`, as drizzle wraps driver errors) is a PostgreSQL unique violation. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const { code, constraint: name } = e as { code?: unknown; constraint?: unknown };
    if (code === '23505') return constraint === undefined || name === undefined || name === constraint;
  }
  return false;
}
