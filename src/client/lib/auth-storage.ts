/**
 * Where the browser keeps sign-in data (every key prefixed `auth.`):
 *
 * | Key | Storage | What |
 * |---|---|---|
 * | `auth.user:<authority>:<client id>` | local | the tokens (oidc-client-ts `User`), shared by the tabs |
 * | `auth.refresh_token_expires_at` | local | refresh-token expiry, Unix seconds (the default lifetime when the token has none) |
 * | `auth.state.<state>` | session | PKCE verifier, nonce and state of a sign-in in progress: bound to the tab, single use |
 * | `auth.redirect` | session | the page to return to after sign-in |
 *
 * No token goes into IndexedDB, a cookie or a service worker. The portal writes no cookie; were
 * one added, it must be named `auth.…` with path `/` ({@link AUTH_COOKIE_PATH}).
 */
import { resolveSafeRedirect } from '../../shared/redirect-path';
import { paths } from '../config/paths';

/** Prefix of every auth key in local and session storage and of any auth cookie. */
export const AUTH_STORAGE_PREFIX = 'auth.';
/** Path of any auth cookie. */
export const AUTH_COOKIE_PATH = '/';
/** Prefix of sign-in states in session storage (oidc-client-ts `stateStore`). */
export const SIGN_IN_STATE_PREFIX = `${AUTH_STORAGE_PREFIX}state.`;
/** Session-storage key of the page to return to after sign-in. */
export const REDIRECT_STORAGE_KEY = `${AUTH_STORAGE_PREFIX}redirect`;
/** Local-storage key of the refresh token's expiry (Unix seconds). */
export const REFRESH_EXPIRY_STORAGE_KEY = `${AUTH_STORAGE_PREFIX}refresh_token_expires_at`;

/** `/login` and `/Login`, followed by nothing, a further segment, a query or a fragment. */
const SIGN_IN_PATH = new RegExp(`^${paths.login}(?:[/?#]|$)`, 'i');

/** True for `/login` and `/Login` (with or without query): never a page to return to. */
export function isSignInPath(path: string): boolean {
  return SIGN_IN_PATH.test(path);
}

function safeReturnPath(path: unknown, origin: string): string | null {
  const resolved = resolveSafeRedirect(path, origin);
  return resolved && !isSignInPath(resolved) ? resolved : null;
}

/**
 * Remembers `path` as the page to return to after sign-in when it is a safe internal path on
 * `origin` (src/shared/redirect-path.ts) other than the sign-in page; anything else is not stored.
 */
export function rememberReturnPath(path: string, storage: Storage, origin: string): void {
  if (safeReturnPath(path, origin)) storage.setItem(REDIRECT_STORAGE_KEY, path);
}

/** The remembered page if it is (still) safe, without clearing it; else `/`. */
export function peekReturnPath(storage: Storage, origin: string): string {
  return safeReturnPath(storage.getItem(REDIRECT_STORAGE_KEY), origin) ?? paths.home;
}

/**
 * The page to go to after the callback: the remembered page when it passes the
 * redirect-path rule and stays on `origin`, otherwise home. Clears the remembered page.
 */
export function takeReturnPath(storage: Storage, origin: string): string {
  const path = peekReturnPath(storage, origin);
  storage.removeItem(REDIRECT_STORAGE_KEY);
  return path;
}

/** Removes every key starting with `auth.` from each of `storages`. */
export function clearAuthStorage(...storages: Storage[]): void {
  for (const storage of storages) {
    const keys: string[] = [];
    for (let index = 0; index < storage.length; index += 1) {
      const key = storage.key(index);
      if (key?.startsWith(AUTH_STORAGE_PREFIX)) keys.push(key);
    }
    keys.forEach((key) => storage.removeItem(key));
  }
}

/** The stored refresh-token expiry (Unix seconds), or `undefined` when none (or garbage) is stored. */
export function readRefreshExpiry(storage: Storage): number | undefined {
  const raw = storage.getItem(REFRESH_EXPIRY_STORAGE_KEY);
  const value = raw === null ? Number.NaN : Number(raw);
  return Number.isFinite(value) ? value : undefined;
}

/** Stores the refresh-token expiry (Unix seconds), or removes it for `undefined`. */
export function writeRefreshExpiry(storage: Storage, expiresAtSeconds: number | undefined): void {
  if (expiresAtSeconds === undefined) storage.removeItem(REFRESH_EXPIRY_STORAGE_KEY);
  else storage.setItem(REFRESH_EXPIRY_STORAGE_KEY, String(expiresAtSeconds));
}
