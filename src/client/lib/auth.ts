/**
 * OpenID Connect sign-in for the browser (portal-spec.md §4, §7, §9): one oidc-client-ts
 * `UserManager`, configured at run time from `GET /api/auth/config` (never baked into the build).
 *
 * Authorization code flow with PKCE S256 (oidc-client-ts's default), `access_type=offline`, the
 * API audience as resource indicator (RFC 8707) and as `audience` token parameter. Every storage
 * key (user, sign-in state, remembered page) is prefixed `auth.` (spec §9). No automatic silent
 * renew: the HTTP client refreshes with the refresh token right before an API call.
 */
import ky from 'ky';
import { UserManager, WebStorageStateStore, type User } from 'oidc-client-ts';
import type { AuthConfig } from '../../shared/me';
import { isSafeRedirectPath } from '../../shared/redirect-path';
import { API_PREFIX } from '../config/env';
import { isTokenExpired } from './token-expiry';

/** Prefix of every auth key in local storage (spec §9). */
export const AUTH_STORAGE_PREFIX = 'auth.';
/** Local-storage key of the page to return to after sign-in (spec §4 step 2). */
export const REDIRECT_STORAGE_KEY = `${AUTH_STORAGE_PREFIX}redirect`;

/** Spec §8: raised when the access token has expired and no refresh is possible. */
export class ExpiredAuthSessionError extends Error {
  constructor() {
    super('Both token and refresh token have expired. Your request was aborted.');
    this.name = 'ExpiredAuthSessionError';
  }
}

let configPromise: Promise<AuthConfig> | null = null;
let managerPromise: Promise<UserManager> | null = null;
let activeConfig: AuthConfig | null = null;
let refreshing: Promise<User | null> | null = null;
const callbacks = new Map<string, Promise<SignInResult>>();

/** Outcome of a completed callback: the signed-in user and the safe page to go to. */
export type SignInResult = { user: User; returnTo: string };

/** Loads `GET /api/auth/config` once (public endpoint, no token); a failure is not cached. */
export function loadAuthConfig(): Promise<AuthConfig> {
  configPromise ??= ky
    .get('auth/config', { prefix: API_PREFIX })
    .json<AuthConfig>()
    .catch((error: unknown) => {
      configPromise = null;
      throw error;
    });
  return configPromise;
}

/**
 * Builds the portal's `UserManager` for `config`, with `/login` and `/` on `origin` as sign-in
 * and sign-out return addresses and `storage` (normally `window.localStorage`) under `auth.`.
 */
export function createUserManager(config: AuthConfig, origin: string, storage: Storage): UserManager {
  const store = new WebStorageStateStore({ store: storage, prefix: AUTH_STORAGE_PREFIX });
  return new UserManager({
    authority: config.authority,
    client_id: config.clientId,
    redirect_uri: `${origin}/login`,
    post_logout_redirect_uri: `${origin}/`,
    response_type: 'code',
    scope: config.scope,
    resource: config.audience || undefined,
    extraQueryParams: { access_type: 'offline' },
    extraTokenParams: config.audience ? { audience: config.audience } : {},
    loadUserInfo: false,
    automaticSilentRenew: false,
    monitorSession: false,
    userStore: store,
    stateStore: store,
  });
}

/** The one `UserManager` of the page, created after the auth config has loaded; a failure is not cached. */
export function getUserManager(): Promise<UserManager> {
  managerPromise ??= loadAuthConfig()
    .then((config) => {
      activeConfig = config;
      const manager = createUserManager(config, window.location.origin, window.localStorage);
      manager.clearStaleState().catch(() => undefined);
      return manager;
    })
    .catch((error: unknown) => {
      managerPromise = null;
      throw error;
    });
  return managerPromise;
}

/** Refreshes the session with the refresh token (`signinSilent`), one request at a time: refresh tokens rotate. */
function refreshUser(manager: UserManager): Promise<User | null> {
  refreshing ??= manager
    .signinSilent({ resource: activeConfig?.audience || undefined })
    .finally(() => {
      refreshing = null;
    });
  return refreshing;
}

/**
 * The access token to send as Bearer, refreshed first when it has expired (spec §4 "Session").
 * Returns null when nobody is signed in. Throws {@link ExpiredAuthSessionError} after removing
 * the stored user when the token has expired and the refresh fails or is impossible.
 */
