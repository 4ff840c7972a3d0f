import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SWAGGER_UI_STYLE_HASH } from '../../src/server/plugins/openapi';
import { createTestApp } from './helpers/app';
import { multipartBody, PNG_1X1 } from './helpers/multipart';
import { authHeader, authorize, CookieJar, exchangeCode, pathOf, pkcePair } from './helpers/sign-in';

/**
 * Every kind of response carries the headers of docs/behaviour.md "Security headers": nosniff,
 * the referrer policy, no framing (CSP frame-ancestors and X-Frame-Options), and a CSP — the web
 * app's on everything but the built-in provider's pages (a fresh nonce each), the API docs (the
 * app's plus Swagger UI's one style hash) and attachment downloads (sandbox). HSTS only with an
 * https PUBLIC_URL.
 */

/** The CSP header as directive → sources. */
function policyOf(response: LightMyRequestResponse): Record<string, string[]> {
  const header = response.headers['content-security-policy'];
  expect(typeof header, `no CSP on ${response.raw.req.url}`).toBe('string');
  return Object.fromEntries(
    String(header)
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name = '', ...sources]) => [name, sources]),
  );
}

const APP_POLICY = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'"],
  'img-src': ["'self'", 'data:', 'blob:', 'https:'],
  'font-src': ["'self'"],
  'connect-src': ["'self'", 'http://localhost'],
  'worker-src': ["'self'"],
  'manifest-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'none'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
};

function expectCommonHeaders(response: LightMyRequestResponse): void {
  const what = `${response.raw.req.method} ${response.raw.req.url} → ${response.statusCode}`;
  expect(response.headers['x-content-type-options'], what).toBe('nosniff');
  expect(response.headers['referrer-policy'], what).toBe('strict-origin-when-cross-origin');
  expect(response.headers['x-frame-options'], what).toBe('DENY');
  expect(policyOf(response)['frame-ancestors'], what).toEqual(["'none'"]);
  // PUBLIC_URL is http here: no HSTS (a browser would ignore it on http anyway)
  expect(response.headers['strict-transport-security'], what).toBeUndefined();
}

function expectAppPolicy(response: LightMyRequestResponse): void {
  expectCommonHeaders(response);
  expect(policyOf(response)).toEqual(APP_POLICY);
}

/**
 * A built-in provider page: its CSP allows only what carries the response's nonce (or, for
 * oidc-provider's own auto-submitting form, its script's hash); every inline `<style>` and
 * `<script>` of the page is so allowed, and no markup styles or scripts itself.
 */
function expectProviderPage(response: LightMyRequestResponse): void {
  expectCommonHeaders(response);
  expect(response.headers['content-type']).toContain('text/html');
  const policy = policyOf(response);
  const nonce = /^'nonce-([A-Za-z0-9_-]{22})'$/.exec(policy['script-src']?.[0] ?? '')?.[1];
  expect(nonce, String(response.headers['content-security-policy'])).toBeTruthy();
  expect(policy).toEqual({
    'default-src': ["'none'"],
    'script-src': [`'nonce-${nonce}'`, ...(policy['script-src'] ?? []).slice(1)],
    'style-src': [`'nonce-${nonce}'`],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
    'base-uri': ["'none'"],
  });
  for (const [, tag, attributes, content] of response.body.matchAll(/<(script|style)([^>]*)>([\s\S]*?)<\/\1>/g)) {
    const hash = `'sha256-${createHash('sha256')
      .update(content ?? '')
      .digest('base64')}'`;
    const sources = policy[`${tag}-src`] ?? [];
    const allowed = attributes?.includes(`nonce="${nonce}"`) || sources.includes(hash);
    expect(allowed, `<${tag}${attributes}> is not allowed by ${sources.join(' ')}`).toBe(true);
  }
  expect(response.body).not.toMatch(/\sstyle=|\son[a-z]+=/i);
}

