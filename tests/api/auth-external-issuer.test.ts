import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { exportJWK, exportSPKI, generateKeyPair, SignJWT, type JWK, type JWTPayload } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Profile } from '../../src/shared/me';
import { createTestApp } from './helpers/app';

/**
 * An Entra-ID-like external issuer, played by a small HTTP server that publishes a discovery
 * document and a JWKS and counts the requests it gets; tokens are signed here with its key.
 * Shows that with OIDC_ISSUER set the API takes keys from that `jwks_uri` only, maps the group
 * claim named by OIDC_GROUPS_CLAIM (here `roles`, Entra's app roles) and OIDC_GROUP_MAP to role
 * groups, keys users by (issuer, subject), and answers 503 — not 401 — when the issuer's keys
 * cannot be fetched.
 */
type FakeServer = { url: string; hits: Map<string, number>; close: () => Promise<void> };

async function serveJson(routes: (url: string) => Record<string, unknown>): Promise<FakeServer> {
  const hits = new Map<string, number>();
  const server: Server = createServer((request, response) => {
    const path = request.url ?? '/';
    hits.set(path, (hits.get(path) ?? 0) + 1);
    const body = routes(url)[path];
    response.writeHead(body ? 200 : 404, { 'content-type': 'application/json' }).end(JSON.stringify(body ?? {}));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, hits, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

const CLIENT_ID = 'spa-client-id';
const AUDIENCE = 'api://portal-api';
const ACCOUNTING_GROUP_ID = '0f1e2d3c-accounting-object-id';
const now = () => Math.floor(Date.now() / 1000);

describe('an external issuer (OIDC_ISSUER) with its own group claim name', () => {
  let issuer: FakeServer;
  let attacker: FakeServer;
  let app: FastifyInstance;
  let issuerKey: CryptoKey;
  let issuerJwk: JWK;
  let attackerKey: CryptoKey;
  let attackerJwk: JWK;

  const claims = (extra: JWTPayload = {}): JWTPayload => ({
    iss: `${issuer.url}/v2.0`,
    aud: AUDIENCE,
    sub: 'entra-subject-1',
    iat: now(),
    exp: now() + 3600,
    name: 'Erin External',
    preferred_username: 'erin@contoso.example',
    ...extra,
  });
  const sign = (payload: JWTPayload, header: Record<string, unknown> = {}, key: CryptoKey = issuerKey) =>
    new SignJWT(payload).setProtectedHeader({ alg: 'RS256', typ: 'JWT', kid: issuerJwk.kid, ...header }).sign(key);
  const call = (token: string, url = '/api/me') => app.inject({ url, headers: { authorization: `Bearer ${token}` } });

  beforeAll(async () => {
    const pair = await generateKeyPair('RS256', { extractable: true });
    issuerKey = pair.privateKey;
    issuerJwk = { ...(await exportJWK(pair.publicKey)), kid: 'issuer-key-1', alg: 'RS256', use: 'sig' };
    const attackerPair = await generateKeyPair('RS256', { extractable: true });
    attackerKey = attackerPair.privateKey;
    attackerJwk = { ...(await exportJWK(attackerPair.publicKey)), kid: 'attacker-key', alg: 'RS256' };
    issuer = await serveJson((base) => ({
      '/v2.0/.well-known/openid-configuration': { issuer: `${base}/v2.0`, jwks_uri: `${base}/discovery/v2.0/keys` },
      '/discovery/v2.0/keys': { keys: [issuerJwk] },
    }));
    attacker = await serveJson(() => ({ '/jwks': { keys: [attackerJwk] } }));
    app = await createTestApp({
      env: {
        OIDC_ISSUER: `${issuer.url}/v2.0`,
        OIDC_CLIENT_ID: CLIENT_ID,
        OIDC_AUDIENCE: AUDIENCE,
        OIDC_GROUPS_CLAIM: 'roles',
        OIDC_GROUP_MAP: JSON.stringify({ [ACCOUNTING_GROUP_ID]: 'Accounting' }),
      },
    });
  });
  afterAll(async () => {
    await app?.close();
    await issuer?.close();
    await attacker?.close();
  });

  it('accepts its access token (typ JWT, as Entra ID signs them) and reads role groups from the `roles` claim, not `groups`', async () => {
    const response = await call(await sign(claims({ roles: ['IT'], groups: ['Administrators'] })));
    expect(response.statusCode, response.body).toBe(200);
    const profile = response.json<Profile>();
    expect(profile).toMatchObject({
      issuer: `${issuer.url}/v2.0`,
      subject: 'entra-subject-1',
      name: 'Erin External',
      email: 'erin@contoso.example',
    });
    expect(profile.roleGroups).toEqual(['Employees', 'IT']);
    expect(profile.scope).toContain('tickets:work');
    expect(profile.scope).not.toContain('admin');
  });

  it('maps an identity-provider group id to a role group through OIDC_GROUP_MAP', async () => {
    const response = await call(await sign(claims({ sub: 'entra-subject-2', roles: [ACCOUNTING_GROUP_ID] })));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<Profile>().roleGroups).toEqual(['Accounting', 'Employees']);
    expect(response.json<Profile>().scope).toContain('forms:AP:read');
  });

  it('keys users by (issuer, subject): the same e-mail under two subjects is two users, a new e-mail keeps the user', async () => {
    const first = (
      await call(await sign(claims({ sub: 'same-mail-a', email: 'shared@contoso.example' })))
    ).json<Profile>();
    const second = (
      await call(await sign(claims({ sub: 'same-mail-b', email: 'shared@contoso.example' })))
    ).json<Profile>();
    expect(first.id).not.toBe(second.id);
    const renamed = (
      await call(await sign(claims({ sub: 'same-mail-a', email: 'renamed@contoso.example' })))
    ).json<Profile>();
    expect(renamed.id).toBe(first.id);
    expect(renamed.email).toBe('renamed@contoso.example');
  });

  it.each([
    ['an ID token (audience: the SPA client id)', () => sign(claims({ aud: CLIENT_ID, nonce: 'n-1' }))],
    ['a token for another API', () => sign(claims({ aud: 'api://someone-else' }))],
    ['a token of another tenant (issuer)', () => sign(claims({ iss: 'https://login.microsoftonline.com/other/v2.0' }))],
    [
      'HS256 with the public key PEM as the secret',
      async () =>
        new SignJWT(claims())
          .setProtectedHeader({ alg: 'HS256', kid: issuerJwk.kid })
          .sign(new TextEncoder().encode(await exportSPKI((await generateKeyPair('RS256')).publicKey))),
    ],
    [
      'ES256 (an algorithm the issuer is not configured for)',
      async () => {
        const { privateKey } = await generateKeyPair('ES256');
        return new SignJWT(claims()).setProtectedHeader({ alg: 'ES256', kid: issuerJwk.kid }).sign(privateKey);
      },
    ],
  ])('refuses %s with 401', async (_label, make) => {
    const response = await call(await make());
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ statusCode: 401, error: 'unauthorized' });
  });

  it('never fetches keys a token points at (jku, x5u) or trusts keys it carries (jwk): 401, and the attacker server sees no request', async () => {
    const attackerClaims = claims({ roles: ['Administrators'] });
    const tokens = await Promise.all([
      sign(attackerClaims, { kid: attackerJwk.kid, jku: `${attacker.url}/jwks` }, attackerKey),
      sign(attackerClaims, { kid: attackerJwk.kid, x5u: `${attacker.url}/cert.pem` }, attackerKey),
      sign(attackerClaims, { kid: attackerJwk.kid, jwk: attackerJwk }, attackerKey),
      sign(attackerClaims, { kid: issuerJwk.kid, jku: `${attacker.url}/jwks` }, attackerKey),
    ]);
    for (const token of tokens) expect((await call(token)).statusCode).toBe(401);
    expect([...attacker.hits.values()].reduce((a, b) => a + b, 0)).toBe(0);
  });

  it('answers tokens with unknown key ids with 401 without re-fetching the JWKS for each of them', async () => {
    await call(await sign(claims()));
    const before = issuer.hits.get('/discovery/v2.0/keys') ?? 0;
    for (let i = 0; i < 5; i += 1) {
      const response = await call(await sign(claims(), { kid: `unknown-${i}` }, attackerKey));
      expect(response.statusCode).toBe(401);
    }
    expect((issuer.hits.get('/discovery/v2.0/keys') ?? 0) - before).toBeLessThanOrEqual(1);
  });
});

