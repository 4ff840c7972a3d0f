import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from './helpers/app';
import { omit, signWithProviderKey } from './helpers/data';
import { authorize, CookieJar, exchangeCode, pathOf, pkcePair, signIn } from './helpers/sign-in';

describe('Bearer access tokens on /api', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  const now = () => Math.floor(Date.now() / 1000);
  const claims = () => ({
    iss: 'http://localhost/oidc',
    aud: 'api://tm-portal',
    sub: 'forged',
    iat: now(),
    exp: now() + 600,
  });

  async function expectUnauthorized(authorization: string | undefined, invalidToken = true) {
    const response = await app.inject({
      url: '/api/me',
      headers: authorization === undefined ? {} : { authorization },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ statusCode: 401, error: 'unauthorized' });
    const challenge = String(response.headers['www-authenticate']);
    expect(challenge).toMatch(/^Bearer /);
    if (invalidToken) expect(challenge).toContain('error="invalid_token"');
    else expect(challenge).not.toContain('error=');
  }

  it('refuses a request without a token: 401 JSON, WWW-Authenticate Bearer without an error code (RFC 6750 §3.1)', async () => {
    await expectUnauthorized(undefined, false);
  });

  it.each([
    ['a malformed header', 'Basic dXNlcjpwYXNz'],
    ['a token that is not a JWT', 'Bearer not-a-token'],
    ['a truncated token', 'TRUNCATE'],
  ])('refuses %s with 401 invalid_token', async (_label, value) => {
    const authorization =
      value === 'TRUNCATE' ? `Bearer ${(await signIn(app, 'employee')).access_token.slice(0, -10)}` : value;
    await expectUnauthorized(authorization);
  });

  it('refuses a token whose signature does not match (payload edited)', async () => {
    const [header, payload, signature] = (await signIn(app, 'employee')).access_token.split('.');
    const edited = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()) as Record<string, unknown>;
    edited.groups = ['Administrators'];
    await expectUnauthorized(
      `Bearer ${header}.${Buffer.from(JSON.stringify(edited)).toString('base64url')}.${signature}`,
    );
  });

  it('refuses an expired token (beyond the clock tolerance)', async () => {
    await expectUnauthorized(
      `Bearer ${await signWithProviderKey(app, { ...claims(), iat: now() - 7200, exp: now() - 3600 })}`,
    );
  });

  it('refuses a token for another audience, from another issuer, or without exp', async () => {
    await expectUnauthorized(`Bearer ${await signWithProviderKey(app, { ...claims(), aud: 'tm-portal' })}`);
    await expectUnauthorized(
      `Bearer ${await signWithProviderKey(app, { ...claims(), iss: 'http://evil.example/oidc' })}`,
    );
    await expectUnauthorized(`Bearer ${await signWithProviderKey(app, omit(claims(), 'exp'))}`);
  });

  it('refuses the ID token used as a Bearer token', async () => {
    const { id_token: idToken } = await signIn(app, 'employee');
    expect(idToken).toBeTruthy();
    await expectUnauthorized(`Bearer ${idToken}`);
    await expectUnauthorized(`Bearer ${await signWithProviderKey(app, claims(), { typ: 'JWT' })}`);
  });

  it('accepts a correctly signed access token it did not issue through a session (keys, not sessions, decide)', async () => {
    const token = await signWithProviderKey(app, claims());
    const response = await app.inject({ url: '/api/me', headers: { authorization: `Bearer ${token}` } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ subject: 'forged', scope: ['forms:submit'] });
  });
});

