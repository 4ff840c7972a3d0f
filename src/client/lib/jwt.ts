/**
 * Reading (never verifying) JSON Web Tokens in the browser. The portal API verifies access tokens;
 * the client only reads `exp` and checks the ID token's claims (see id-token.ts).
 */
import { InvalidTokenError } from './auth-errors';

/** A JWT payload: the claims as decoded JSON. */
export type JwtClaims = Record<string, unknown>;

function decodeBase64Url(segment: string): string {
  if (!/^[A-Za-z0-9_-]*$/.test(segment)) throw new Error('not base64url');
  const base64 = segment
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(segment.length / 4) * 4, '=');
  const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
  return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
}

/**
 * The claims of a compact JWS `token` (`header.payload.signature`). Throws
 * {@link InvalidTokenError} when it is not a string of three segments or the payload is not a
 * base64url-encoded JSON object.
 */
export function decodeJwtPayload(token: unknown): JwtClaims {
  if (typeof token !== 'string') throw new InvalidTokenError('Invalid token specified: must be a string');
  const parts = token.split('.');
  if (parts.length !== 3) throw new InvalidTokenError('Invalid token specified: not a JWT (three segments expected)');
  let payload: unknown;
  try {
    payload = JSON.parse(decodeBase64Url(parts[1] ?? ''));
  } catch (cause) {
    throw new InvalidTokenError('Invalid token specified: the payload is not base64url-encoded JSON', { cause });
  }
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) {
    throw new InvalidTokenError('Invalid token specified: the payload is not a JSON object');
  }
  return payload as JwtClaims;
}

/**
 * The token's own expiry (`exp`, Unix seconds) when `token` is a JWT carrying a numeric `exp`;
 * `undefined` for an opaque token (OAuth access and refresh tokens need not be JWTs).
 */
export function readTokenExp(token: string | undefined | null): number | undefined {
  if (!token) return undefined;
  try {
    const { exp } = decodeJwtPayload(token);
    return typeof exp === 'number' && Number.isFinite(exp) ? exp : undefined;
  } catch {
    return undefined;
  }
}