describe('an external issuer whose keys cannot be fetched', () => {
  let app: FastifyInstance;
  let gone: FakeServer;
  beforeAll(async () => {
    gone = await serveJson(() => ({}));
    app = await createTestApp({
      env: { OIDC_ISSUER: `${gone.url}/v2.0`, OIDC_CLIENT_ID: CLIENT_ID, OIDC_AUDIENCE: AUDIENCE },
    });
  });
  afterAll(async () => {
    await app?.close();
    await gone?.close();
  });

  it('answers 503 with Retry-After rather than 401, so the browser does not drop a session that may be valid', async () => {
    const { privateKey } = await generateKeyPair('RS256');
    const token = await new SignJWT({ iss: `${gone.url}/v2.0`, aud: AUDIENCE, sub: 's', iat: now(), exp: now() + 60 })
      .setProtectedHeader({ alg: 'RS256', kid: 'k' })
      .sign(privateKey);
    const response = await app.inject({ url: '/api/me', headers: { authorization: `Bearer ${token}` } });
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe('30');
    expect(response.json()).toMatchObject({ statusCode: 503, error: 'service_unavailable' });
    expect(gone.hits.get('/v2.0/.well-known/openid-configuration')).toBe(1);
  });

  it('still answers a request without a token with 401', async () => {
    expect((await app.inject('/api/me')).statusCode).toBe(401);
  });
});
