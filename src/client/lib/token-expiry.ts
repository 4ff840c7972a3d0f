/**
 * Token expiry arithmetic (portal-spec.md §9): a token counts as expired 500 ms before its expiry.
 */

/** A token counts as expired this many milliseconds before its `exp` (spec §9). */
export const TOKEN_EXPIRY_MARGIN_MS = 500;

/**
 * True when a token that expires at `expiresAtSeconds` (Unix seconds, like JWT `exp` and
 * oidc-client-ts `User.expires_at`) is expired at `nowMs` (Unix milliseconds), margin included.
 * An unknown expiry is treated as not expired: the API's 401 answer then decides.
 */
export function isTokenExpired(expiresAtSeconds: number | undefined, nowMs: number = Date.now()): boolean {
  if (expiresAtSeconds === undefined || !Number.isFinite(expiresAtSeconds)) return false;
  return expiresAtSeconds * 1000 - TOKEN_EXPIRY_MARGIN_MS <= nowMs;
}
