/**
 * PortalAuth against a fake identity provider (a stubbed `fetch`): the exact shape of the
 * authorization request, code exchange, refresh and revocation, the callback's state
 * and ID token checks, expiry and refresh, and sign-out.
 */
import { createHash } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  PortalAuth,
  toSignInError,
  userManagerSettings,
  type AuthEnvironment,
} from '../../../../src/client/lib/portal-auth';
import {
  EXPIRED_AUTH_SESSION_MESSAGE,
  ExpiredAuthSessionError,
  InvalidTokenError,
  SignInError,
} from '../../../../src/client/lib/auth-errors';
import { AAD_STRATEGY } from '../../../../src/client/lib/auth-strategies';
import { isCallbackUrl } from '../../../../src/client/lib/sign-in-callback';
import type { AuthConfig } from '../../../../src/shared/me';
import { jwt } from './jwt-fixtures';
import { AUTH_CONFIG, ISSUER, ORIGIN } from './auth-fixtures';
import { MemoryStorage } from './memory-storage';

const CONFIG = AUTH_CONFIG;
const ENDPOINTS = {
  authorization_endpoint: `${ISSUER}/auth`,
  token_endpoint: `${ISSUER}/token`,
  revocation_endpoint: `${ISSUER}/token/revocation`,
  end_session_endpoint: `${ISSUER}/session/end`,
  userinfo_endpoint: `${ISSUER}/me`,
  jwks_uri: `${ISSUER}/jwks`,
};
const USER_KEY = `auth.user:${ISSUER}:tm-portal`;

type SeenRequest = { url: string; method: string; contentType: string | null; body: URLSearchParams };

/** A fake provider: discovery, token (code and refresh grants) and revocation endpoints. */
class FakeProvider {
  issuer = ISSUER;
  requests: SeenRequest[] = [];
  /** The nonce the next ID token carries (the test copies it from the authorization request). */
  nonce: string | null = null;
  /** Claims merged into the next ID token. */
  idTokenClaims: Record<string, unknown> = {};
  /** Answer of the token endpoint to a refresh: `ok`, or an OAuth error. */
  refreshAnswer: 'ok' | 'invalid_grant' = 'ok';
  refreshIdToken = false;
  revocationStatus = 200;
  private issued = 0;

  constructor(private readonly clock: { now: number }) {}

  get tokenRequests(): SeenRequest[] {
    return this.requests.filter((request) => request.url === ENDPOINTS.token_endpoint);
  }

  idToken(extra: Record<string, unknown> = {}): string {
    const now = Math.floor(this.clock.now / 1000);
    return jwt({
      iss: this.issuer,
      aud: 'tm-portal',
      sub: 'user-1',
      iat: now,
      exp: now + 900,
      nonce: this.nonce,
      ...extra,
    });
  }

  private tokens(grant: string): Record<string, unknown> {
    this.issued += 1;
    const now = Math.floor(this.clock.now / 1000);
    return {
      access_token: jwt({ iss: this.issuer, aud: 'api://tm-portal', sub: 'user-1', exp: now + 900, n: this.issued }),
      refresh_token: `refresh-${this.issued}`,
      token_type: 'Bearer',
      expires_in: 900,
      scope: 'openid profile email api',
      ...(grant === 'authorization_code'
        ? { id_token: this.idToken(this.idTokenClaims) }
        : this.refreshIdToken
          ? { id_token: this.idToken({ nonce: undefined, ...this.idTokenClaims }) }
          : {}),
    };
  }

  readonly fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = input instanceof Request ? input : new Request(input, init);
    const body = new URLSearchParams(request.method === 'POST' ? await request.text() : '');
    const url = request.url;
    this.requests.push({ url, method: request.method, contentType: request.headers.get('content-type'), body });
    const json = (value: unknown, status = 200) =>
      new Response(JSON.stringify(value), { status, headers: { 'content-type': 'application/json' } });
    if (url === `${ISSUER}/.well-known/openid-configuration`) return json({ issuer: this.issuer, ...ENDPOINTS });
    if (url === ENDPOINTS.revocation_endpoint) {
      return new Response('', { status: this.revocationStatus, headers: { 'content-type': 'text/plain' } });
    }
    if (url === ENDPOINTS.token_endpoint) {
      const grant = body.get('grant_type') ?? '';
      if (grant === 'refresh_token' && this.refreshAnswer !== 'ok') {
        return json({ error: this.refreshAnswer, error_description: 'grant request is invalid' }, 400);
      }
      return json(this.tokens(grant));
    }
    return new Response('not found', { status: 404 });
  };
}

