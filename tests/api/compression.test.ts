import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compressBuiltFiles } from '../../scripts/lib/compress-assets';
import { createTestApp, REAL_SCHEMAS_DIR } from './helpers/app';
import { decodedBody as decoded } from './helpers/encoding';
import { multipartBody } from './helpers/multipart';
import { authHeader } from './helpers/sign-in';

const SCRIPT = `export const rows = [${Array.from({ length: 400 }, (_, index) => `{ id: ${index}, label: "row ${index}" }`).join(',\n')}];\n`;
const INDEX_HTML = `<!doctype html><title>TM online portal</title><div id="app"></div>${'<!-- padding -->'.repeat(80)}`;

describe('compressed answers', () => {
  let app: FastifyInstance;
  let clientDir: string;
  beforeAll(async () => {
    clientDir = await mkdtemp(join(tmpdir(), 'tm-client-'));
    await mkdir(join(clientDir, 'assets'));
    await writeFile(join(clientDir, 'index.html'), INDEX_HTML);
    await writeFile(join(clientDir, 'assets', 'app-1234.js'), SCRIPT);
    await writeFile(join(clientDir, 'assets', 'tiny-1234.js'), 'export {};\n');
    // what `npm run build:client` does after vite build
    await compressBuiltFiles(clientDir);
    app = await createTestApp({ clientDistDir: clientDir, schemasDir: REAL_SCHEMAS_DIR });
  });
  afterAll(async () => {
    await app.close();
    await rm(clientDir, { recursive: true, force: true });
  });

  describe('built files, compressed at build time', () => {
    it.each([
      ['br', 'br'],
      ['gzip', 'gzip'],
      ['gzip, deflate, br', 'br'],
      ['identity', undefined],
      [undefined, undefined],
    ])('Accept-Encoding %s → Content-Encoding %s, the same bytes once decoded', async (accept, expected) => {
      const headers = accept === undefined ? {} : { 'accept-encoding': accept };
      const response = await app.inject({ url: '/assets/app-1234.js', headers });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe(expected);
      expect(response.headers['content-type']).toContain('javascript');
      expect(response.headers.vary).toContain('accept-encoding');
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      if (expected) expect(response.rawPayload.length).toBeLessThan(SCRIPT.length / 4);
      expect(decoded(response)).toBe(SCRIPT);
    });

    it('sends index.html compressed for a page path too (the history-mode fallback)', async () => {
      for (const url of ['/', '/AP/Form']) {
        const response = await app.inject({ url, headers: { 'accept-encoding': 'br' } });
        expect(response.statusCode).toBe(200);
        expect(response.headers['content-encoding']).toBe('br');
        expect(response.headers['content-type']).toContain('text/html');
        expect(response.headers['cache-control']).toBe('no-cache');
        expect(decoded(response)).toBe(INDEX_HTML);
      }
    });

    it('sends a file too small to be worth compressing as it is', async () => {
      const response = await app.inject({ url: '/assets/tiny-1234.js', headers: { 'accept-encoding': 'br, gzip' } });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBeUndefined();
      expect(response.body).toBe('export {};\n');
    });
  });

  describe('API answers', () => {
    it('compresses a large JSON list as the client accepts, and not without Accept-Encoding', async () => {
      const auth = await authHeader(app, 'admin');
      const plain = await app.inject({ url: '/api/areas', headers: auth });
      expect(plain.statusCode).toBe(200);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body.length).toBeGreaterThan(1024);
      for (const encoding of ['br', 'gzip']) {
        const response = await app.inject({ url: '/api/areas', headers: { ...auth, 'accept-encoding': encoding } });
        expect(response.statusCode).toBe(200);
        expect(response.headers['content-encoding']).toBe(encoding);
        expect(response.headers.vary).toContain('accept-encoding');
        expect(response.rawPayload.length).toBeLessThan(plain.body.length / 2);
        expect(JSON.parse(decoded(response))).toEqual(plain.json());
      }
    });

    it('leaves an answer under 1 KiB as it is', async () => {
      const response = await app.inject({ url: '/api/health', headers: { 'accept-encoding': 'br, gzip' } });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBeUndefined();
      expect(response.json()).toMatchObject({ status: 'ok' });
    });

    it('streams an attachment as stored, with its length, whatever the client accepts', async () => {
      const text = 'The boiler room log, line after line.\n'.repeat(200);
      const body = multipartBody([{ fileName: 'log.txt', contentType: 'text/plain', content: text }]);
      const auth = await authHeader(app, 'employee');
      const upload = await app.inject({
        method: 'POST',
        url: '/api/attachments',
        payload: body.payload,
        headers: { ...body.headers, ...auth },
      });
      expect(upload.statusCode).toBe(201);
      const { id } = upload.json<{ id: string }>();
      const response = await app.inject({
        url: `/api/attachments/${id}`,
        headers: { ...auth, 'accept-encoding': 'br, gzip' },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBeUndefined();
      expect(response.headers['content-length']).toBe(String(Buffer.byteLength(text)));
      expect(response.body).toBe(text);
    });
  });
});
