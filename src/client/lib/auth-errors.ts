/**
 * The sign-in and session errors of the portal (docs/behaviour.md) and the one place that decides
 * which of them reach the console. Messages never contain a token.
 */

/** Shown on `/login`, word for word, when the session could not be kept alive. */
export const EXPIRED_AUTH_SESSION_MESSAGE = 'Both token and refresh token have expired. Your request was aborted.';

/** Shown on `/login` when the API refused the access token (401). */
export const SESSION_REJECTED_MESSAGE = 'Your session has ended. Please sign in again.';

/**
 * The access token has expired and no new one can be had — the refresh token has expired
 * too, is missing, or the refresh failed (`cause` then holds why). The request is aborted and the
 * session reset.
 */
export class ExpiredAuthSessionError extends Error {
  constructor(options?: { cause?: unknown }) {
    super(EXPIRED_AUTH_SESSION_MESSAGE, options);
    this.name = 'ExpiredAuthSessionError';
  }
}

/** A token that cannot be decoded or fails a check (ID token `iss`, `aud`, `exp`, `nonce`). */
export class InvalidTokenError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'InvalidTokenError';
  }
}

/** The API answered 401 to a request that carried an access token. */
export class SessionRejectedError extends Error {
  constructor() {
    super(SESSION_REJECTED_MESSAGE);
    this.name = 'SessionRejectedError';
  }
}

/** Why a callback at `/login` was refused. */
export type SignInFailure = 'missing-state' | 'state-mismatch' | 'provider-error' | 'invalid-token' | 'exchange-failed';

const SIGN_IN_MESSAGES: Record<SignInFailure, string> = {
  'missing-state':
    'The answer from the identity provider carried no state value, so it was ignored and you were not signed in. Please sign in again.',
  'state-mismatch':
    'The answer from the identity provider does not belong to a sign-in started in this browser tab (state mismatch), so it was ignored and you were not signed in. Please sign in again.',
  'provider-error': 'The identity provider did not sign you in.',
  'invalid-token':
    "The identity provider's answer failed a security check, so the sign-in was stopped and you were not signed in.",
  'exchange-failed': 'The sign-in could not be completed.',
};

/**
 * A refused sign-in callback; `message` is what the sign-in page shows (a sentence for people,
 * with the technical detail, never a token, appended where it helps).
 */
export class SignInError extends Error {
  readonly failure: SignInFailure;

  constructor(failure: SignInFailure, detail?: string, options?: { cause?: unknown }) {
    const base = SIGN_IN_MESSAGES[failure];
    super(detail ? `${base} ${detail}` : base, options);
    this.name = 'SignInError';
    this.failure = failure;
  }
}

/** Where an auth error happened: `start-up` is the first session check after the page loads. */
export type AuthPhase = 'start-up' | 'request' | 'sign-in' | 'sign-out';

/**
 * An {@link ExpiredAuthSessionError} is not logged at start-up (an old session found in
 * storage is normal); every other auth error is logged to the console.
 */
export function shouldLogAuthError(error: unknown, phase: AuthPhase): boolean {
  return !(error instanceof ExpiredAuthSessionError && phase === 'start-up');
}

/** One line per error: its name, message and cause's message — never a token or a whole object. */
export function describeAuthError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? ` (cause: ${error.cause.name}: ${error.cause.message})` : '';
  return `${error.name}: ${error.message}${cause}`;
}

/** Logs `error` with `log` (default `console.error`) unless {@link shouldLogAuthError} says not to. */
export function logAuthError(
  error: unknown,
  phase: AuthPhase,
  log: (...data: unknown[]) => void = console.error,
): void {
  if (shouldLogAuthError(error, phase)) log(`[auth] ${phase}: ${describeAuthError(error)}`);
}
