import { describe, expect, it } from 'vitest';
import { isTokenExpired, TOKEN_EXPIRY_MARGIN_MS } from '../../../../src/client/lib/token-expiry';

describe('isTokenExpired (spec §9: expired 500 ms before expiry)', () => {
  const expiresAt = 1_800_000_000; // seconds
  it.each([
    [expiresAt * 1000 - 501, false],
    [expiresAt * 1000 - TOKEN_EXPIRY_MARGIN_MS, true],
    [expiresAt * 1000 - 499, true],
    [expiresAt * 1000 + 1, true],
  ])('at %d ms a token expiring at 1800000000 s is expired: %s', (now, expected) => {
    expect(isTokenExpired(expiresAt, now)).toBe(expected);
  });

  it('treats an unknown expiry as not expired (the API decides)', () => {
    expect(isTokenExpired(undefined, Date.now())).toBe(false);
    expect(isTokenExpired(Number.NaN, Date.now())).toBe(false);
  });
});