export async function getValidAccessToken(): Promise<string | null> {
  let manager: UserManager;
  try {
    manager = await getUserManager();
  } catch {
    return null;
  }
  const user = await manager.getUser();
  if (!user) return null;
  if (!isTokenExpired(user.expires_at)) return user.access_token;
  const refreshed = user.refresh_token ? await refreshUser(manager).catch(() => null) : null;
  if (refreshed && !isTokenExpired(refreshed.expires_at)) return refreshed.access_token;
  await manager.removeUser();
  throw new ExpiredAuthSessionError();
}

/** True when a user (with tokens) is stored, whatever the token's age. */
export async function hasStoredUser(): Promise<boolean> {
  const manager = await getUserManager();
  return (await manager.getUser()) !== null;
}

/** Removes the stored user (tokens) without contacting the provider. */
export async function forgetUser(): Promise<void> {
  const manager = await getUserManager();
  await manager.removeUser();
}

function isSignInPath(path: string): boolean {
  return /^\/login(?:[/?#]|$)/i.test(path);
}

/** The remembered page (`auth.redirect`) if it is safe, without clearing it; else home. */
export function peekReturnPath(): string {
  const stored = window.localStorage.getItem(REDIRECT_STORAGE_KEY);
  return isSafeRedirectPath(stored) && !isSignInPath(stored) ? stored : '/';
}

/** Remembers `path` (when it is a safe internal path, spec §5) as the page to return to after sign-in. */
export function rememberReturnPath(path: string): void {
  if (isSafeRedirectPath(path) && !isSignInPath(path)) window.localStorage.setItem(REDIRECT_STORAGE_KEY, path);
}

/**
 * The page to go to after the callback (spec §4 step 4): the `returnTo` carried in the sign-in
 * state, else the remembered `auth.redirect`, if safe; otherwise home. Clears the remembered key.
 */
export function takeReturnPath(userState: unknown): string {
  const stored = window.localStorage.getItem(REDIRECT_STORAGE_KEY);
  window.localStorage.removeItem(REDIRECT_STORAGE_KEY);
  const fromState =
    typeof userState === 'object' && userState !== null ? (userState as { returnTo?: unknown }).returnTo : undefined;
  for (const candidate of [fromState, stored]) {
    if (isSafeRedirectPath(candidate) && !isSignInPath(candidate)) return candidate;
  }
  return '/';
}

/** Sends the browser to the provider's authorization endpoint, remembering `returnTo` first (spec §4 steps 1–2). */
export async function startSignIn(returnTo: string): Promise<void> {
  const manager = await getUserManager();
  rememberReturnPath(returnTo);
  const state = isSafeRedirectPath(returnTo) && !isSignInPath(returnTo) ? { returnTo } : {};
  await manager.signinRedirect({ state });
}

/**
 * Completes the callback at `/login?code=…&state=…` (spec §4 steps 3–4): checks the state
 * against the stored one, exchanges the code, and picks the page to return to. Deduplicated per
 * URL so a re-render cannot replay it. Rejects (no user stored) on a state mismatch or a
 * provider error.
 */
export function completeSignIn(url: string): Promise<SignInResult> {
  let pending = callbacks.get(url);
  if (!pending) {
    pending = getUserManager()
      .then((manager) => manager.signinRedirectCallback(url))
      .then((user) => ({ user, returnTo: takeReturnPath(user.state) }));
    callbacks.set(url, pending);
  }
  return pending;
}

/** Removes every local-storage key starting with `auth.` (spec §9). */
export function clearAuthStorage(storage: Storage = window.localStorage): void {
  const keys: string[] = [];
  for (let index = 0; index < storage.length; index += 1) {
    const key = storage.key(index);
    if (key?.startsWith(AUTH_STORAGE_PREFIX)) keys.push(key);
  }
  keys.forEach((key) => storage.removeItem(key));
}

/**
 * Signs out: revokes the refresh token where the provider allows it, clears the `auth.` keys,
 * then ends the provider session (RP-initiated logout) which returns to `/`. Falls back to a
 * plain navigation to `/` when the provider has no end-session endpoint.
 */
export async function signOut(): Promise<void> {
  const manager = await getUserManager();
  const user = await manager.getUser();
  await manager.revokeTokens(['refresh_token']).catch(() => undefined);
  clearAuthStorage();
  try {
    await manager.signoutRedirect({ id_token_hint: user?.id_token });
  } catch {
    clearAuthStorage();
    window.location.assign('/');
  }
}
