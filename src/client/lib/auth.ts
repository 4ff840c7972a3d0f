/**
 * OpenID Connect sign-in for the page (docs/behaviour.md "Sign-in", "Session expiry and refresh",
 * "Sign-out"): what the rest of the web app calls.
 *
 * The sign-in itself ({@link PortalAuth}, on oidc-client-ts) lives in portal-auth.ts, a chunk of its
 * own that is loaded with `import()` only when it is needed: to sign in, to complete the sign-in
 * callback, to refresh an expired access token, and to sign out. Before an API request the stored
 * access token is read without it (stored-tokens.ts), so a page with a valid stored session never
 * downloads the library (docs/performance.md "Page weight").
 */
import ky from 'ky';
import { AUTH_CONFIG_ELEMENT_ID, type AuthConfig } from '../../shared/me';
import { API_PREFIX } from '../config/env';
import { clearAuthStorage, peekReturnPath, rememberReturnPath } from './auth-storage';
import type { PortalAuth } from './portal-auth';
import { readStoredTokens, type StoredTokens } from './stored-tokens';
import { isTokenExpired } from './token-expiry';

let configPromise: Promise<AuthConfig> | null = null;
let authPromise: Promise<PortalAuth> | null = null;

/**
 * The auth config the server wrote into the page it served (`<script type="application/json"
 * id="auth-config">`, docs/performance.md "Sign-in settings in the page"), or null when the page
 * has none — the copy of the page the service worker keeps has none — or it cannot be read.
 */
function configInPage(): AuthConfig | null {
  if (typeof document === 'undefined') return null;
  const text = document.getElementById(AUTH_CONFIG_ELEMENT_ID)?.textContent;
  if (!text) return null;
  try {
    const config = JSON.parse(text) as Partial<AuthConfig> | null;
    return typeof config?.authority === 'string' && typeof config.clientId === 'string' ? (config as AuthConfig) : null;
  } catch {
    return null;
  }
}

/**
 * The auth config: the one written into the page when there is one (so the first API requests
 * need not wait for a round trip and a task), else `GET /api/auth/config` once (public endpoint,
 * no token); a failed load is not cached.
 */
export function loadAuthConfig(): Promise<AuthConfig> {
  if (configPromise) return configPromise;
  const inPage = configInPage();
  configPromise = inPage
    ? Promise.resolve(inPage)
    : ky
        .get('auth/config', { prefix: API_PREFIX })
        .json<AuthConfig>()
        .catch((error: unknown) => {
          configPromise = null;
          throw error;
        });
  return configPromise;
}

/**
 * The page's one {@link PortalAuth}: loads the auth config and the sign-in module (portal-auth.ts,
 * with oidc-client-ts) on first use, creates it once, and removes this tab's abandoned sign-in
 * states (oidc-client-ts `clearStaleState`). A failure (config or module not loaded) is not cached.
 */
export function getAuth(): Promise<PortalAuth> {
  authPromise ??= Promise.all([loadAuthConfig(), import('./portal-auth')])
    .then(([config, { PortalAuth, browserAuthEnvironment }]) => {
      const auth = new PortalAuth(config, browserAuthEnvironment());
      auth.manager.clearStaleState().catch(() => undefined);
      return auth;
    })
    .catch((error: unknown) => {
      authPromise = null;
      throw error;
    });
  return authPromise;
}

/** The session stored in this browser for the configured issuer and client (see stored-tokens.ts). */
async function storedTokens(): Promise<StoredTokens | null> {
  const config = await loadAuthConfig();
  return readStoredTokens(window.localStorage, config.authority, config.clientId);
}

/** See {@link PortalAuth.startSignIn}. */
export async function startSignIn(returnTo: string): Promise<void> {
  await (await getAuth()).startSignIn(returnTo);
}

/** See {@link PortalAuth.completeSignIn}. */
export async function completeSignIn(url: string): Promise<string> {
  return (await getAuth()).completeSignIn(url);
}

/**
 * The access token to send as Bearer (RFC 6750), as {@link PortalAuth.getValidAccessToken} gives
 * it: the stored one while it is valid (token-expiry.ts, 500 ms margin), read without loading the
 * sign-in module; otherwise — expired, or a stored session without an access token — the sign-in
 * module is loaded and refreshes it (one refresh at a time across tabs). `null` when nobody is
 * signed in, and when the auth config cannot be loaded. Throws `ExpiredAuthSessionError` (auth-errors.ts)
 * (session reset) when the session cannot be refreshed, and the import's error when the sign-in
 * module cannot be loaded.
 */
export async function getValidAccessToken(): Promise<string | null> {
  let stored: StoredTokens | null;
  try {
    stored = await storedTokens();
  } catch {
    return null;
  }
  if (!stored) return null;
  if (stored.accessToken !== undefined && !isTokenExpired(stored.expiresAt, Date.now())) return stored.accessToken;
  return (await getAuth()).getValidAccessToken();
}

/**
 * True when a session (tokens) is stored, whatever the tokens' age. Rejects when the auth config
 * cannot be loaded.
 */
export async function hasStoredSession(): Promise<boolean> {
  return (await storedTokens()) !== null;
}

/** Resets the session (removes the tokens) without contacting the provider. */
export function resetSession(): void {
  clearAuthStorage(window.localStorage);
}

/** Remembers `path` (when safe) as the page to return to after the next sign-in. */
export function rememberPage(path: string): void {
  rememberReturnPath(path, window.sessionStorage, window.location.origin);
}

/** The remembered page if safe, else `/`. */
export function rememberedPage(): string {
  return peekReturnPath(window.sessionStorage, window.location.origin);
}

/** See {@link PortalAuth.signOut}. */
export async function signOut(): Promise<void> {
  await (await getAuth()).signOut();
}
