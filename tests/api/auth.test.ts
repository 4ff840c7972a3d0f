import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from './helpers/app';
import { signWithProviderKey } from './helpers/data';
import { authorize, CookieJar, exchangeCode, pathOf, pkcePair, signIn } from './helpers/sign-in';
import { forbidden } from '../../src/server/lib/errors';

describe('Bearer access tokens on /api', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

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

  it('refuses a request without a token: 401 JSON, WWW-Authenticate Bearer without an error code (RFC 6750 section 3.1)', async () => {
    await expectUnauthorized(undefined, false);
  });

  it.each([
    ['a malformed header', 'Basic dXNlcjpwYXNz'],
    ['a Bearer header without a token', 'Bearer '],
    ['a token that is not a JWT', 'Bearer not-a-token'],
    ['two tokens', 'Bearer a.b.c d.e.f'],
  ])('refuses %s with 401 invalid_token', async (_label, value) => {
    await expectUnauthorized(value);
  });

  it('accepts the scheme name in any case (RFC 9110 section 11.1)', async () => {
    const response = await app.inject({
      url: '/api/me',
      headers: { authorization: `bearer ${(await signIn(app, 'employee')).access_token}` },
    });
    expect(response.statusCode).toBe(200);
  });

  // Forged, altered and misused tokens: the table in forged-tokens.test.ts.
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

  it('never shows a consent page to the first-party client, even with prompt=consent', async () => {
    const { verifier, challenge } = pkcePair();
    const code = await authorize(app, 'admin', 'demo', challenge, new CookieJar(), { prompt: 'login consent' });
    const tokens = await exchangeCode(app, code, verifier);
    const me = await app.inject({ url: '/api/me', headers: { authorization: `Bearer ${tokens.access_token}` } });
    expect(me.json()).toMatchObject({ name: 'Ada Admin' });
  });
});

describe('tokens and logs of the built-in provider', () => {
  let app: FastifyInstance;
  const logLines: string[] = [];
  beforeAll(async () => {
    app = await createTestApp({
      logger: { level: 'info', stream: { write: (line: string) => void logLines.push(line) } },
    });
    // A route that refuses every signed-in user, standing in for a scope check (403).
    app.get('/api/test/forbidden', { config: { permission: 'signed-in' } }, () => {
      throw forbidden('You may not open the test page.');
    });
    // Deny by default: a route without a declared permission is closed to everybody.
    app.get('/api/test/undeclared', () => ({ open: true }));
    app.get('/api/test/admin-only', { config: { permission: { scope: 'rolegroups:manage' } } }, () => ({ ok: true }));
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

  const entries = (msg: string) =>
    logLines.map((line) => JSON.parse(line) as Record<string, unknown>).filter((entry) => entry.msg === msg);

  it('names the subject when the token was genuine but its claims failed (expired)', async () => {
    const now = Math.floor(Date.now() / 1000);
    const expired = await signWithProviderKey(app, {
      iss: 'http://localhost/oidc',
      aud: 'api://tm-portal',
      sub: 'subject-of-an-expired-token',
      iat: now - 900,
      exp: now - 300,
    });
    logLines.length = 0;
    await app.inject({ url: '/api/properties', headers: { authorization: `Bearer ${expired}` } });
    expect(entries('authentication failed')).toEqual([
      expect.objectContaining({
        route: '/api/properties',
        subject: 'subject-of-an-expired-token',
        reason: expect.stringContaining('ERR_JWT_EXPIRED') as string,
      }),
    ]);
    expect(logLines.join('\n')).not.toContain(expired.split('.')[2]);
  });

  it('logs a 403 of a route with its reason, route and the user id, and never the token', async () => {
    const { access_token: token } = await signIn(app, 'employee');
    const me = await app.inject({ url: '/api/me', headers: { authorization: `Bearer ${token}` } });
    logLines.length = 0;
    const response = await app.inject({ url: '/api/test/forbidden', headers: { authorization: `Bearer ${token}` } });
    expect(response.statusCode).toBe(403);
    expect(entries('authorization failed')).toEqual([
      expect.objectContaining({
        route: '/api/test/forbidden',
        userId: me.json<{ id: string }>().id,
        reason: 'You may not open the test page.',
      }),
    ]);
    expect(logLines.join('\n')).not.toContain(token.split('.')[2]);
  });

  it('closes a route that declares no permission, even to a signed-in user', async () => {
    const { access_token: token } = await signIn(app, 'admin');
    const response = await app.inject({ url: '/api/test/undeclared', headers: { authorization: `Bearer ${token}` } });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toMatchObject({ message: 'This route declares no permission and is closed.' });
    const anonymous = await app.inject({ url: '/api/test/undeclared' });
    expect(anonymous.statusCode).toBe(500);
  });

  it('answers 403 naming the scope a declared-scope route needs, and lets a holder through', async () => {
    const employee = await signIn(app, 'employee');
    const refused = await app.inject({
      url: '/api/test/admin-only',
      headers: { authorization: `Bearer ${employee.access_token}` },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      statusCode: 403,
      error: 'forbidden',
      message: 'This needs the scope "rolegroups:manage".',
    });
    const admin = await signIn(app, 'admin');
    const allowed = await app.inject({
      url: '/api/test/admin-only',
      headers: { authorization: `Bearer ${admin.access_token}` },
    });
    expect(allowed.statusCode).toBe(200);
  });
});
