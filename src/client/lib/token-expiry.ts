/**
 * Token expiry arithmetic: a token's expiry is its own `exp` where present,
 * otherwise a default lifetime from when it was received (access 1800 s, refresh 2592000 s); a
 * token counts as expired 500 ms before its expiry.
 */
import { readTokenExp } from './jwt';

/** A token counts as expired this many milliseconds before its expiry. */
export const TOKEN_EXPIRY_MARGIN_MS = 500;
/** Lifetime of an access token without its own expiry, in seconds: 30 minutes. */
export const DEFAULT_ACCESS_TOKEN_LIFETIME_S = 1800;
/** Lifetime of a refresh token without its own expiry, in seconds: 30 days. */
export const DEFAULT_REFRESH_TOKEN_LIFETIME_S = 2_592_000;

/**
 * True when a token that expires at `expiresAtSeconds` (Unix seconds, like JWT `exp` and
 * oidc-client-ts `User.expires_at`) is expired at `nowMs` (Unix milliseconds), margin included.
 * An unknown expiry is treated as not expired: the server's answer then decides.
 */
export function isTokenExpired(expiresAtSeconds: number | undefined | null, nowMs: number = Date.now()): boolean {
  if (expiresAtSeconds === undefined || expiresAtSeconds === null || !Number.isFinite(expiresAtSeconds)) return false;
  return expiresAtSeconds * 1000 - TOKEN_EXPIRY_MARGIN_MS <= nowMs;
}

/**
 * When a token received at `receivedAtMs` expires, in Unix seconds: its own `exp` (JWT) if it has
 * one, else `expiresInSeconds` when the token endpoint said so (`expires_in`), else
 * `defaultLifetimeSeconds` after `receivedAtMs`.
 */
export function tokenExpiresAt(
  token: string,
  receivedAtMs: number,
  defaultLifetimeSeconds: number,
  expiresInSeconds?: number,
): number {
  const own = readTokenExp(token);
  if (own !== undefined) return own;
  const lifetime =
    expiresInSeconds !== undefined && Number.isFinite(expiresInSeconds) && expiresInSeconds >= 0
      ? expiresInSeconds
      : defaultLifetimeSeconds;
  return Math.floor(receivedAtMs / 1000) + lifetime;
}

/** Expiry (Unix seconds) of an access token received at `receivedAtMs` (default 1800 s). */
export function accessTokenExpiresAt(token: string, receivedAtMs: number, expiresInSeconds?: number): number {
  return tokenExpiresAt(token, receivedAtMs, DEFAULT_ACCESS_TOKEN_LIFETIME_S, expiresInSeconds);
}

/** Expiry (Unix seconds) of a refresh token received at `receivedAtMs` (default 2592000 s). */
export function refreshTokenExpiresAt(token: string, receivedAtMs: number): number {
  return tokenExpiresAt(token, receivedAtMs, DEFAULT_REFRESH_TOKEN_LIFETIME_S);
}
