/**
 * The one HTTP client of the portal API (ky). Every request carries the access token as a
 * Bearer header (RFC 6750), refreshed first when it has expired. When no
 * valid token can be had (ExpiredAuthSessionError: the request is aborted, nothing is sent), or
 * the API answers 401, the session is reset, the page remembered, and the unauthorized handler
 * (installed by the session provider) signs the user out and sends them to `/login`.
 */
import ky, { isHTTPError, isNetworkError, isTimeoutError } from 'ky';
import type { ApiError, ValidationErrorBody } from '../../shared/api-error';
import { isValidationErrorBody } from '../../shared/api-error';
import { API_PREFIX } from '../config/env';
import { getValidAccessToken, rememberPage, resetSession } from './auth';
import { ExpiredAuthSessionError, SessionRejectedError } from './auth-errors';

/** Called with the error after the session was lost (ExpiredAuthSessionError or SessionRejectedError). */
export type UnauthorizedHandler = (error: ExpiredAuthSessionError | SessionRejectedError) => void;

let onUnauthorized: UnauthorizedHandler | null = null;
/** A lost session reported before any handler was installed (requests the page starts ahead of React). */
let unreported: ExpiredAuthSessionError | SessionRejectedError | null = null;

/**
 * Installs what happens after the session was lost; a loss that happened before (a request
 * started ahead of the first render) is handed to it at once. Until a handler is installed a
 * loss only resets the session.
 */
export function setUnauthorizedHandler(handler: UnauthorizedHandler): void {
  onUnauthorized = handler;
  const error = unreported;
  unreported = null;
  if (error) handler(error);
}

function handleUnauthorized(error: ExpiredAuthSessionError | SessionRejectedError): void {
  resetSession();
  const { pathname, search, hash } = window.location;
  rememberPage(`${pathname}${search}${hash}`);
  if (onUnauthorized) onUnauthorized(error);
  else unreported = error;
}

/** The portal API client: prefix `/api` (or `VITE_API_PREFIX`), Bearer token, 401 handling. */
export const api = ky.create({
  prefix: API_PREFIX,
  hooks: {
    beforeRequest: [
      async ({ request }) => {
        try {
          const token = await getValidAccessToken();
          if (token) request.headers.set('Authorization', `Bearer ${token}`);
        } catch (error) {
          if (error instanceof ExpiredAuthSessionError) handleUnauthorized(error);
          throw error;
        }
      },
    ],
    afterResponse: [
      ({ request, response }) => {
        if (response.status === 401 && request.headers.has('Authorization')) {
          handleUnauthorized(new SessionRejectedError());
        }
      },
    ],
  },
});

/** An API failure as pages show it: HTTP status (0 = no answer), readable message and parsed body. */
export type ApiFailure = {
  status: number;
  message: string;
  body: ApiError | ValidationErrorBody | null;
  isNetwork: boolean;
};

function isApiErrorBody(body: unknown): body is ApiError {
  return (
    typeof body === 'object' &&
    body !== null &&
    typeof (body as { message?: unknown }).message === 'string' &&
    typeof (body as { statusCode?: unknown }).statusCode === 'number'
  );
}

/** Turns anything thrown by {@link api} into an {@link ApiFailure} with a message a user can read. */
export function toApiFailure(error: unknown): ApiFailure {
  if (error instanceof ExpiredAuthSessionError || error instanceof SessionRejectedError) {
    return { status: 401, message: error.message, body: null, isNetwork: false };
  }
  if (isHTTPError(error)) {
    const data: unknown = error.data;
    const body = isValidationErrorBody(data) || isApiErrorBody(data) ? data : null;
    const status = error.response.status;
    const message = body?.message ?? `The server answered ${status} ${error.response.statusText}`.trim();
    return { status, message, body, isNetwork: false };
  }
  if (isNetworkError(error) || isTimeoutError(error)) {
    return {
      status: 0,
      message: 'The server could not be reached. Check your connection and try again.',
      body: null,
      isNetwork: true,
    };
  }
  const message = error instanceof Error ? error.message : 'Something went wrong.';
  return { status: 0, message, body: null, isNetwork: false };
}

/** True when `error` is an API answer with status 404. */
export function isNotFoundError(error: unknown): boolean {
  return isHTTPError(error) && error.response.status === 404;
}
