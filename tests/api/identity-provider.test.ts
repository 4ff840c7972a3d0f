import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from './helpers/app';
import { authorize, CookieJar, exchangeCode, pathOf, pkcePair, type TokenSet } from './helpers/sign-in';

/**
 * The built-in provider as docs/behaviour.md "Built-in identity provider" and RFC 9700 ask: PKCE
 * S256 only, exact redirect URIs, 15-minute access tokens, refresh tokens rotated on every use with
 * replay detection, revocation, and RP-initiated logout (automatic with a valid `id_token_hint`,
 * confirmed without).
 */
const CLIENT_ID = 'tm-portal';
const REDIRECT_URI = 'http://localhost/login';
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

type TokenError = { error: string; error_description?: string };

const decode = (jwt: string) =>
  JSON.parse(Buffer.from(jwt.split('.')[1] ?? '', 'base64url').toString()) as Record<string, unknown>;

function authorizationQuery(overrides: Record<string, string | undefined> = {}): string {
  const params: Record<string, string | undefined> = {
    client_id: CLIENT_ID,
    response_type: 'code',
    redirect_uri: REDIRECT_URI,
    scope: 'openid profile email',
    state: 'state-1',
    code_challenge: pkcePair().challenge,
    code_challenge_method: 'S256',
    ...overrides,
  };
  const defined = Object.entries(params).filter((entry): entry is [string, string] => entry[1] !== undefined);
  return new URLSearchParams(defined).toString();
}

