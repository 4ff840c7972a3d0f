import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compressBuiltFiles } from '../../scripts/lib/compress-assets';
import { AUTH_CONFIG_ELEMENT_ID } from '../../src/shared/me';
import { createTestApp, REAL_SCHEMAS_DIR } from './helpers/app';
import { decodedBody as decoded } from './helpers/encoding';

const DATA_BLOCK = new RegExp(`<script type="application/json" id="${AUTH_CONFIG_ELEMENT_ID}">([^<]*)</script>`);
const PRELOAD = '<link rel="preload" href="/api/auth/config" as="fetch" crossorigin="anonymous" />';

describe('the page served for a page path carries the sign-in settings', () => {
  let app: FastifyInstance;
  let clientDir: string;
  let builtPage: string;
  beforeAll(async () => {
    clientDir = await mkdtemp(join(tmpdir(), 'tm-client-page-'));
    await mkdir(join(clientDir, 'assets'));
    // the web app's own page, as the build writes it (its script and styles are not needed here)
    builtPage = await readFile(new URL('../../src/client/index.html', import.meta.url), 'utf8');
    expect(builtPage).toContain(PRELOAD);
    await writeFile(join(clientDir, 'index.html'), builtPage);
    await compressBuiltFiles(clientDir);
    app = await createTestApp({ clientDistDir: clientDir, schemasDir: REAL_SCHEMAS_DIR });
  });
  afterAll(async () => {
    await app.close();
    await rm(clientDir, { recursive: true, force: true });
  });

  it.each([
    ['/', 'br'],
    ['/AP/Form', 'gzip'],
    ['/Tickets?status=Open', undefined],
  ])(
    '%s (Accept-Encoding %s): the built page with GET /api/auth/config’s answer in place of its preload',
    async (url, accept) => {
      const config = (await app.inject({ url: '/api/auth/config' })).json<unknown>();
      const response = await app.inject({ url, headers: accept ? { 'accept-encoding': accept } : {} });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.headers['content-encoding']).toBe(accept);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.headers.vary).toContain('accept-encoding');
      // the security headers of every answer, the script policy unchanged (a data block is not run)
      expect(response.headers['content-security-policy']).toContain("script-src 'self'");
      expect(response.headers['content-security-policy']).not.toContain('unsafe-inline');
      const page = decoded(response);
      const block = DATA_BLOCK.exec(page);
      expect(block).not.toBeNull();
      expect(JSON.parse(block?.[1] ?? '')).toEqual(config);
      expect(page).not.toContain(PRELOAD);
      expect(page.replace(DATA_BLOCK, PRELOAD)).toBe(builtPage);
    },
  );

  it('answers /index.html, the copy the service worker keeps, as built: without the settings', async () => {
    const response = await app.inject({ url: '/index.html', headers: { 'accept-encoding': 'br' } });
    expect(response.statusCode).toBe(200);
    expect(decoded(response)).toBe(builtPage);
  });

  it('answers 304 to a browser that holds the same page in the same encoding, and 200 otherwise', async () => {
    const first = await app.inject({ url: '/AP/Form', headers: { 'accept-encoding': 'br' } });
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[\w-]+-br"$/);
    const again = await app.inject({ url: '/Forms', headers: { 'accept-encoding': 'br', 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    expect(again.headers['cache-control']).toBe('no-cache');
    const otherEncoding = await app.inject({
      url: '/Forms',
      headers: { 'accept-encoding': 'gzip', 'if-none-match': etag },
    });
    expect(otherEncoding.statusCode).toBe(200);
    expect(otherEncoding.headers.etag).not.toBe(etag);
    const stale = await app.inject({
      url: '/Forms',
      headers: { 'accept-encoding': 'br', 'if-none-match': '"an-older-page-br"' },
    });
    expect(stale.statusCode).toBe(200);
    expect(decoded(stale)).toMatch(DATA_BLOCK);
  });

  it('serves a rebuilt page without a restart', async () => {
    const path = join(clientDir, 'index.html');
    const rebuilt = builtPage.replace('<title>TM online portal</title>', '<title>TM online portal, rebuilt</title>');
    try {
      const before = (await app.inject({ url: '/Forms' })).headers.etag;
      await writeFile(path, rebuilt);
      const response = await app.inject({ url: '/Forms', headers: { 'if-none-match': String(before) } });
      expect(response.statusCode).toBe(200);
      expect(response.headers.etag).not.toBe(before);
      expect(response.body).toContain('TM online portal, rebuilt');
      expect(response.body).toMatch(DATA_BLOCK);
    } finally {
      await writeFile(path, builtPage);
    }
  });
});
