/**
 * Serves the built single-page app from CLIENT_DIST_DIR with history-mode routing: any non-API GET
 * that is not a file answers `index.html` (the client's router uses history mode with base `/`, so
 * every page path must load the app). Hashed files under /assets/ are cached for a year; everything
 * else is revalidated. The build writes a brotli and a gzip copy beside each text file
 * (scripts/compress-assets.ts): a client that accepts one of them gets it, with `Content-Encoding`
 * and `Vary: Accept-Encoding`, index.html included; others get the file itself. Unknown /api paths
 * answer a JSON 404. Without a built client, non-API paths answer a short text 404 saying to run
 * `npm run build`.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ApiError } from '../../shared/api-error';
import { sharedPlugin } from '../lib/shared-plugin';

const NOT_BUILT = "The portal's web app is not built yet: run `npm run build`, then restart the server.\n";

function setCacheHeaders(reply: FastifyReply, path: string): void {
  const immutable = /[\\/]assets[\\/]/.test(path);
  reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
}

function isApiPath(path: string): boolean {
  return path === '/api' || path.startsWith('/api/');
}

/** See the module comment. Register last: it owns the app's not-found handler. */
export const staticPlugin = sharedPlugin(async (app) => {
  const root = app.config.clientDistDir;
  const isBuilt = existsSync(join(root, 'index.html'));
  if (isBuilt) {
    await app.register(fastifyStatic, { root, cacheControl: false, setHeaders: setCacheHeaders, preCompressed: true });
  } else app.log.warn({ clientDistDir: root }, 'client not built: run `npm run build`');

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split('?')[0] ?? '/';
    if (isApiPath(path)) {
      const body: ApiError = {
        statusCode: 404,
        error: 'not_found',
        message: `There is no API route ${request.method} ${path}.`,
      };
      return reply.code(404).send(body);
    }
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !path.startsWith('/assets/') &&
      !path.startsWith('/oidc/');
    if (!isBuilt || !isPage) {
      return reply
        .code(404)
        .type('text/plain; charset=utf-8')
        .send(isBuilt ? 'Not found.\n' : NOT_BUILT);
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
});
