/**
 * The page-level sign-in functions (lib/auth.ts) with the sign-in module (portal-auth.ts) replaced
 * by a fake: a valid stored access token is used without loading that module; an expired or
 * missing one, sign-in, the callback and sign-out load it (once) and hand over to it.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as AuthModule from '../../../../src/client/lib/auth';
import { ExpiredAuthSessionError } from '../../../../src/client/lib/auth-errors';
import type { AuthConfig } from '../../../../src/shared/me';
import { AUTH_CONFIG, ORIGIN } from './auth-fixtures';
import { MemoryStorage } from './memory-storage';

const CONFIG = AUTH_CONFIG;
const USER_KEY = `auth.user:${CONFIG.authority}:${CONFIG.clientId}`;

/** What the fake sign-in module saw, and how it answers. */
const oidc = vi.hoisted(() => ({
  created: 0,
  calls: [] as string[],
  staleStateCleared: 0,
  failNextCreation: false,
  tokenAnswer: (): Promise<string | null> => Promise.resolve('refreshed-token'),
}));

vi.mock('../../../../src/client/lib/portal-auth', () => ({
  browserAuthEnvironment: () => ({}),
  PortalAuth: class {
    readonly manager = {
      clearStaleState: () => {
        oidc.staleStateCleared += 1;
        return Promise.resolve();
      },
    };

    constructor(config: AuthConfig) {
      if (oidc.failNextCreation) {
        oidc.failNextCreation = false;
        throw new Error('module not loaded');
      }
      expect(config).toEqual(CONFIG);
      oidc.created += 1;
    }

    getValidAccessToken(): Promise<string | null> {
      oidc.calls.push('getValidAccessToken');
      return oidc.tokenAnswer();
    }

    startSignIn(returnTo: string): Promise<void> {
      oidc.calls.push(`startSignIn ${returnTo}`);
      return Promise.resolve();
    }

    completeSignIn(url: string): Promise<string> {
      oidc.calls.push(`completeSignIn ${url}`);
      return Promise.resolve('/Tickets');
    }

    signOut(): Promise<void> {
      oidc.calls.push('signOut');
      return Promise.resolve();
    }
  },
}));

let auth: typeof AuthModule;
let local: MemoryStorage;
let configRequests: number;
let configAnswer: 'ok' | 'fail';

const nowSeconds = () => Math.floor(Date.now() / 1000);

function storeSession(session: Record<string, unknown>): void {
  local.setItem(USER_KEY, JSON.stringify({ token_type: 'Bearer', refresh_token: 'refresh-1', ...session }));
}

beforeEach(async () => {
  Object.assign(oidc, { created: 0, calls: [], staleStateCleared: 0, failNextCreation: false });
  oidc.tokenAnswer = () => Promise.resolve('refreshed-token');
  local = new MemoryStorage();
  configRequests = 0;
  configAnswer = 'ok';
  vi.stubGlobal('window', { localStorage: local, sessionStorage: new MemoryStorage(), location: { origin: ORIGIN } });
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    if (request.url !== `${ORIGIN}/api/auth/config`) return Promise.resolve(new Response('', { status: 404 }));
    configRequests += 1;
    return Promise.resolve(
      configAnswer === 'ok'
        ? Response.json(CONFIG)
        : // a status ky does not retry
          new Response('{"message":"gone"}', { status: 404, headers: { 'content-type': 'application/json' } }),
    );
  });
  // API_PREFIX is read when config/env.ts loads: an absolute one, as Node has no page to resolve `/api` against
  vi.stubEnv('VITE_API_PREFIX', `${ORIGIN}/api`);
  vi.resetModules();
  auth = await import('../../../../src/client/lib/auth');
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
});