describe('the built-in provider', () => {
  let app: FastifyInstance;
  const logLines: string[] = [];
  beforeAll(async () => {
    app = await createTestApp({
      logger: { level: 'warn', stream: { write: (line: string) => void logLines.push(line) } },
    });
  });
  afterAll(() => app.close());

  const postForm = (url: string, body: Record<string, string>, jar?: CookieJar) =>
    app.inject({
      method: 'POST',
      url,
      headers: { ...FORM, ...(jar ? { cookie: jar.header() } : {}) },
      payload: new URLSearchParams(body).toString(),
    });
  const token = (body: Record<string, string>) => postForm('/oidc/token', body);
  const refresh = (refreshToken: string) =>
    token({ grant_type: 'refresh_token', refresh_token: refreshToken, client_id: CLIENT_ID });
  const exchange = (code: string, overrides: Record<string, string | undefined>) => {
    const body: Record<string, string | undefined> = {
      grant_type: 'authorization_code',
      code,
      client_id: CLIENT_ID,
      redirect_uri: REDIRECT_URI,
      ...overrides,
    };
    return token(Object.fromEntries(Object.entries(body).filter((e): e is [string, string] => e[1] !== undefined)));
  };
  const expectInvalidGrant = (response: LightMyRequestResponse) => {
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json<TokenError>().error).toBe('invalid_grant');
  };
  /** Signs in with a fresh PKCE pair and cookie jar; returns the tokens and the jar holding the provider session. */
  const signInFresh = async (username: string): Promise<{ tokens: TokenSet; jar: CookieJar }> => {
    const jar = new CookieJar();
    const { verifier, challenge } = pkcePair();
    const tokens = await exchangeCode(app, await authorize(app, username, 'demo', challenge, jar), verifier);
    return { tokens, jar };
  };
  const apiStatus = async (accessToken: string) =>
    (await app.inject({ url: '/api/me', headers: { authorization: `Bearer ${accessToken}` } })).statusCode;

  describe('mounting', () => {
    it('answers every provider path under /oidc, and keeps its middleware out of the rest of the portal', async () => {
      const discovery = await app.inject({ url: '/oidc/.well-known/openid-configuration' });
      expect(discovery.statusCode, discovery.body).toBe(200);
      expect(discovery.json<{ issuer: string }>().issuer).toMatch(/\/oidc$/);
      const jwks = await app.inject({ url: '/oidc/jwks' });
      expect(jwks.json<{ keys: unknown[] }>().keys.length).toBeGreaterThan(0);
      // an unknown provider path is the provider's own 404 (Koa's "Not Found"), not the portal's
      const unknown = await app.inject({ url: '/oidc/no-such-endpoint' });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.body).toBe('Not Found');
      // the middleware passes /interaction/ paths on; one without a route is the portal's 404
      expect((await app.inject({ url: '/oidc/interaction/abc/no-such-step' })).statusCode).toBe(404);
      // @fastify/middie's `use` (and its onRequest hook) exists only in the provider's scope
      expect(app.hasDecorator('use')).toBe(false);
    });
  });

  describe('PKCE (S256 only) at the authorization endpoint', () => {
    it.each([
      ['no code_challenge', { code_challenge: undefined, code_challenge_method: undefined }],
      ['code_challenge_method=plain', { code_challenge_method: 'plain' }],
      ['a code_challenge without a method (RFC 7636 defaults it to plain)', { code_challenge_method: undefined }],
      ['an unknown method', { code_challenge_method: 'S512' }],
    ])('refuses a request with %s: back to the client with error=invalid_request', async (_label, overrides) => {
      const response = await app.inject(`/oidc/auth?${authorizationQuery(overrides)}`);
      expect(response.statusCode).toBe(303);
      const location = new URL(String(response.headers.location));
      expect(`${location.origin}${location.pathname}`).toBe(REDIRECT_URI);
      expect(location.searchParams.get('error')).toBe('invalid_request');
      expect(location.searchParams.get('code')).toBeNull();
    });
  });

  describe('PKCE at the token endpoint', () => {
    it.each([
      ['no code_verifier', () => undefined],
      ['a wrong code_verifier', () => pkcePair().verifier],
      ['the challenge itself as a "plain" verifier', (challenge: string) => challenge],
    ])(
      'refuses the code exchange with %s (invalid_grant), and the right verifier still works once',
      async (_label, verifierFor) => {
        const { verifier, challenge } = pkcePair();
        const code = await authorize(app, 'employee', 'demo', challenge);
        expectInvalidGrant(await exchange(code, { code_verifier: verifierFor(challenge) }));
        const good = await exchange(code, { code_verifier: verifier });
        // oidc-provider consumes nothing on a failed PKCE check, so the genuine client is not locked out.
        expect(good.statusCode, good.body).toBe(200);
      },
    );

    it('refuses a replayed authorization code and revokes the tokens it issued (RFC 6749 section 4.1.2)', async () => {
      const { verifier, challenge } = pkcePair();
      const code = await authorize(app, 'employee', 'demo', challenge);
      const first = await exchange(code, { code_verifier: verifier });
      expect(first.statusCode).toBe(200);
      const { refresh_token: refreshToken } = first.json<TokenSet>();
      expectInvalidGrant(await exchange(code, { code_verifier: verifier }));
      expectInvalidGrant(await refresh(String(refreshToken)));
    });
  });

  describe('redirect URIs are compared exactly', () => {
    it.each([
      ['another origin', 'http://evil.example/login'],
      ['an extra path segment', 'http://localhost/login/extra'],
      ['a trailing slash', 'http://localhost/login/'],
      ['an extra query', 'http://localhost/login?next=%2F%2Fevil.example'],
      ['a fragment', 'http://localhost/login#x'],
      ['another path on the same origin', 'http://localhost/'],
      ['another scheme', 'https://localhost/login'],
    ])('refuses %s at /oidc/auth with an error page and no redirect', async (_label, redirectUri) => {
      const response = await app.inject(`/oidc/auth?${authorizationQuery({ redirect_uri: redirectUri })}`);
      expect(response.statusCode).toBe(400);
      expect(response.headers.location).toBeUndefined();
      expect(response.body).toContain('Sign-in problem');
      expect(response.body).toContain('redirect_uri');
      expect(response.headers['content-security-policy']).toContain("default-src 'none'");
    });

    it('refuses a code exchange whose redirect_uri differs from the authorization request', async () => {
      const { verifier, challenge } = pkcePair();
      const code = await authorize(app, 'employee', 'demo', challenge);
      expectInvalidGrant(await exchange(code, { code_verifier: verifier, redirect_uri: 'http://localhost/login/x' }));
    });
  });

  describe('access and refresh tokens', () => {
    it('issues access tokens for at most 15 minutes, on sign-in and on refresh', async () => {
      const { tokens } = await signInFresh('employee');
      const first = decode(tokens.access_token);
      expect(Number(first.exp) - Number(first.iat)).toBeLessThanOrEqual(900);
      expect(tokens.expires_in).toBeLessThanOrEqual(900);
      const refreshed = (await refresh(String(tokens.refresh_token))).json<TokenSet>();
      const second = decode(refreshed.access_token);
      expect(Number(second.exp) - Number(second.iat)).toBeLessThanOrEqual(900);
      expect(refreshed.expires_in).toBeLessThanOrEqual(900);
    });

    it('rotates the refresh token on every use; each new one works exactly once', async () => {
      const { tokens } = await signInFresh('employee');
      const seen = new Set([String(tokens.refresh_token)]);
      let current = String(tokens.refresh_token);
      for (let round = 0; round < 3; round += 1) {
        const response = await refresh(current);
        expect(response.statusCode, response.body).toBe(200);
        const body = response.json<TokenSet>();
        expect(seen.has(String(body.refresh_token))).toBe(false);
        seen.add(String(body.refresh_token));
        expect(await apiStatus(body.access_token)).toBe(200);
        current = String(body.refresh_token);
      }
    });

    it('treats a replayed refresh token as theft (RFC 9700 section 4.14.2): refused, and the whole grant is revoked — the newer refresh token stops working too', async () => {
      const { tokens } = await signInFresh('accounting');
      const old = String(tokens.refresh_token);
      const rotated = await refresh(old);
      expect(rotated.statusCode).toBe(200);
      const newer = String(rotated.json<TokenSet>().refresh_token);
      const replay = await refresh(old);
      expectInvalidGrant(replay);
      expectInvalidGrant(await refresh(newer));
    });

    it('logs a replayed refresh token with its reason, route, client and subject, never a token', async () => {
      const { tokens } = await signInFresh('it');
      const old = String(tokens.refresh_token);
      const newer = String((await refresh(old)).json<TokenSet>().refresh_token);
      logLines.length = 0;
      expectInvalidGrant(await refresh(old));
      const entries = logLines.map((line) => JSON.parse(line) as Record<string, unknown>);
      expect(entries).toEqual([
        expect.objectContaining({
          msg: 'identity provider refused a request',
          reason: 'invalid_grant: grant request is invalid: refresh token already used',
          route: '/oidc/token',
          clientId: CLIENT_ID,
          subject: decode(String(tokens.id_token)).sub,
        }),
      ]);
      for (const secret of [old, newer, tokens.access_token]) expect(logLines.join('\n')).not.toContain(secret);
    });

    it('revokes a refresh token at /oidc/token/revocation (RFC 7009): it no longer refreshes', async () => {
      const { tokens } = await signInFresh('employee');
      const revoked = await postForm('/oidc/token/revocation', {
        token: String(tokens.refresh_token),
        token_type_hint: 'refresh_token',
        client_id: CLIENT_ID,
      });
      expect(revoked.statusCode).toBe(200);
      expectInvalidGrant(await refresh(String(tokens.refresh_token)));
    });

    it('refuses a refresh token presented by another client id', async () => {
      const { tokens } = await signInFresh('employee');
      const response = await token({
        grant_type: 'refresh_token',
        refresh_token: String(tokens.refresh_token),
        client_id: 'someone-else',
      });
      expect(response.statusCode).toBe(401);
      expect(response.json<TokenError>().error).toBe('invalid_client');
      expect((await refresh(String(tokens.refresh_token))).statusCode).toBe(200);
    });
  });

  describe('RP-initiated logout', () => {
    const endSession = (jar: CookieJar, params: Record<string, string>) =>
      app.inject({
        url: `/oidc/session/end?${new URLSearchParams(params).toString()}`,
        headers: { cookie: jar.header(), accept: 'text/html' },
      });
    const xsrfOf = (html: string) => /name="xsrf" value="([^"]+)"/.exec(html)?.[1] ?? '';
    /** A fresh authorization request with the jar: straight back with a code means the provider session is alive. */
    const hasProviderSession = async (jar: CookieJar) => {
      const response = await app.inject({
        url: `/oidc/auth?${authorizationQuery()}`,
        headers: { cookie: jar.header() },
      });
      jar.store(response);
      return !pathOf(response.headers.location).startsWith('/oidc/interaction/');
    };

    it('signs out without a second click when the id_token_hint is valid for the signed-in user', async () => {
      const { tokens, jar } = await signInFresh('risk');
      expect(await hasProviderSession(jar)).toBe(true);
      const page = await endSession(jar, {
        client_id: CLIENT_ID,
        id_token_hint: String(tokens.id_token),
        post_logout_redirect_uri: 'http://localhost/',
        state: 'bye',
      });
      jar.store(page);
      expect(page.statusCode).toBe(200);
      expect(page.body).not.toContain('Yes, sign me out');
      // The page answers "yes" itself and submits the provider's form with a script its CSP allows by nonce.
      const nonce = /<script nonce="([^"]+)">document\.getElementById\('op\.logoutForm'\)\.submit\(\);<\/script>/.exec(
        page.body,
      )?.[1];
      expect(nonce).toBeTruthy();
      expect(page.headers['content-security-policy']).toContain(`script-src 'nonce-${nonce}'`);
      expect(page.headers['content-security-policy']).toContain("default-src 'none'");
      expect(page.body).toContain('<input type="hidden" form="op.logoutForm" name="logout" value="yes">');
      expect(page.body).toContain('action="http://localhost/oidc/session/end/confirm"');

      const done = await postForm('/oidc/session/end/confirm', { xsrf: xsrfOf(page.body), logout: 'yes' }, jar);
      jar.store(done);
      expect(done.statusCode).toBe(303);
      expect(done.headers.location).toBe('http://localhost/?state=bye');
      expectInvalidGrant(await refresh(String(tokens.refresh_token)));
      expect(await hasProviderSession(jar)).toBe(false);
    });

    it("still signs out automatically in the portal's own order: revoke the refresh token, then end the session with the hint", async () => {
      const { tokens, jar } = await signInFresh('employee');
      const revoked = await postForm('/oidc/token/revocation', {
        token: String(tokens.refresh_token),
        client_id: CLIENT_ID,
      });
      expect(revoked.statusCode).toBe(200);
      const page = await endSession(jar, {
        id_token_hint: String(tokens.id_token),
        post_logout_redirect_uri: 'http://localhost/',
      });
      jar.store(page);
      expect(page.body).toContain('name="logout" value="yes"');
      expect(page.body).not.toContain('Yes, sign me out');
      const done = await postForm('/oidc/session/end/confirm', { xsrf: xsrfOf(page.body), logout: 'yes' }, jar);
      jar.store(done);
      expect(done.headers.location).toBe('http://localhost/');
      expect(await hasProviderSession(jar)).toBe(false);
    });

    it('uses a fresh nonce on every automatic sign-out page', async () => {
      const nonces = [];
      for (let i = 0; i < 2; i += 1) {
        const { tokens, jar } = await signInFresh('it');
        const page = await endSession(jar, { id_token_hint: String(tokens.id_token) });
        nonces.push(/script-src 'nonce-([^']+)'/.exec(String(page.headers['content-security-policy']))?.[1]);
      }
      expect(nonces[0]).toBeTruthy();
      expect(nonces[0]).not.toBe(nonces[1]);
    });

    it.each([
      ['no id_token_hint (client_id only)', () => ({})],
      ['the id_token_hint of another user', (other: TokenSet) => ({ id_token_hint: String(other.id_token) })],
    ])('asks for confirmation with %s, and "Yes, sign me out" ends the session', async (_label, hintFrom) => {
      const { tokens, jar } = await signInFresh('maintenance');
      const { tokens: other } = await signInFresh('admin');
      const page = await endSession(jar, {
        client_id: CLIENT_ID,
        post_logout_redirect_uri: 'http://localhost/',
        ...hintFrom(other),
      });
      jar.store(page);
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('Yes, sign me out');
      // no script on the page; its CSP would run only one carrying the page's nonce
      expect(page.body).not.toContain('<script');
      expect(page.headers['content-security-policy']).toMatch(/script-src 'nonce-[A-Za-z0-9_-]+';/);
      expect(await hasProviderSession(jar)).toBe(true);

      const done = await postForm('/oidc/session/end/confirm', { xsrf: xsrfOf(page.body), logout: 'yes' }, jar);
      jar.store(done);
      expect(done.statusCode).toBe(303);
      expect(done.headers.location).toBe('http://localhost/');
      expectInvalidGrant(await refresh(String(tokens.refresh_token)));
      expect(await hasProviderSession(jar)).toBe(false);
      // The other user's own session and tokens are untouched.
      expect((await refresh(String(other.refresh_token))).statusCode).toBe(200);
    });

    it('refuses an id_token_hint whose signature does not verify, and signs nobody out', async () => {
      const { tokens, jar } = await signInFresh('employee');
      const [header, payload, signature = ''] = String(tokens.id_token).split('.');
      const forged = `${header}.${payload}.${signature.slice(0, -4)}AAAA`;
      const page = await endSession(jar, { id_token_hint: forged, post_logout_redirect_uri: 'http://localhost/' });
      expect(page.statusCode).toBe(400);
      expect(page.body).toContain('Sign-in problem');
      expect(page.body).not.toContain('op.logoutForm');
      expect(await hasProviderSession(jar)).toBe(true);
      expect((await refresh(String(tokens.refresh_token))).statusCode).toBe(200);
    });

    it('refuses a post_logout_redirect_uri that is not registered', async () => {
      const { tokens, jar } = await signInFresh('employee');
      const page = await endSession(jar, {
        id_token_hint: String(tokens.id_token),
        post_logout_redirect_uri: 'http://evil.example/',
      });
      expect(page.statusCode).toBe(400);
      expect(page.headers.location).toBeUndefined();
      expect(await hasProviderSession(jar)).toBe(true);
    });
  });
});
