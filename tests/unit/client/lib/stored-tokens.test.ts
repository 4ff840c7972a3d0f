/**
 * The stored-session reader against oidc-client-ts itself: a user stored through a real
 * `UserManager` with the portal's settings (portal-auth.ts `userManagerSettings`) is read back with
 * the same access token and expiry, and nothing once it is removed. This fails when the library
 * changes its user-store key or its storage format (stored-tokens.ts relies on both).
 */
import { User, UserManager } from 'oidc-client-ts';
import { beforeEach, describe, expect, it } from 'vitest';
import { AAD_STRATEGY } from '../../../../src/client/lib/auth-strategies';
import { userManagerSettings } from '../../../../src/client/lib/portal-auth';
import { readStoredTokens } from '../../../../src/client/lib/stored-tokens';
import type { AuthConfig } from '../../../../src/shared/me';
import { jwt } from './jwt-fixtures';
import { AUTH_CONFIG, ORIGIN } from './auth-fixtures';
import { MemoryStorage } from './memory-storage';

const CONFIG = AUTH_CONFIG;
const EXPIRES_AT = 1_900_000_000;

let local: MemoryStorage;

function managerFor(config: AuthConfig): UserManager {
  return new UserManager(
    userManagerSettings(config, AAD_STRATEGY, {
      origin: ORIGIN,
      localStorage: local,
      sessionStorage: new MemoryStorage(),
      navigate: () => undefined,
    }),
  );
}

function userWith(accessToken: string, expiresAt: number | undefined): User {
  return new User({
    id_token: jwt({ iss: CONFIG.authority, aud: CONFIG.clientId, sub: 'user-1' }),
    session_state: null,
    access_token: accessToken,
    refresh_token: 'refresh-1',
    token_type: 'Bearer',
    scope: 'openid profile email',
    profile: { sub: 'user-1', iss: CONFIG.authority, aud: CONFIG.clientId, exp: EXPIRES_AT, iat: 0 },
    expires_at: expiresAt,
  });
}

beforeEach(() => {
  local = new MemoryStorage();
});

describe('readStoredTokens, against a user stored by oidc-client-ts', () => {
  it.each([
    ['the authority', CONFIG],
    ['an authority with a trailing slash', { ...CONFIG, authority: `${CONFIG.authority}/` }],
    ['another client', { ...CONFIG, clientId: 'other-client' }],
  ])('reads the access token and expiry UserManager stored, for %s', async (_label, config) => {
    const manager = managerFor(config);
    const accessToken = jwt({ iss: config.authority, aud: 'api://tm-portal', sub: 'user-1', exp: EXPIRES_AT });
    await manager.storeUser(userWith(accessToken, EXPIRES_AT));

    expect(readStoredTokens(local, config.authority, config.clientId)).toEqual({ accessToken, expiresAt: EXPIRES_AT });
    // the same session the library reads back
    const user = await manager.getUser();
    expect(user?.access_token).toBe(accessToken);
    expect(user?.expires_at).toBe(EXPIRES_AT);
    // under the key auth-storage.ts documents, the only one written
    expect(local.keys()).toEqual([`auth.user:${config.authority}:${config.clientId}`]);
  });

  it('reads an unknown expiry as undefined', async () => {
    await managerFor(CONFIG).storeUser(userWith('opaque-token', undefined));
    expect(readStoredTokens(local, CONFIG.authority, CONFIG.clientId)).toEqual({
      accessToken: 'opaque-token',
      expiresAt: undefined,
    });
  });

  it('returns null once UserManager has removed the user', async () => {
    const manager = managerFor(CONFIG);
    await manager.storeUser(userWith('opaque-token', EXPIRES_AT));
    await manager.removeUser();
    expect(readStoredTokens(local, CONFIG.authority, CONFIG.clientId)).toBeNull();
    await expect(manager.getUser()).resolves.toBeNull();
  });

  it('returns null for another issuer or client than the one that stored the user', async () => {
    await managerFor(CONFIG).storeUser(userWith('opaque-token', EXPIRES_AT));
    expect(readStoredTokens(local, 'https://other.example/oidc', CONFIG.clientId)).toBeNull();
    expect(readStoredTokens(local, CONFIG.authority, 'other-client')).toBeNull();
  });
});

describe('readStoredTokens, on what else may be stored', () => {
  const key = `auth.user:${CONFIG.authority}:${CONFIG.clientId}`;

  it('returns null when nothing is stored', () => {
    expect(readStoredTokens(local, CONFIG.authority, CONFIG.clientId)).toBeNull();
  });

  it.each(['', '{not json', 'null', '42', '"a string"', '[]'])('returns null for %j', (stored) => {
    local.setItem(key, stored);
    expect(readStoredTokens(local, CONFIG.authority, CONFIG.clientId)).toBeNull();
  });

  it('reads a session without an access token, or with an expiry that is not a number, as unknown', () => {
    local.setItem(key, JSON.stringify({ refresh_token: 'refresh-1', expires_at: '1900000000' }));
    expect(readStoredTokens(local, CONFIG.authority, CONFIG.clientId)).toEqual({
      accessToken: undefined,
      expiresAt: undefined,
    });
  });
});
