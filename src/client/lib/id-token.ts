/**
 * The ID token checks oidc-client-ts leaves out: `iss`, `aud` (and `azp`), `exp` and — where the
 * client sent one — `nonce` (OpenID Connect Core 1.0, section 3.1.3.7). oidc-client-ts only checks `sub` and, when a nonce is in its sign-in state, `nonce`.
 * The signature is not checked in the browser (the token comes straight from the token endpoint
 * over TLS; the API verifies its own access tokens).
 */
import { InvalidTokenError } from './auth-errors';
import { decodeJwtPayload, type JwtClaims } from './jwt';

/** Clock skew allowed on `exp` and `iat`, in seconds (the API allows at most 60 s too). */
export const ID_TOKEN_CLOCK_LEEWAY_S = 60;

/** What a valid ID token must say. */
export type IdTokenExpectations = {
  /** The issuer from the provider's discovery document (= the configured authority). */
  issuer: string;
  /** The portal's client id: must be in `aud` (and be `azp` when there are several audiences). */
  clientId: string;
  /** The nonce sent with the authorization request; omitted for refreshed ID tokens. */
  nonce?: string;
  /** Current time, Unix milliseconds. */
  nowMs: number;
  /** Clock leeway in seconds (default {@link ID_TOKEN_CLOCK_LEEWAY_S}). */
  leewaySeconds?: number;
};

function audiences(aud: unknown): string[] | null {
  if (typeof aud === 'string') return [aud];
  if (Array.isArray(aud) && aud.length > 0 && aud.every((item) => typeof item === 'string')) return aud;
  return null;
}

/**
 * Checks decoded ID token `claims` against `expected`; throws {@link InvalidTokenError} naming the
 * first failed claim: `iss` not exactly the issuer, `aud` missing the client id, several
 * audiences without `azp` = client id (or any other `azp`), `sub` missing, `exp` missing or past
 * (beyond the leeway), `iat` in the future (beyond the leeway), `nonce` different from the one sent.
 */
export function checkIdTokenClaims(claims: JwtClaims, expected: IdTokenExpectations): void {
  const leewayMs = (expected.leewaySeconds ?? ID_TOKEN_CLOCK_LEEWAY_S) * 1000;
  if (claims.iss !== expected.issuer) {
    throw new InvalidTokenError(
      `The ID token's issuer (iss) is ${JSON.stringify(claims.iss)}, expected ${JSON.stringify(expected.issuer)}.`,
    );
  }
  const aud = audiences(claims.aud);
  if (!aud || !aud.includes(expected.clientId)) {
    throw new InvalidTokenError(
      `The ID token's audience (aud) does not include this portal's client id ${JSON.stringify(expected.clientId)}.`,
    );
  }
  if ((aud.length > 1 || claims.azp !== undefined) && claims.azp !== expected.clientId) {
    throw new InvalidTokenError(
      `The ID token's authorized party (azp) is ${JSON.stringify(claims.azp)}, expected ${JSON.stringify(expected.clientId)}.`,
    );
  }
  if (typeof claims.sub !== 'string' || claims.sub === '') {
    throw new InvalidTokenError('The ID token has no subject (sub).');
  }
  if (typeof claims.exp !== 'number' || !Number.isFinite(claims.exp)) {
    throw new InvalidTokenError('The ID token has no expiry (exp).');
  }
  if (claims.exp * 1000 + leewayMs <= expected.nowMs) {
    throw new InvalidTokenError('The ID token has expired (exp).');
  }
  if (typeof claims.iat === 'number' && claims.iat * 1000 - leewayMs > expected.nowMs) {
    throw new InvalidTokenError('The ID token was issued in the future (iat).');
  }
  if (expected.nonce !== undefined && claims.nonce !== expected.nonce) {
    throw new InvalidTokenError("The ID token's nonce does not match the one this sign-in sent.");
  }
}

/**
 * Decodes `idToken` and runs {@link checkIdTokenClaims}; returns the claims. Throws
 * {@link InvalidTokenError} when the token is missing or cannot be decoded.
 */
export function checkIdToken(idToken: string | undefined, expected: IdTokenExpectations): JwtClaims {
  if (!idToken) throw new InvalidTokenError('The identity provider returned no ID token.');
  const claims = decodeJwtPayload(idToken);
  checkIdTokenClaims(claims, expected);
  return claims;
}

/**
 * The discovery document's `issuer` must be the authority the portal was configured with
 * (OpenID Connect Discovery 1.0, section 4.3); a trailing slash is the only difference tolerated.
 * Throws {@link InvalidTokenError} otherwise.
 */
export function checkIssuerMatchesAuthority(issuer: string, authority: string): void {
  const strip = (value: string) => value.replace(/\/+$/, '');
  if (strip(issuer) !== strip(authority)) {
    throw new InvalidTokenError(
      `The identity provider's issuer ${JSON.stringify(issuer)} is not the configured authority ${JSON.stringify(authority)}.`,
    );
  }
}