describe('GET /api/me', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  const me = async (username: string) => {
    const response = await app.inject({
      url: '/api/me',
      headers: { authorization: `Bearer ${(await signIn(app, username)).access_token}` },
    });
    expect(response.statusCode).toBe(200);
    return response.json<{
      id: string;
      name: string;
      email: string;
      issuer: string;
      roleGroups: string[];
      scope: string[];
    }>();
  };

  it('gives an employee only forms:submit, through the everyone group', async () => {
    const profile = await me('employee');
    expect(profile).toMatchObject({
      name: 'Emma Employee',
      email: 'employee@tm.example',
      issuer: 'http://localhost/oidc',
    });
    expect(profile.roleGroups).toEqual(['Employees']);
    expect(profile.scope).toEqual(['forms:submit']);
  });

  it('gives accounting the AP read scope, ticket work and the report scopes through the identity-provider group claim', async () => {
    const profile = await me('accounting');
    expect(profile.roleGroups).toEqual(['Accounting', 'Employees']);
    expect(profile.scope).toEqual(
      expect.arrayContaining([
        'forms:AP:read',
        'forms:submit',
        'tickets:work',
        'reports:accounting:read',
        'reports:delivery:write',
      ]),
    );
    expect(profile.scope).not.toContain('forms:IncidentForm:read');
  });

  it('gives risk the read scopes of its areas, and admin the admin scope', async () => {
    expect((await me('risk')).scope).toEqual(
      expect.arrayContaining(['forms:IncidentForm:read', 'forms:IncidentFollowUp:read']),
    );
    expect((await me('admin')).scope).toEqual(['admin', 'forms:submit']);
  });

  it('keeps one user per (issuer, subject) across sign-ins', async () => {
    const first = await me('it');
    await authorize(app, 'it', 'demo', pkcePair().challenge);
    expect((await me('it')).id).toBe(first.id);
  });
});

describe('the built-in sign-in page', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  async function openSignInPage(jar: CookieJar): Promise<string> {
    const query = new URLSearchParams({
      client_id: 'tm-portal',
      response_type: 'code',
      redirect_uri: 'http://localhost/login',
      scope: 'openid profile email',
      state: 'xyz',
      code_challenge: pkcePair().challenge,
      code_challenge_method: 'S256',
    });
    const start = await app.inject(`/oidc/auth?${query}`);
    jar.store(start);
    return pathOf(start.headers.location);
  }

  it('shows Username, Password and a Sign in button, titled for the portal', async () => {
    const jar = new CookieJar();
    const interaction = await openSignInPage(jar);
    const page = await app.inject({ url: interaction, headers: { cookie: jar.header() } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>Sign in — TM online portal</title>');
    expect(page.body).toMatch(/<label for="username">Username<\/label>/);
    expect(page.body).toMatch(/<input id="password" name="password" type="password"/);
    expect(page.body).toMatch(/<button type="submit">Sign in<\/button>/);
    expect(page.headers['content-security-policy']).toContain("default-src 'none'");
  });

  it('re-renders with "Invalid username or password." and the escaped username on a wrong password', async () => {
    const jar = new CookieJar();
    const interaction = await openSignInPage(jar);
    const response = await app.inject({
      method: 'POST',
      url: `${interaction}/login`,
      headers: { cookie: jar.header(), 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ username: '<script>x</script>', password: 'wrong' }).toString(),
    });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('Invalid username or password.');
    expect(response.body).toContain('&lt;script&gt;x&lt;/script&gt;');
    expect(response.body).not.toContain('<script>x</script>');
  });

  it('refuses an authorization request without PKCE', async () => {
    const query = new URLSearchParams({
      client_id: 'tm-portal',
      response_type: 'code',
      redirect_uri: 'http://localhost/login',
      scope: 'openid',
    });
    const response = await app.inject(`/oidc/auth?${query}`);
    expect(response.statusCode).toBe(303);
    expect(String(response.headers.location)).toContain('error=invalid_request');
  });

  it('never shows a consent page to the first-party client, even with prompt=consent', async () => {
    const { verifier, challenge } = pkcePair();
    const code = await authorize(app, 'admin', 'demo', challenge, new CookieJar(), { prompt: 'login consent' });
    const tokens = await exchangeCode(app, code, verifier);
    const me = await app.inject({ url: '/api/me', headers: { authorization: `Bearer ${tokens.access_token}` } });
    expect(me.json()).toMatchObject({ name: 'Ada Admin' });
  });

  it('issues a refresh token and rotates it on use', async () => {
    const { refresh_token: refreshToken } = await signIn(app, 'employee');
    expect(refreshToken).toBeTruthy();
    const refresh = (token: string) =>
      app.inject({
        method: 'POST',
        url: '/oidc/token',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({
          grant_type: 'refresh_token',
          refresh_token: token,
          client_id: 'tm-portal',
        }).toString(),
      });
    const first = await refresh(String(refreshToken));
    expect(first.statusCode).toBe(200);
    const body = first.json<{ access_token: string; refresh_token: string }>();
    expect(body.refresh_token).not.toBe(refreshToken);
    const me = await app.inject({ url: '/api/me', headers: { authorization: `Bearer ${body.access_token}` } });
    expect(me.statusCode).toBe(200);
  });
});

