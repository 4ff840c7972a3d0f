import type { FastifyInstance } from 'fastify';
import getPort from 'get-port';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Profile } from '../../src/shared/me';
import { createTestApp } from './helpers/app';
import { signIn } from './helpers/sign-in';

/**
 * With OIDC_ISSUER set, the portal trusts that issuer only: keys come from the `jwks_uri` of its
 * discovery document. A second portal's built-in provider, listening on a real port, plays the
 * external issuer here.
 */
describe('an external OpenID Connect issuer (OIDC_ISSUER)', () => {
  let idp: FastifyInstance;
  let api: FastifyInstance;
  let issuer: string;

  beforeAll(async () => {
    const port = await getPort();
    issuer = `http://127.0.0.1:${port}/oidc`;
    idp = await createTestApp({ env: { PUBLIC_URL: `http://127.0.0.1:${port}` } });
    await idp.listen({ port, host: '127.0.0.1' });
    api = await createTestApp({
      env: {
        OIDC_ISSUER: issuer,
        OIDC_CLIENT_ID: 'tm-portal',
        OIDC_AUDIENCE: 'api://tm-portal',
        OIDC_GROUPS_CLAIM: 'groups',
      },
    });
  });
  afterAll(async () => {
    await api?.close();
    await idp?.close();
  });

  it('tells the browser to sign in at that issuer, and turns the built-in provider off', async () => {
    expect((await api.inject('/api/auth/config')).json()).toMatchObject({
      authority: issuer,
      clientId: 'tm-portal',
      audience: 'api://tm-portal',
      scope: 'openid profile email',
      resource: null,
    });
    expect((await api.inject('/oidc/.well-known/openid-configuration')).statusCode).toBe(404);
  });

  it("accepts the issuer's access tokens, keys the user by (issuer, subject) and maps its group claim to role groups", async () => {
    const { access_token: token } = await signIn(idp, 'accounting');
    const response = await api.inject({ url: '/api/me', headers: { authorization: `Bearer ${token}` } });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ issuer, name: 'Alex Accounting', roleGroups: ['Accounting', 'Employees'] });
    expect(response.json<Profile>().scope).toContain('forms:AP:read');
  });

  it("refuses a token whose signature the issuer's published keys do not verify", async () => {
    const { access_token: token } = await signIn(idp, 'employee');
    const [header, payload] = token.split('.');
    const response = await api.inject({
      url: '/api/me',
      headers: { authorization: `Bearer ${header}.${payload}.${'A'.repeat(342)}` },
    });
    expect(response.statusCode).toBe(401);
  });
});
