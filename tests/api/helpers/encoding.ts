import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';

/**
 * The body as a client reads it: decoded as its `Content-Encoding` (br or gzip) says; without one,
 * the body itself (and any other encoding fails the test).
 */
export function decodedBody(response: LightMyRequestResponse): string {
  const encoding = response.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(response.rawPayload).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(response.rawPayload).toString('utf8');
  expect(encoding).toBeUndefined();
  return response.body;
}