describe('tokens, sign-out and logs of the built-in provider', () => {
  let app: FastifyInstance;
  const logLines: string[] = [];
  beforeAll(async () => {
    app = await createTestApp({
      logger: { level: 'info', stream: { write: (line: string) => void logLines.push(line) } },
    });
  });
  afterAll(() => app.close());

  const decode = (jwt: string) =>
    JSON.parse(Buffer.from(jwt.split('.')[1] ?? '', 'base64url').toString()) as Record<string, unknown>;

  it('puts name and e-mail in the ID token, and name, e-mail, groups and the API audience in the 15-minute access token', async () => {
    const tokens = await signIn(app, 'maintenance');
    expect(decode(String(tokens.id_token))).toMatchObject({
      name: 'Morgan Maintenance',
      email: 'maintenance@tm.example',
      email_verified: true,
      aud: 'tm-portal',
    });
    const access = decode(tokens.access_token);
    expect(access).toMatchObject({
      name: 'Morgan Maintenance',
      email: 'maintenance@tm.example',
      groups: ['Maintenance', 'Facilities'],
      aud: 'api://tm-portal',
      client_id: 'tm-portal',
    });
    expect(Number(access.exp) - Number(access.iat)).toBe(900);
    expect(tokens.expires_in).toBeLessThanOrEqual(900);
  });

  it('ends the provider session on RP-initiated logout, after which the refresh token no longer refreshes', async () => {
    const jar = new CookieJar();
    const { verifier, challenge } = pkcePair();
    const tokens = await exchangeCode(app, await authorize(app, 'risk', 'demo', challenge, jar), verifier);
    const query = new URLSearchParams({
      client_id: 'tm-portal',
      id_token_hint: String(tokens.id_token),
      post_logout_redirect_uri: 'http://localhost/',
    });
    const confirm = await app.inject({ url: `/oidc/session/end?${query}`, headers: { cookie: jar.header() } });
    jar.store(confirm);
    expect(confirm.statusCode).toBe(200);
    expect(confirm.body).toContain('Yes, sign me out');
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(confirm.body)?.[1] ?? '';
    const done = await app.inject({
      method: 'POST',
      url: '/oidc/session/end/confirm',
      headers: { cookie: jar.header(), 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ xsrf, logout: 'yes' }).toString(),
    });
    expect(done.statusCode).toBe(303);
    expect(done.headers.location).toBe('http://localhost/');
    const refresh = await app.inject({
      method: 'POST',
      url: '/oidc/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        grant_type: 'refresh_token',
        refresh_token: String(tokens.refresh_token),
        client_id: 'tm-portal',
      }).toString(),
    });
    expect(refresh.statusCode).toBe(400);
    expect(refresh.json()).toMatchObject({ error: 'invalid_grant' });
  });

  it('logs each authentication failure with its reason and route, and never the token', async () => {
    const forged = `${(await signIn(app, 'employee')).access_token.slice(0, -4)}AAAA`;
    await app.inject({ url: '/api/me', headers: { authorization: `Bearer ${forged}` } });
    await app.inject({ url: '/api/areas' });
    const failures = logLines
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((entry) => entry.msg === 'authentication failed');
    expect(failures).toEqual([
      expect.objectContaining({
        route: '/api/me',
        reason: expect.stringContaining('ERR_JWS_SIGNATURE_VERIFICATION_FAILED') as string,
      }),
      expect.objectContaining({ route: '/api/areas', reason: 'no token' }),
    ]);
    const signature = forged.split('.')[2] ?? '';
    expect(logLines.some((line) => line.includes(signature) || line.includes(forged.slice(0, 40)))).toBe(false);
  });
});