describe('the access token before an API request', () => {
  it('is the stored one while it is valid, without loading the sign-in module', async () => {
    storeSession({ access_token: 'stored-token', expires_at: nowSeconds() + 600 });
    await expect(auth.getValidAccessToken()).resolves.toBe('stored-token');
    await expect(auth.getValidAccessToken()).resolves.toBe('stored-token');
    await expect(auth.hasStoredSession()).resolves.toBe(true);
    expect(oidc.created).toBe(0);
    expect(configRequests).toBe(1);
  });

  it('is null when nobody is signed in, without loading the sign-in module', async () => {
    await expect(auth.getValidAccessToken()).resolves.toBeNull();
    await expect(auth.hasStoredSession()).resolves.toBe(false);
    expect(oidc.created).toBe(0);
  });

  it.each([
    ['has expired', { access_token: 'stored-token', expires_at: nowSeconds() - 10 }],
    ['is inside the 500 ms margin', { access_token: 'stored-token', expires_at: nowSeconds() }],
    ['is missing from the stored session', { expires_at: nowSeconds() + 600 }],
  ])('is refreshed by the sign-in module when the stored one %s', async (_label, session) => {
    storeSession(session);
    await expect(auth.getValidAccessToken()).resolves.toBe('refreshed-token');
    await expect(auth.getValidAccessToken()).resolves.toBe('refreshed-token');
    expect(oidc.created).toBe(1);
    expect(oidc.staleStateCleared).toBe(1);
    expect(oidc.calls).toEqual(['getValidAccessToken', 'getValidAccessToken']);
  });

  it('passes on ExpiredAuthSessionError when the session cannot be refreshed', async () => {
    storeSession({ access_token: 'stored-token', expires_at: nowSeconds() - 10 });
    oidc.tokenAnswer = () => Promise.reject(new ExpiredAuthSessionError());
    await expect(auth.getValidAccessToken()).rejects.toBeInstanceOf(ExpiredAuthSessionError);
  });

  it('is null when the auth config cannot be loaded; the failure is not kept', async () => {
    storeSession({ access_token: 'stored-token', expires_at: nowSeconds() + 600 });
    configAnswer = 'fail';
    await expect(auth.getValidAccessToken()).resolves.toBeNull();
    await expect(auth.hasStoredSession()).rejects.toThrow();
    configAnswer = 'ok';
    await expect(auth.getValidAccessToken()).resolves.toBe('stored-token');
  });

  it('does not keep a failure to set up the sign-in module', async () => {
    storeSession({ access_token: 'stored-token', expires_at: nowSeconds() - 10 });
    oidc.failNextCreation = true;
    await expect(auth.getValidAccessToken()).rejects.toThrow('module not loaded');
    await expect(auth.getValidAccessToken()).resolves.toBe('refreshed-token');
    expect(oidc.created).toBe(1);
  });

  it('reads an unparsable stored session as none', async () => {
    local.setItem(USER_KEY, '{not json');
    await expect(auth.getValidAccessToken()).resolves.toBeNull();
    await expect(auth.hasStoredSession()).resolves.toBe(false);
    expect(oidc.created).toBe(0);
  });
});

describe('sign-in, the callback and sign-out', () => {
  it('load the sign-in module once and hand over to it', async () => {
    await auth.startSignIn('/Forms');
    await expect(auth.completeSignIn(`${ORIGIN}/login?code=1&state=2`)).resolves.toBe('/Tickets');
    await auth.signOut();
    expect(oidc.calls).toEqual(['startSignIn /Forms', `completeSignIn ${ORIGIN}/login?code=1&state=2`, 'signOut']);
    expect(oidc.created).toBe(1);
  });
});

describe('the sign-in settings written into the page', () => {
  /** A page whose `#auth-config` data block holds `text` (what the server writes, lib/app-page.ts). */
  function pageWithConfig(text: string): void {
    vi.stubGlobal('document', {
      getElementById: (id: string) => (id === 'auth-config' ? { textContent: text } : null),
    });
  }

  it('are used without asking GET /api/auth/config', async () => {
    pageWithConfig(JSON.stringify(CONFIG));
    storeSession({ access_token: 'stored-token', expires_at: nowSeconds() + 600 });
    await expect(auth.getValidAccessToken()).resolves.toBe('stored-token');
    await expect(auth.loadAuthConfig()).resolves.toEqual(CONFIG);
    expect(configRequests).toBe(0);
  });

  it.each([
    ['not JSON', '{"authority":'],
    ['JSON without an authority and client id', '{"scope":"openid"}'],
    ['empty', ''],
  ])('are asked for when the block is %s', async (_label, text) => {
    pageWithConfig(text);
    await expect(auth.loadAuthConfig()).resolves.toEqual(CONFIG);
    expect(configRequests).toBe(1);
  });
});
