import { describe, expect, it } from 'vitest';
import { InvalidTokenError } from '../../../../src/client/lib/auth-errors';
import {
  checkIdToken,
  checkIdTokenClaims,
  checkIssuerMatchesAuthority,
  ID_TOKEN_CLOCK_LEEWAY_S,
  type IdTokenExpectations,
} from '../../../../src/client/lib/id-token';
import { decodeJwtPayload, readTokenExp } from '../../../../src/client/lib/jwt';
import { jwt } from './jwt-fixtures';

const NOW_MS = 1_800_000_000_000;
const NOW_S = NOW_MS / 1000;
const ISSUER = 'https://portal.example/oidc';
const EXPECTED: IdTokenExpectations = { issuer: ISSUER, clientId: 'tm-portal', nonce: 'n-0S6_WzA2Mj', nowMs: NOW_MS };
const VALID = { iss: ISSUER, aud: 'tm-portal', sub: 'user-1', exp: NOW_S + 900, iat: NOW_S, nonce: 'n-0S6_WzA2Mj' };

describe('checkIdTokenClaims (what oidc-client-ts does not check, its issue #2475)', () => {
  it.each([
    ['a valid token', VALID],
    ['aud as a list with our client id and azp', { ...VALID, aud: ['tm-portal', 'api://tm-portal'], azp: 'tm-portal' }],
    ['aud as a one-element list', { ...VALID, aud: ['tm-portal'] }],
    ['exp just past, within the 60 s leeway', { ...VALID, exp: NOW_S - 59 }],
    ['iat slightly in the future, within the leeway', { ...VALID, iat: NOW_S + 30 }],
    ['no iat', { ...VALID, iat: undefined }],
  ])('accepts %s', (_label, claims) => {
    expect(() => checkIdTokenClaims(claims, EXPECTED)).not.toThrow();
  });

  it.each([
    ['another issuer', { ...VALID, iss: 'https://evil.example/oidc' }, /issuer \(iss\)/],
    ['the issuer with a trailing slash', { ...VALID, iss: `${ISSUER}/` }, /issuer \(iss\)/],
    ['no issuer', { ...VALID, iss: undefined }, /issuer \(iss\)/],
    ['another audience', { ...VALID, aud: 'someone-else' }, /audience \(aud\)/],
    ['a list of other audiences', { ...VALID, aud: ['a', 'b'] }, /audience \(aud\)/],
    ['no audience', { ...VALID, aud: undefined }, /audience \(aud\)/],
    ['an empty audience list', { ...VALID, aud: [] }, /audience \(aud\)/],
    ['several audiences without azp', { ...VALID, aud: ['tm-portal', 'other'] }, /authorized party \(azp\)/],
    ['an azp of another client', { ...VALID, azp: 'other' }, /authorized party \(azp\)/],
    ['no subject', { ...VALID, sub: undefined }, /subject \(sub\)/],
    ['no expiry', { ...VALID, exp: undefined }, /no expiry \(exp\)/],
    ['a string expiry', { ...VALID, exp: String(NOW_S + 900) }, /no expiry \(exp\)/],
    ['an expiry beyond the leeway', { ...VALID, exp: NOW_S - ID_TOKEN_CLOCK_LEEWAY_S }, /expired \(exp\)/],
    ['an iat in the future beyond the leeway', { ...VALID, iat: NOW_S + 61 }, /future \(iat\)/],
    ['another nonce', { ...VALID, nonce: 'replayed-nonce' }, /nonce does not match/],
    ['no nonce', { ...VALID, nonce: undefined }, /nonce does not match/],
  ])('refuses %s', (_label, claims, message) => {
    expect(() => checkIdTokenClaims(claims, EXPECTED)).toThrow(InvalidTokenError);
    expect(() => checkIdTokenClaims(claims, EXPECTED)).toThrow(message);
  });

  it('does not require a nonce when none was sent (refreshed ID tokens)', () => {
    expect(() => checkIdTokenClaims({ ...VALID, nonce: undefined }, { ...EXPECTED, nonce: undefined })).not.toThrow();
  });

  it('honours a custom leeway', () => {
    expect(() => checkIdTokenClaims({ ...VALID, exp: NOW_S - 5 }, { ...EXPECTED, leewaySeconds: 0 })).toThrow(
      /expired/,
    );
  });
});

describe('checkIdToken', () => {
  it('decodes and checks a compact JWT and returns its claims', () => {
    expect(checkIdToken(jwt(VALID), EXPECTED)).toEqual(VALID);
  });

  it.each([
    ['a missing token', undefined, /returned no ID token/],
    ['an opaque string', 'not-a-jwt', /not a JWT/],
    ['a payload that is not JSON', 'aGVhZGVy.bm90IGpzb24.c2ln', /not base64url-encoded JSON/],
    ['a payload that is not base64url', 'a.b*c.d', /not base64url-encoded JSON/],
    ['a payload that is a JSON array', `x.${Buffer.from('[1]').toString('base64url')}.y`, /not a JSON object/],
  ])('raises InvalidTokenError for %s', (_label, token, message) => {
    expect(() => checkIdToken(token, EXPECTED)).toThrow(InvalidTokenError);
    expect(() => checkIdToken(token, EXPECTED)).toThrow(message);
  });
});

describe('checkIssuerMatchesAuthority (OpenID Connect Discovery 1.0, section 4.3)', () => {
  it.each([
    [ISSUER, ISSUER, true],
    [`${ISSUER}/`, ISSUER, true],
    [ISSUER, `${ISSUER}/`, true],
    ['https://evil.example/oidc', ISSUER, false],
    ['https://portal.example/oidc2', ISSUER, false],
  ])('issuer %s against authority %s passes: %s', (issuer, authority, passes) => {
    const run = () => checkIssuerMatchesAuthority(issuer, authority);
    if (passes) expect(run).not.toThrow();
    else expect(run).toThrow(InvalidTokenError);
  });
});

describe('decodeJwtPayload / readTokenExp', () => {
  it('decodes UTF-8 claims', () => {
    expect(decodeJwtPayload(jwt({ name: 'Zoë Ødegaard' })).name).toBe('Zoë Ødegaard');
  });

  it('raises InvalidTokenError for a non-string', () => {
    expect(() => decodeJwtPayload(42)).toThrow(InvalidTokenError);
  });

  it('reads exp of a JWT and nothing of an opaque token', () => {
    expect(readTokenExp(jwt({ exp: 123 }))).toBe(123);
    expect(readTokenExp('opaque')).toBeUndefined();
    expect(readTokenExp(undefined)).toBeUndefined();
  });
});