let clock: { now: number };
let provider: FakeProvider;
let local: MemoryStorage;
let session: MemoryStorage;
let navigations: string[];

function environment(overrides: Partial<AuthEnvironment> = {}): AuthEnvironment {
  return {
    origin: ORIGIN,
    localStorage: local,
    sessionStorage: session,
    now: () => clock.now,
    navigate: (url) => navigations.push(url),
    ...overrides,
  };
}

/** Starts a sign-in in `auth` and returns the authorization URL and the matching callback URL. */
async function startSignIn(auth: PortalAuth, returnTo = '/Tickets'): Promise<{ authorization: URL; callback: string }> {
  const authorization = new URL(await auth.createSignInUrl(returnTo));
  provider.nonce = authorization.searchParams.get('nonce');
  const state = authorization.searchParams.get('state') ?? '';
  return { authorization, callback: `${ORIGIN}/login?code=the-code&state=${state}` };
}

async function signedIn(auth: PortalAuth): Promise<void> {
  const { callback } = await startSignIn(auth);
  await auth.completeSignIn(callback);
  provider.requests = [];
}

function storedUser(): { access_token: string; refresh_token?: string; expires_at?: number; id_token?: string } | null {
  const raw = local.getItem(USER_KEY);
  return raw ? (JSON.parse(raw) as { access_token: string; refresh_token?: string; expires_at?: number }) : null;
}

