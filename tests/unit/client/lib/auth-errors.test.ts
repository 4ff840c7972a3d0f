import { describe, expect, it, vi } from 'vitest';
import {
  describeAuthError,
  EXPIRED_AUTH_SESSION_MESSAGE,
  ExpiredAuthSessionError,
  InvalidTokenError,
  logAuthError,
  SessionRejectedError,
  shouldLogAuthError,
  SignInError,
  type AuthPhase,
} from '../../../../src/client/lib/auth-errors';

describe('ExpiredAuthSessionError', () => {
  it('carries exactly the documented message and its own name', () => {
    const error = new ExpiredAuthSessionError();
    expect(error.message).toBe('Both token and refresh token have expired. Your request was aborted.');
    expect(EXPIRED_AUTH_SESSION_MESSAGE).toBe(error.message);
    expect(error.name).toBe('ExpiredAuthSessionError');
    expect(error).toBeInstanceOf(Error);
  });

  it('keeps why the refresh failed as its cause', () => {
    const cause = new Error('invalid_grant');
    expect(new ExpiredAuthSessionError({ cause }).cause).toBe(cause);
  });
});

describe('InvalidTokenError', () => {
  it('is an Error named InvalidTokenError with the given message', () => {
    const error = new InvalidTokenError('The ID token has expired (exp).');
    expect(error.name).toBe('InvalidTokenError');
    expect(error.message).toBe('The ID token has expired (exp).');
    expect(error).toBeInstanceOf(Error);
  });
});

describe('SignInError', () => {
  it.each([
    ['missing-state', /carried no state value.*ignored.*not signed in/],
    ['state-mismatch', /does not belong to a sign-in started in this browser tab \(state mismatch\).*ignored/],
    ['invalid-token', /failed a security check/],
    ['provider-error', /did not sign you in/],
    ['exchange-failed', /could not be completed/],
  ] as const)('explains a %s failure to people', (failure, message) => {
    const error = new SignInError(failure);
    expect(error.failure).toBe(failure);
    expect(error.name).toBe('SignInError');
    expect(error.message).toMatch(message);
  });

  it('appends the technical detail', () => {
    expect(new SignInError('invalid-token', 'The ID token has expired (exp).').message).toMatch(
      /not signed in\. The ID token has expired \(exp\)\.$/,
    );
  });
});

describe('which auth errors reach the console', () => {
  const phases: AuthPhase[] = ['start-up', 'request', 'sign-in', 'sign-out'];

  it.each([
    ['ExpiredAuthSessionError', new ExpiredAuthSessionError(), [false, true, true, true]],
    ['InvalidTokenError', new InvalidTokenError('bad'), [true, true, true, true]],
    ['SessionRejectedError', new SessionRejectedError(), [true, true, true, true]],
    ['SignInError', new SignInError('state-mismatch'), [true, true, true, true]],
    ['a plain Error', new Error('network'), [true, true, true, true]],
  ] as const)('%s is logged in phases start-up/request/sign-in/sign-out: %j', (_label, error, expected) => {
    expect(phases.map((phase) => shouldLogAuthError(error, phase))).toEqual(expected);
  });

  it('does not log an expired session found at start-up, logs it later and logs everything else', () => {
    const log = vi.fn();
    logAuthError(new ExpiredAuthSessionError(), 'start-up', log);
    expect(log).not.toHaveBeenCalled();
    logAuthError(new ExpiredAuthSessionError({ cause: new Error('invalid_grant') }), 'request', log);
    logAuthError(new InvalidTokenError('The ID token has expired (exp).'), 'start-up', log);
    expect(log.mock.calls).toEqual([
      [
        '[auth] request: ExpiredAuthSessionError: Both token and refresh token have expired. Your request was aborted. (cause: Error: invalid_grant)',
      ],
      ['[auth] start-up: InvalidTokenError: The ID token has expired (exp).'],
    ]);
  });

  it('logs to console.error by default', () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    logAuthError(new Error('boom'), 'request');
    expect(spy).toHaveBeenCalledWith('[auth] request: Error: boom');
    spy.mockRestore();
  });

  it('describes non-errors as text', () => {
    expect(describeAuthError('offline')).toBe('offline');
  });
});