describe('security headers', () => {
  let app: FastifyInstance;
  let clientDistDir: string;
  beforeAll(async () => {
    // a stand-in for the built web app: its index page and one hashed asset
    clientDistDir = await mkdtemp(join(tmpdir(), 'tm-headers-client-'));
    await mkdir(join(clientDistDir, 'assets'));
    await writeFile(
      join(clientDistDir, 'index.html'),
      '<!doctype html><title>TM</title><script type="module" src="/assets/index-abc123.js"></script>',
    );
    await writeFile(join(clientDistDir, 'assets', 'index-abc123.js'), 'console.log("portal");\n');
    app = await createTestApp({ clientDistDir });
  });
  afterAll(async () => {
    await app.close();
    await rm(clientDistDir, { recursive: true, force: true });
  });

  describe("the web app's policy", () => {
    it.each([
      ['the app page', '/'],
      ['an app route (history fallback)', '/Tickets'],
      ['a hashed asset', '/assets/index-abc123.js'],
      ['a missing asset', '/assets/missing.js'],
      ['the health check', '/api/health'],
      ['a public API route', '/api/auth/config'],
      ['the OpenAPI description', '/api/openapi.json'],
      ['an API route without a token (401)', '/api/me'],
      ['an unknown API route (404)', '/api/nope'],
    ])('is on %s', async (_label, url) => {
      const response = await app.inject(url);
      expect(response.statusCode).not.toBe(500);
      expectAppPolicy(response);
    });

    it('is on signed-in API answers, success and client errors alike', async () => {
      const headers = await authHeader(app, 'employee');
      const me = await app.inject({ url: '/api/me', headers });
      expect(me.statusCode).toBe(200);
      expectAppPolicy(me);
      const notFound = await app.inject({ url: '/api/areas/NoSuchArea', headers });
      expect(notFound.statusCode).toBe(404);
      expectAppPolicy(notFound);
      const notJson = await app.inject({
        method: 'POST',
        url: '/api/areas/AP/submissions',
        headers: { ...headers, 'content-type': 'text/plain' },
        payload: 'hello',
      });
      expect(notJson.statusCode).toBe(415);
      expectAppPolicy(notJson);
    });
  });

  describe('the API docs', () => {
    it("run under the app's policy plus the hash of Swagger UI's one inline style", async () => {
      const page = await app.inject('/api/docs/');
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toContain('text/html');
      expectCommonHeaders(page);
      expect(policyOf(page)).toEqual({ ...APP_POLICY, 'style-src': ["'self'", SWAGGER_UI_STYLE_HASH] });
      // its scripts are files of its own, no inline script
      expect(page.body).not.toMatch(/<script(?![^>]*\ssrc=)[^>]*>/);
      for (const url of ['/api/docs/json', '/api/docs/static/swagger-initializer.js']) {
        const response = await app.inject(url);
        expect(response.statusCode, url).toBe(200);
        expectCommonHeaders(response);
      }
    });
  });

  describe("the built-in provider's responses", () => {
    it('the discovery document and unknown provider paths carry the headers', async () => {
      for (const url of ['/oidc/.well-known/openid-configuration', '/oidc/jwks', '/oidc/no-such-endpoint']) {
        const response = await app.inject(url);
        expect(response.statusCode, url).not.toBe(500);
        expectCommonHeaders(response);
        expect(policyOf(response)['default-src'], url).toEqual(["'none'"]);
      }
    });

    const authQuery = (extra: Record<string, string> = {}) =>
      new URLSearchParams({
        client_id: 'tm-portal',
        response_type: 'code',
        redirect_uri: 'http://localhost/login',
        scope: 'openid profile email',
        code_challenge: pkcePair().challenge,
        code_challenge_method: 'S256',
        ...extra,
      }).toString();

    it('the sign-in page, and a fresh nonce on each', async () => {
      const jar = new CookieJar();
      const start = await app.inject(`/oidc/auth?${authQuery()}`);
      jar.store(start);
      const interaction = pathOf(start.headers.location);
      const first = await app.inject({ url: interaction, headers: { cookie: jar.header() } });
      expect(first.body).toContain('Sign in');
      expectProviderPage(first);
      const second = await app.inject({ url: interaction, headers: { cookie: jar.header() } });
      expectProviderPage(second);
      expect(second.headers['content-security-policy']).not.toBe(first.headers['content-security-policy']);
    });

    it('the expired sign-in page and the error page', async () => {
      const expired = await app.inject('/oidc/interaction/no-such-interaction');
      expect(expired.statusCode).toBe(400);
      expect(expired.body).toContain('Sign-in expired');
      expectProviderPage(expired);
      const error = await app.inject(`/oidc/auth?${authQuery({ redirect_uri: 'http://evil.example/login' })}`);
      expect(error.statusCode).toBe(400);
      expect(error.body).toContain('Sign-in problem');
      expectProviderPage(error);
    });

    it('the sign-out pages: confirmation, automatic, without a session, and signed out', async () => {
      const jar = new CookieJar();
      const { verifier, challenge } = pkcePair();
      const tokens = await exchangeCode(app, await authorize(app, 'risk', 'demo', challenge, jar), verifier);
      const endSession = (query: string) =>
        app.inject({ url: `/oidc/session/end?${query}`, headers: { cookie: jar.header(), accept: 'text/html' } });
      const confirm = await endSession('client_id=tm-portal');
      expect(confirm.body).toContain('Yes, sign me out');
      expectProviderPage(confirm);
      const automatic = await endSession(`id_token_hint=${String(tokens.id_token)}`);
      expect(automatic.body).toContain("document.getElementById('op.logoutForm').submit();");
      expectProviderPage(automatic);

      // without a session oidc-provider renders its own self-submitting form: its script is allowed by hash
      const noSession = await app.inject({
        url: '/oidc/session/end?client_id=tm-portal',
        headers: { accept: 'text/html' },
      });
      expect(noSession.statusCode).toBe(200);
      expect(noSession.body).toContain('<script>');
      expect(policyOf(noSession)['script-src']?.some((source) => source.startsWith("'sha256-"))).toBe(true);
      expectProviderPage(noSession);

      const signedOut = await app.inject('/oidc/session/end/success');
      expect(signedOut.body).toContain('You are signed out.');
      expectProviderPage(signedOut);
    });

    it("the form_post response page (oidc-provider's own), its script allowed by hash", async () => {
      const jar = new CookieJar();
      await authorize(app, 'it', 'demo', pkcePair().challenge, jar);
      const response = await app.inject({
        url: `/oidc/auth?${authQuery({ response_mode: 'form_post' })}`,
        headers: { cookie: jar.header() },
      });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('action="http://localhost/login"');
      expectProviderPage(response);
    });
  });

  describe('attachment downloads', () => {
    it('keep their sandboxing policy, with the other headers', async () => {
      const headers = await authHeader(app, 'employee');
      const body = multipartBody([{ fileName: 'dot.png', content: PNG_1X1 }]);
      const upload = await app.inject({
        method: 'POST',
        url: '/api/attachments',
        payload: body.payload,
        headers: { ...body.headers, ...headers },
      });
      expect(upload.statusCode).toBe(201);
      expectAppPolicy(upload);
      const download = await app.inject({ url: `/api/attachments/${upload.json<{ id: string }>().id}`, headers });
      expect(download.statusCode).toBe(200);
      expectCommonHeaders(download);
      expect(policyOf(download)).toEqual({
        'default-src': ["'none'"],
        sandbox: [],
        'frame-ancestors': ["'none'"],
      });
    });
  });
});

describe('security headers with an https PUBLIC_URL and an external issuer', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp({
      env: {
        PUBLIC_URL: 'https://portal.example',
        OIDC_ISSUER: 'https://login.example.com/tenant/v2.0',
        OIDC_CLIENT_ID: 'spa',
        OIDC_AUDIENCE: 'api://portal',
      },
    });
  });
  afterAll(() => app.close());

  it('adds HSTS for a year with subdomains, upgrades insecure requests, and lets the browser reach the issuer', async () => {
    for (const url of ['/', '/api/health', '/api/nope']) {
      const response = await app.inject(url);
      expect(response.headers['strict-transport-security'], url).toBe('max-age=31536000; includeSubDomains');
      const policy = policyOf(response);
      expect(policy['connect-src'], url).toEqual(["'self'", 'https://login.example.com']);
      expect(policy['upgrade-insecure-requests'], url).toEqual([]);
      expect(policy['script-src'], url).toEqual(["'self'"]);
    }
  });
});
