import { beforeEach, describe, expect, it } from 'vitest';
import {
  AUTH_COOKIE_PATH,
  AUTH_STORAGE_PREFIX,
  clearAuthStorage,
  isSignInPath,
  peekReturnPath,
  readRefreshExpiry,
  REDIRECT_STORAGE_KEY,
  REFRESH_EXPIRY_STORAGE_KEY,
  rememberReturnPath,
  SIGN_IN_STATE_PREFIX,
  takeReturnPath,
  writeRefreshExpiry,
} from '../../../../src/client/lib/auth-storage';
import { MemoryStorage } from './memory-storage';

const ORIGIN = 'https://portal.example';
let storage: Storage;

beforeEach(() => {
  storage = new MemoryStorage();
});

describe('auth storage keys (all prefixed auth.)', () => {
  it('are all prefixed auth., cookie path /', () => {
    expect(AUTH_STORAGE_PREFIX).toBe('auth.');
    expect(AUTH_COOKIE_PATH).toBe('/');
    for (const key of [SIGN_IN_STATE_PREFIX, REDIRECT_STORAGE_KEY, REFRESH_EXPIRY_STORAGE_KEY]) {
      expect(key.startsWith('auth.')).toBe(true);
    }
  });
});

describe('the remembered page (kept before sign-in, taken after the callback, only when safe)', () => {
  it('remembers a safe internal page and gives it back once', () => {
    rememberReturnPath('/Tickets?q=1#top', storage, ORIGIN);
    expect(storage.getItem(REDIRECT_STORAGE_KEY)).toBe('/Tickets?q=1#top');
    expect(peekReturnPath(storage, ORIGIN)).toBe('/Tickets?q=1#top');
    expect(takeReturnPath(storage, ORIGIN)).toBe('/Tickets?q=1#top');
    expect(storage.getItem(REDIRECT_STORAGE_KEY)).toBeNull();
    expect(takeReturnPath(storage, ORIGIN)).toBe('/');
  });

  it.each(['//evil.example', '/\\evil.example', 'https://evil.example/', '/login', '/Login?x=1'])(
    'does not remember %j',
    (path) => {
      rememberReturnPath(path, storage, ORIGIN);
      expect(storage.getItem(REDIRECT_STORAGE_KEY)).toBeNull();
    },
  );

  it.each(['//evil.example', '/\\evil.example', '/%2F%2Fevil.example', 'javascript:alert(1)', '/\uFF0Fevil', '/login'])(
    'goes home when the stored page was tampered to %j, and clears it',
    (path) => {
      storage.setItem(REDIRECT_STORAGE_KEY, path);
      expect(takeReturnPath(storage, ORIGIN)).toBe('/');
      expect(storage.getItem(REDIRECT_STORAGE_KEY)).toBeNull();
    },
  );

  it('knows /login and /Login as sign-in pages', () => {
    expect(['/login', '/Login', '/login?code=1', '/LOGIN#x'].every(isSignInPath)).toBe(true);
    expect(['/', '/loginx', '/Tickets/login'].some(isSignInPath)).toBe(false);
  });
});

describe('clearAuthStorage', () => {
  it('removes every auth. key and nothing else', () => {
    const other = new MemoryStorage();
    storage.setItem('auth.user:https://idp:tm-portal', '{}');
    storage.setItem('auth.refresh_token_expires_at', '1');
    storage.setItem('theme', 'dark');
    other.setItem('auth.state.abc', '{}');
    other.setItem('auth.redirect', '/Tickets');
    clearAuthStorage(storage, other);
    expect(storage.length).toBe(1);
    expect(storage.getItem('theme')).toBe('dark');
    expect(other.length).toBe(0);
  });
});

describe('the refresh-token expiry', () => {
  it('is stored in seconds, read back, and removed', () => {
    expect(readRefreshExpiry(storage)).toBeUndefined();
    writeRefreshExpiry(storage, 1_800_000_000);
    expect(storage.getItem(REFRESH_EXPIRY_STORAGE_KEY)).toBe('1800000000');
    expect(readRefreshExpiry(storage)).toBe(1_800_000_000);
    writeRefreshExpiry(storage, undefined);
    expect(readRefreshExpiry(storage)).toBeUndefined();
  });

  it('reads garbage as unknown', () => {
    storage.setItem(REFRESH_EXPIRY_STORAGE_KEY, 'soon');
    expect(readRefreshExpiry(storage)).toBeUndefined();
  });
});
