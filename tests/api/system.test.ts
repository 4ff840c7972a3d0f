import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from './helpers/app';

describe('public system routes', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  it('GET /api/health answers 200 {"status":"ok"} with the form areas without a token', async () => {
    const response = await app.inject('/api/health');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', areas: { loaded: 3, broken: [] } });
  });

  it('GET /api/auth/config describes the built-in provider', async () => {
    const response = await app.inject('/api/auth/config');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      authority: 'http://localhost/oidc',
      clientId: 'tm-portal',
      audience: 'api://tm-portal',
      scope: 'openid profile email',
      resource: 'api://tm-portal',
      strategy: 'aad',
    });
  });

  it('serves the OpenAPI description listing the API routes, and a docs page, without a token', async () => {
    const response = await app.inject('/api/openapi.json');
    expect(response.statusCode).toBe(200);
    const document = response.json<{ openapi: string; paths: Record<string, unknown> }>();
    expect(document.openapi).toMatch(/^3\./);
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        '/api/health',
        '/api/me',
        '/api/areas/{key}',
        '/api/areas/{key}/submissions',
        '/api/areas/{key}/submissions/{id}',
      ]),
    );
    expect(Object.keys(document.paths).some((path) => path.startsWith('/oidc'))).toBe(false);
    const docs = await app.inject('/api/docs');
    expect([200, 302]).toContain(docs.statusCode);
    const page = await app.inject(docs.statusCode === 302 ? String(docs.headers.location) : '/api/docs');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
  });

  it('answers an unknown /api path with a JSON 404', async () => {
    const response = await app.inject('/api/nope');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ statusCode: 404, error: 'not_found' });
  });

  it('publishes the provider discovery document with URLs under PUBLIC_URL/oidc', async () => {
    const response = await app.inject('/oidc/.well-known/openid-configuration');
    expect(response.statusCode).toBe(200);
    const metadata = response.json<Record<string, unknown>>();
    expect(metadata).toMatchObject({
      issuer: 'http://localhost/oidc',
      authorization_endpoint: 'http://localhost/oidc/auth',
      token_endpoint: 'http://localhost/oidc/token',
      jwks_uri: 'http://localhost/oidc/jwks',
      code_challenge_methods_supported: ['S256'],
      response_types_supported: ['code'],
    });
    expect(metadata.end_session_endpoint).toBe('http://localhost/oidc/session/end');
  });

  it('without a built client, answers non-API pages with a text 404 saying to run npm run build', async () => {
    const response = await app.inject('/AP/Form');
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('text/plain');
    expect(response.body).toContain('npm run build');
  });
});

describe('the built single-page app', () => {
  let app: FastifyInstance;
  let clientDir: string;
  beforeAll(async () => {
    clientDir = await mkdtemp(join(tmpdir(), 'tm-client-'));
    await mkdir(join(clientDir, 'assets'));
    await writeFile(
      join(clientDir, 'index.html'),
      '<!doctype html><title>TM online portal</title><div id="root"></div>',
    );
    await writeFile(join(clientDir, 'assets', 'app-1234.js'), 'console.log("app")');
    app = await createTestApp({ clientDistDir: clientDir });
  });
  afterAll(async () => {
    await app.close();
    await rm(clientDir, { recursive: true, force: true });
  });

  it.each(['/', '/AP/Form', '/IncidentForm/123/IncidentFollowUp', '/Tickets/comments'])(
    'answers index.html for the route %s (history mode)',
    async (url) => {
      const response = await app.inject(url);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.body).toContain('<title>TM online portal</title>');
      expect(response.headers['cache-control']).toBe('no-cache');
    },
  );

  it('serves hashed assets with a one-year immutable cache', async () => {
    const response = await app.inject('/assets/app-1234.js');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('answers 404 (not the app) for a missing asset, and JSON 404 for /api/nope', async () => {
    expect((await app.inject('/assets/missing-999.js')).statusCode).toBe(404);
    const api = await app.inject('/api/nope');
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ statusCode: 404, error: 'not_found' });
  });
});
