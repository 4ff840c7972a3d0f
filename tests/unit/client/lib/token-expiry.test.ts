import { describe, expect, it } from 'vitest';
import {
  accessTokenExpiresAt,
  DEFAULT_ACCESS_TOKEN_LIFETIME_S,
  DEFAULT_REFRESH_TOKEN_LIFETIME_S,
  isTokenExpired,
  refreshTokenExpiresAt,
  TOKEN_EXPIRY_MARGIN_MS,
  tokenExpiresAt,
} from '../../../../src/client/lib/token-expiry';
import { jwt } from './jwt-fixtures';

const NOW_MS = 1_800_000_000_000;
const NOW_S = NOW_MS / 1000;

describe('the expiry constants', () => {
  it('are 1800 s for access tokens, 2592000 s (30 days) for refresh tokens, 500 ms margin', () => {
    expect(DEFAULT_ACCESS_TOKEN_LIFETIME_S).toBe(1800);
    expect(DEFAULT_REFRESH_TOKEN_LIFETIME_S).toBe(2_592_000);
    expect(DEFAULT_REFRESH_TOKEN_LIFETIME_S).toBe(30 * 24 * 60 * 60);
    expect(TOKEN_EXPIRY_MARGIN_MS).toBe(500);
  });
});

describe('isTokenExpired (expired 500 ms before expiry)', () => {
  const expiresAt = 1_800_000_000; // seconds
  it.each([
    [expiresAt * 1000 - 10_000, false],
    [expiresAt * 1000 - 501, false],
    [expiresAt * 1000 - TOKEN_EXPIRY_MARGIN_MS, true],
    [expiresAt * 1000 - 499, true],
    [expiresAt * 1000, true],
    [expiresAt * 1000 + 1, true],
  ])('at %d ms a token expiring at 1800000000 s is expired: %s', (now, expected) => {
    expect(isTokenExpired(expiresAt, now)).toBe(expected);
  });

  it('treats an unknown expiry as not expired (the server decides)', () => {
    expect(isTokenExpired(undefined, NOW_MS)).toBe(false);
    expect(isTokenExpired(null, NOW_MS)).toBe(false);
    expect(isTokenExpired(Number.NaN, NOW_MS)).toBe(false);
  });
});

describe('tokenExpiresAt (the token’s own exp, otherwise the default)', () => {
  it.each([
    ['a JWT with exp', jwt({ exp: NOW_S + 900 }), undefined, NOW_S + 900],
    ['a JWT with exp, even when expires_in says otherwise', jwt({ exp: NOW_S + 900 }), 60, NOW_S + 900],
    ['a JWT with an exp in the past', jwt({ exp: NOW_S - 5 }), undefined, NOW_S - 5],
    ['a JWT without exp', jwt({ sub: 'u' }), undefined, NOW_S + 1800],
    ['a JWT with a string exp', jwt({ exp: 'soon' }), undefined, NOW_S + 1800],
    ['an opaque token', 'opaque-access-token', undefined, NOW_S + 1800],
    ['an opaque token with expires_in', 'opaque-access-token', 600, NOW_S + 600],
    ['an undecodable JWT-shaped token', 'a.%%%.c', undefined, NOW_S + 1800],
  ])('%s', (_label, token, expiresIn, expected) => {
    expect(tokenExpiresAt(token, NOW_MS, DEFAULT_ACCESS_TOKEN_LIFETIME_S, expiresIn)).toBe(expected);
  });

  it('uses 1800 s for access tokens and 2592000 s for refresh tokens without their own expiry', () => {
    expect(accessTokenExpiresAt('opaque', NOW_MS)).toBe(NOW_S + 1800);
    expect(refreshTokenExpiresAt('opaque', NOW_MS)).toBe(NOW_S + 2_592_000);
    expect(refreshTokenExpiresAt(jwt({ exp: NOW_S + 60 }), NOW_MS)).toBe(NOW_S + 60);
  });

  it('counts a default-lifetime access token as expired 500 ms before the 1800 s are up', () => {
    const expiresAt = accessTokenExpiresAt('opaque', NOW_MS);
    expect(isTokenExpired(expiresAt, NOW_MS + 1800 * 1000 - 501)).toBe(false);
    expect(isTokenExpired(expiresAt, NOW_MS + 1800 * 1000 - 500)).toBe(true);
  });
});
