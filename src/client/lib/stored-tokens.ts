/**
 * Reads the stored session's access token and its expiry without oidc-client-ts.
 *
 * Why: the home page's weight. Every page checks the stored access token before its first API
 * request; reading it through oidc-client-ts put the whole library, about 17 KB gzip, into every
 * page's entry chunk (the home page's JavaScript went from 149.5 to 132.5 KB without it;
 * docs/performance.md "Page weight"). With this reader, a page whose stored access token is still
 * valid never loads the library: portal-auth.ts (its only importer, a chunk of its own) is loaded
 * to sign in, complete the callback, refresh an expired token and sign out (auth.ts).
 *
 * This relies on two internals of oidc-client-ts 3.x, and this module is the one place that may:
 * - the key its `UserManager` stores the user under in its `userStore`: `user:<authority>:<client_id>`
 *   (`UserManager._userStoreKey`), behind the store's prefix `auth.` (portal-auth.ts
 *   `userManagerSettings`), so `auth.user:<authority>:<client id>` in local storage (auth-storage.ts);
 * - the stored value, `User.toStorageString()`: JSON with `access_token` and `expires_at` (Unix
 *   seconds), among others.
 * tests/unit/client/lib/stored-tokens.test.ts stores a user through a real `UserManager` with the
 * portal's settings and fails when either changes.
 */
import { AUTH_STORAGE_PREFIX } from './auth-storage';

/** The stored session as the fast path needs it. */
export type StoredTokens = {
  /** The access token (sent as Bearer, RFC 6750); `undefined` when the stored session has none. */
  accessToken: string | undefined;
  /** When the access token expires, Unix seconds (`User.expires_at`); `undefined` when unknown. */
  expiresAt: number | undefined;
};

/** The local-storage key of the stored session (oidc-client-ts `User`) for `authority` and `clientId`. */
function userKey(authority: string, clientId: string): string {
  return `${AUTH_STORAGE_PREFIX}user:${authority}:${clientId}`;
}

/**
 * The session oidc-client-ts's `UserManager` stored in `storage` (the page's local storage) for the
 * issuer `authority` and the client `clientId` (both as `GET /api/auth/config` names them):
 * its access token and expiry, whatever their age. `null` when none is stored, or when what is
 * stored is not a JSON object (nothing a session could be read from). Never throws.
 */
export function readStoredTokens(storage: Storage, authority: string, clientId: string): StoredTokens | null {
  const raw = storage.getItem(userKey(authority, clientId));
  if (!raw) return null;
  let stored: unknown;
  try {
    stored = JSON.parse(raw);
  } catch {
    return null;
  }
  if (typeof stored !== 'object' || stored === null || Array.isArray(stored)) return null;
  const { access_token: accessToken, expires_at: expiresAt } = stored as {
    access_token?: unknown;
    expires_at?: unknown;
  };
  return {
    accessToken: typeof accessToken === 'string' && accessToken !== '' ? accessToken : undefined,
    expiresAt: typeof expiresAt === 'number' ? expiresAt : undefined,
  };
}