beforeEach(() => {
  clock = { now: Math.floor(Date.now() / 1000) * 1000 }; // whole seconds, like JWT exp
  provider = new FakeProvider(clock);
  local = new MemoryStorage();
  session = new MemoryStorage();
  navigations = [];
  vi.stubGlobal('fetch', provider.fetch);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the authorization request', () => {
  it('sends no resource indicator and the extra scopes to an issuer that takes none (Entra ID v2)', async () => {
    const entra: AuthConfig = {
      ...CONFIG,
      resource: null,
      scope: 'openid profile email offline_access api://tm-portal/access_as_user',
    };
    const { authorization } = await startSignIn(new PortalAuth(entra, environment()));
    expect(authorization.searchParams.has('resource')).toBe(false);
    expect(authorization.searchParams.get('scope')).toBe(
      'openid profile email offline_access api://tm-portal/access_as_user',
    );
  });

  it('carries every required parameter, PKCE S256, a nonce and the API resource', async () => {
    const auth = new PortalAuth(CONFIG, environment());
    const { authorization } = await startSignIn(auth);
    const params = authorization.searchParams;
    expect(`${authorization.origin}${authorization.pathname}`).toBe(ENDPOINTS.authorization_endpoint);
    expect(params.get('response_type')).toBe('code');
    expect(params.get('client_id')).toBe('tm-portal');
    expect(params.get('redirect_uri')).toBe(`${ORIGIN}/login`);
    expect(params.get('scope')).toBe('openid profile email');
    expect(params.get('state')).toMatch(/^[0-9a-f]{32}$/);
    expect(params.get('code_challenge_method')).toBe('S256');
    expect(params.get('access_type')).toBe('offline');
    expect(params.get('nonce')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(params.get('resource')).toBe('api://tm-portal');

    // The challenge is SHA-256 of the verifier kept in this tab's session storage under auth.state.<state>.
    const stored = JSON.parse(session.getItem(`auth.state.${params.get('state')}`) ?? '{}') as {
      code_verifier: string;
      nonce: string;
    };
    expect(params.get('code_challenge')).toBe(createHash('sha256').update(stored.code_verifier).digest('base64url'));
    expect(stored.nonce).toBe(params.get('nonce'));
    expect(session.getItem('auth.redirect')).toBe('/Tickets');
    expect(local.length).toBe(0);
  });

  it('uses a fresh state, verifier and nonce for every sign-in', async () => {
    const auth = new PortalAuth(CONFIG, environment());
    const first = (await startSignIn(auth)).authorization.searchParams;
    const second = (await startSignIn(auth)).authorization.searchParams;
    for (const name of ['state', 'nonce', 'code_challenge']) expect(first.get(name)).not.toBe(second.get(name));
  });

  it('navigates the browser to the authorization URL', async () => {
    const auth = new PortalAuth(CONFIG, environment());
    await auth.startSignIn('/Forms');
    expect(navigations).toHaveLength(1);
    expect(navigations[0]).toMatch(new RegExp(`^${ENDPOINTS.authorization_endpoint}\\?`));
  });

  it('is configured without user info, silent renew or session monitoring, with auth.-prefixed stores', () => {
    const settings = userManagerSettings(CONFIG, AAD_STRATEGY, environment());
    expect(settings).toMatchObject({
      loadUserInfo: false,
      automaticSilentRenew: false,
      monitorSession: false,
      post_logout_redirect_uri: `${ORIGIN}/`,
      extraTokenParams: { response_type: 'code', audience: 'api://tm-portal' },
    });
    expect(settings.extraQueryParams).toBeUndefined();
  });
});

describe('the callback at /login', () => {
  it('exchanges the code with exactly the required form fields and stores the session', async () => {
    const auth = new PortalAuth(CONFIG, environment());
    const { callback, authorization } = await startSignIn(auth);
    await expect(auth.completeSignIn(callback)).resolves.toBe('/Tickets');

    expect(provider.tokenRequests).toHaveLength(1);
    const [exchange] = provider.tokenRequests;
    expect(exchange?.method).toBe('POST');
    expect(exchange?.contentType).toMatch(/^application\/x-www-form-urlencoded/);
    expect([...(exchange?.body.keys() ?? [])].sort()).toEqual(
      ['audience', 'client_id', 'code', 'code_verifier', 'grant_type', 'redirect_uri', 'response_type'].sort(),
    );
    expect(Object.fromEntries(exchange?.body ?? [])).toMatchObject({
      code: 'the-code',
      client_id: 'tm-portal',
      redirect_uri: `${ORIGIN}/login`,
      response_type: 'code',
      audience: 'api://tm-portal',
      grant_type: 'authorization_code',
    });

    const user = storedUser();
    expect(user?.access_token).toMatch(/^ey/);
    expect(user?.refresh_token).toBe('refresh-1');
    expect(user?.expires_at).toBe(Math.floor(clock.now / 1000) + 900);
    expect(local.getItem('auth.refresh_token_expires_at')).toBe(String(Math.floor(clock.now / 1000) + 2_592_000));
    expect(local.keys().every((key) => key.startsWith('auth.'))).toBe(true);
    // The state is single use and the remembered page is consumed.
    expect(session.getItem(`auth.state.${authorization.searchParams.get('state')}`)).toBeNull();
    expect(session.getItem('auth.redirect')).toBeNull();
    // The user-info endpoint is never called.
    expect(provider.requests.some((request) => request.url === ENDPOINTS.userinfo_endpoint)).toBe(false);
  });

  it('goes home when the remembered page was tampered with', async () => {
    const auth = new PortalAuth(CONFIG, environment());
    const { callback } = await startSignIn(auth);
    session.setItem('auth.redirect', '//evil.example');
    await expect(auth.completeSignIn(callback)).resolves.toBe('/');
  });

  type StateCase = [label: string, callback: (auth: PortalAuth, valid: string) => Promise<string>, failure: string];
  const stateCases: StateCase[] = [
    ['a missing state', () => Promise.resolve(`${ORIGIN}/login?code=the-code`), 'missing-state'],
    ['an empty state', () => Promise.resolve(`${ORIGIN}/login?code=the-code&state=`), 'missing-state'],
    [
      'an unknown state',
      () => Promise.resolve(`${ORIGIN}/login?code=the-code&state=0123456789abcdef0123456789abcdef`),
      'state-mismatch',
    ],
    [
      'a tampered state',
      (_auth, valid) =>
        Promise.resolve(valid.replace(/state=([0-9a-f])/, (_m, c: string) => `state=${c === 'a' ? 'b' : 'a'}`)),
      'state-mismatch',
    ],
    [
      'a replayed state',
      async (auth, valid) => {
        await auth.completeSignIn(valid);
        local.clear();
        provider.requests = [];
        return valid;
      },
      'state-mismatch',
    ],
    [
      "another tab's state",
      async () => {
        const otherTab = new PortalAuth(CONFIG, environment({ sessionStorage: new MemoryStorage() }));
        return (await startSignIn(otherTab)).callback;
      },
      'state-mismatch',
    ],
    [
      'an error answer with an unknown state',
      () => Promise.resolve(`${ORIGIN}/login?error=access_denied&state=ffff`),
      'state-mismatch',
    ],
  ];

  it.each(stateCases)(
    'ignores the answer with %s: no token request, no session',
    async (_label, makeCallback, failure) => {
      const auth = new PortalAuth(CONFIG, environment());
      const { callback: valid } = await startSignIn(auth);
      const callback = await makeCallback(auth, valid);
      const error = await auth.completeSignIn(callback).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(SignInError);
      expect((error as SignInError).failure).toBe(failure);
      expect((error as SignInError).message).toMatch(/ignored/);
      expect(provider.tokenRequests).toHaveLength(0);
      expect(local.getItem(USER_KEY)).toBeNull();
    },
  );

  it('reports a refusal by the provider with its description', async () => {
    const auth = new PortalAuth(CONFIG, environment());
    const { authorization } = await startSignIn(auth);
    const state = authorization.searchParams.get('state') ?? '';
    const callback = `${ORIGIN}/login?error=access_denied&error_description=User+cancelled&state=${state}`;
    await expect(auth.completeSignIn(callback)).rejects.toMatchObject({
      failure: 'provider-error',
      message: expect.stringMatching(/User cancelled/) as unknown,
    });
    expect(local.getItem(USER_KEY)).toBeNull();
  });

  it.each([
    ['another issuer', { iss: 'https://evil.example/oidc' }, /issuer \(iss\)/],
    ['another audience', { aud: 'someone-else' }, /audience \(aud\)/],
    ['an expired ID token', { exp: 1_000_000_000 }, /expired \(exp\)/],
    ['another nonce', { nonce: 'not-the-one-sent' }, /nonce/],
    ['no nonce', { nonce: undefined }, /nonce/],
  ])('aborts the sign-in when the ID token has %s, storing nothing', async (_label, claims, message) => {
    const auth = new PortalAuth(CONFIG, environment());
    const { callback } = await startSignIn(auth);
    provider.idTokenClaims = claims;
    const error = await auth.completeSignIn(callback).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(SignInError);
    expect((error as SignInError).failure).toBe('invalid-token');
    expect((error as SignInError).message).toMatch(message);
    expect(local.getItem(USER_KEY)).toBeNull();
  });

  it('refuses an answer whose iss parameter names another issuer (RFC 9207) before exchanging the code', async () => {
    const auth = new PortalAuth(CONFIG, environment());
    const { callback, authorization } = await startSignIn(auth);
    const error = await auth
      .completeSignIn(`${callback}&iss=${encodeURIComponent('https://evil.example/oidc')}`)
      .catch((caught: unknown) => caught);
    expect(error).toMatchObject({
      failure: 'invalid-token',
      message: expect.stringMatching(/issuer \(iss\)/) as unknown,
    });
    expect(provider.tokenRequests).toHaveLength(0);
    expect(session.getItem(`auth.state.${authorization.searchParams.get('state')}`)).toBeNull();
    expect(local.getItem(USER_KEY)).toBeNull();
  });

  it('accepts an answer whose iss parameter names the configured issuer', async () => {
    const auth = new PortalAuth(CONFIG, environment());
    const { callback } = await startSignIn(auth);
    await expect(auth.completeSignIn(`${callback}&iss=${encodeURIComponent(ISSUER)}`)).resolves.toBe('/Tickets');
  });

  it('aborts when the discovery issuer is not the configured authority', async () => {
    provider.issuer = 'https://evil.example/oidc';
    const auth = new PortalAuth(CONFIG, environment());
    const { callback } = await startSignIn(auth);
    await expect(auth.completeSignIn(callback)).rejects.toMatchObject({ failure: 'invalid-token' });
    expect(local.getItem(USER_KEY)).toBeNull();
  });

  it('shares one run between concurrent calls for the same URL', async () => {
    const auth = new PortalAuth(CONFIG, environment());
    const { callback } = await startSignIn(auth);
    const [first, second] = await Promise.all([auth.completeSignIn(callback), auth.completeSignIn(callback)]);
    expect(first).toBe(second);
    expect(provider.tokenRequests).toHaveLength(1);
  });

  it('recognises a callback by code, state or error', () => {
    expect(['?code=1&state=2', '?code=1', '?state=2', '?error=x', 'code=1'].every(isCallbackUrl)).toBe(true);
    expect(['', '?', '?next=/Tickets'].some(isCallbackUrl)).toBe(false);
  });
});

describe('toSignInError', () => {
  it.each([
    [new Error('No matching state found in storage'), false, 'state-mismatch'],
    [new Error('State does not match'), false, 'state-mismatch'],
    [new Error('No state in response'), false, 'missing-state'],
    [new Error('nonce in id_token does not match nonce in client storage'), false, 'invalid-token'],
    [new InvalidTokenError('The ID token has expired (exp).'), false, 'invalid-token'],
    [
      Object.assign(new Error('invalid_grant'), { name: 'ErrorResponse', error: 'invalid_grant' }),
      false,
      'exchange-failed',
    ],
    [
      Object.assign(new Error('access_denied'), { name: 'ErrorResponse', error: 'access_denied' }),
      true,
      'provider-error',
    ],
    [new TypeError('Failed to fetch'), false, 'exchange-failed'],
  ])('maps %s to %s', (error, fromProvider, failure) => {
    expect(toSignInError(error, fromProvider).failure).toBe(failure);
  });
});

describe('the access token before an API request', () => {
  it('is null when nobody is signed in', async () => {
    const auth = new PortalAuth(CONFIG, environment());
    await expect(auth.getValidAccessToken()).resolves.toBeNull();
  });

  it('is the stored token while it is valid, without any request', async () => {
    const auth = new PortalAuth(CONFIG, environment());
    await signedIn(auth);
    clock.now += 899_000; // 1 s before exp, outside the 500 ms margin
    await expect(auth.getValidAccessToken()).resolves.toBe(storedUser()?.access_token);
    expect(provider.tokenRequests).toHaveLength(0);
  });

  it('is refreshed first when expired (500 ms early), with exactly refresh_token, client_id and grant_type', async () => {
    const auth = new PortalAuth(CONFIG, environment());
    await signedIn(auth);
    const before = storedUser();
    clock.now += 899_600; // 400 ms before exp: counts as expired
    const token = await auth.getValidAccessToken();

    expect(provider.tokenRequests).toHaveLength(1);
    const [refresh] = provider.tokenRequests;
    expect(refresh?.contentType).toMatch(/^application\/x-www-form-urlencoded/);
    expect(Object.fromEntries(refresh?.body ?? [])).toEqual({
      refresh_token: 'refresh-1',
      client_id: 'tm-portal',
      grant_type: 'refresh_token',
    });
    const after = storedUser();
    expect(token).toBe(after?.access_token);
    expect(token).not.toBe(before?.access_token);
    expect(after?.refresh_token).toBe('refresh-2');
    expect(after?.id_token).toBe(before?.id_token);
    expect(after?.expires_at).toBe(Math.floor(clock.now / 1000) + 900);
    expect(local.getItem('auth.refresh_token_expires_at')).toBe(String(Math.floor(clock.now / 1000) + 2_592_000));
  });

  it('refreshes once for concurrent requests (refresh tokens rotate)', async () => {
    const auth = new PortalAuth(CONFIG, environment());
    await signedIn(auth);
    clock.now += 901_000;
    const tokens = await Promise.all([
      auth.getValidAccessToken(),
      auth.getValidAccessToken(),
      auth.getValidAccessToken(),
    ]);
    expect(new Set(tokens).size).toBe(1);
    expect(provider.tokenRequests).toHaveLength(1);
  });

  it('refreshes under the cross-tab lock and skips the refresh another tab already did', async () => {
    const locks: string[] = [];
    const auth = new PortalAuth(
      CONFIG,
      environment({
        withLock: async (name, task) => {
          locks.push(name);
          // Meanwhile another tab refreshed: its fresh user is in the shared local storage.
          const user = JSON.parse(local.getItem(USER_KEY) ?? '{}') as Record<string, unknown>;
          local.setItem(
            USER_KEY,
            JSON.stringify({ ...user, access_token: 'from-other-tab', expires_at: Math.floor(clock.now / 1000) + 600 }),
          );
          return task();
        },
      }),
    );
    await signedIn(auth);
    clock.now += 901_000;
    await expect(auth.getValidAccessToken()).resolves.toBe('from-other-tab');
    expect(locks).toEqual(['auth.refresh']);
    expect(provider.tokenRequests).toHaveLength(0);
  });

  it('accepts a refreshed ID token that passes the checks', async () => {
    const auth = new PortalAuth(CONFIG, environment());
    await signedIn(auth);
    const before = storedUser();
    provider.refreshIdToken = true;
    clock.now += 901_000;
    await auth.getValidAccessToken();
    expect(storedUser()?.id_token).not.toBe(before?.id_token);
  });

  type ExpiredCase = [label: string, arrange: () => void, expectRequest: boolean];
  const expiredCases: ExpiredCase[] = [
    [
      'the refresh token has expired too (its 30-day default is up)',
      () => {
        clock.now += 2_592_000_000;
      },
      false,
    ],
    [
      'the stored refresh-token expiry has passed',
      () => {
        local.setItem('auth.refresh_token_expires_at', String(Math.floor(clock.now / 1000) - 1));
      },
      false,
    ],
    [
      'there is no refresh token',
      () => {
        const user = JSON.parse(local.getItem(USER_KEY) ?? '{}') as Record<string, unknown>;
        delete user.refresh_token;
        local.setItem(USER_KEY, JSON.stringify(user));
      },
      false,
    ],
    [
      'the provider refuses the refresh (invalid_grant)',
      () => {
        provider.refreshAnswer = 'invalid_grant';
      },
      true,
    ],
    [
      'the refreshed ID token is for another audience',
      () => {
        provider.refreshIdToken = true;
        provider.idTokenClaims = { aud: 'someone-else' };
      },
      true,
    ],
  ];

  it.each(expiredCases)(
    'throws ExpiredAuthSessionError with the documented message and resets the session when %s',
    async (_label, arrange, expectRequest) => {
      const auth = new PortalAuth(CONFIG, environment());
      await signedIn(auth);
      session.setItem('auth.redirect', '/Tickets');
      clock.now += 901_000;
      arrange();
      const error = await auth.getValidAccessToken().catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(ExpiredAuthSessionError);
      expect((error as Error).message).toBe(EXPIRED_AUTH_SESSION_MESSAGE);
      expect(provider.tokenRequests).toHaveLength(expectRequest ? 1 : 0);
      expect(local.keys().filter((key) => key.startsWith('auth.'))).toEqual([]);
      // The remembered page survives the reset, for the next sign-in.
      expect(session.getItem('auth.redirect')).toBe('/Tickets');
      await expect(auth.getValidAccessToken()).resolves.toBeNull();
    },
  );
});

describe('sign-out', () => {
  it('revokes the refresh token, clears every auth. key and ends the provider session with id_token_hint', async () => {
    const auth = new PortalAuth(CONFIG, environment());
    await signedIn(auth);
    const { id_token: idToken } = storedUser() ?? {};
    session.setItem('auth.redirect', '/Tickets');
    local.setItem('unrelated', 'kept');
    await auth.signOut();

    const revocation = provider.requests.find((request) => request.url === ENDPOINTS.revocation_endpoint);
    expect(Object.fromEntries(revocation?.body ?? [])).toEqual({
      token: 'refresh-1',
      token_type_hint: 'refresh_token',
      client_id: 'tm-portal',
    });
    expect(local.keys()).toEqual(['unrelated']);
    expect(session.length).toBe(0);
    expect(navigations).toHaveLength(1);
    const endSession = new URL(navigations[0] ?? '');
    expect(`${endSession.origin}${endSession.pathname}`).toBe(ENDPOINTS.end_session_endpoint);
    expect(endSession.searchParams.get('id_token_hint')).toBe(idToken);
    expect(endSession.searchParams.get('post_logout_redirect_uri')).toBe(`${ORIGIN}/`);
    expect(endSession.searchParams.has('access_type')).toBe(false);
  });

  it('still signs out when the revocation fails, and logs it', async () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const auth = new PortalAuth(CONFIG, environment());
    await signedIn(auth);
    provider.revocationStatus = 503;
    await auth.signOut();
    expect(local.getItem(USER_KEY)).toBeNull();
    expect(navigations).toHaveLength(1);
    expect(spy).toHaveBeenCalledWith(expect.stringMatching(/^\[auth\] sign-out: /));
    spy.mockRestore();
  });
});
