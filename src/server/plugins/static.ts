/**
 * Serves the built single-page app from CLIENT_DIST_DIR with history-mode routing: any non-API GET
 * that is not a file answers `index.html` (the client's router uses history mode with base `/`, so
 * every page path must load the app). Hashed files under /assets/ are cached for a year; everything
 * else is revalidated. The build writes a brotli and a gzip copy beside each text file
 * (scripts/compress-assets.ts): a client that accepts one of them gets it, with `Content-Encoding`
 * and `Vary: Accept-Encoding`; others get the file itself. A page path (`/` included) answers
 * index.html with the browser's sign-in settings written into it (lib/app-page.ts), compressed
 * the same way; `/index.html` itself is the built file, without them: it is what the service
 * worker keeps, and the settings in a kept copy could outlive a change of them. Unknown /api paths
 * answer a JSON 404. Without a built client, non-API paths answer a short text 404 saying to run
 * `npm run build`.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { negotiate } from '@fastify/accept-negotiator';
import fastifyStatic from '@fastify/static';
import fresh from 'fresh';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ApiError } from '../../shared/api-error';
import { appPageOf, type AppPage } from '../lib/app-page';
import { sharedPlugin } from '../lib/shared-plugin';
import { authConfigOf } from '../routes/api/auth-config';

const NOT_BUILT = "The portal's web app is not built yet: run `npm run build`, then restart the server.\n";

function setCacheHeaders(reply: FastifyReply, path: string): void {
  const immutable = /[\\/]assets[\\/]/.test(path);
  reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
}

/** The encodings of the page by preference (the same as the built files'). */
const PAGE_ENCODINGS = ['br', 'gzip'] as const;

/**
 * Sends the app's page in the encoding the client accepts best (RFC 9110 Accept-Encoding), or 304
 * Not Modified when the client's `If-None-Match` names its entity tag (RFC 9110 section 13.1.2;
 * the `fresh` package compares them).
 */
function sendPage(request: FastifyRequest, reply: FastifyReply, page: AppPage): FastifyReply {
  const accepted = request.headers['accept-encoding'];
  const negotiated = accepted ? negotiate(accepted.toLowerCase().replaceAll('*', 'gzip'), [...PAGE_ENCODINGS]) : null;
  const encoding = negotiated === 'br' || negotiated === 'gzip' ? negotiated : null;
  const etag = encoding ? `${page.etag.slice(0, -1)}-${encoding}"` : page.etag;
  reply
    .header('cache-control', 'no-cache')
    .header('vary', 'accept-encoding')
    .header('etag', etag)
    .type('text/html; charset=utf-8');
  if (fresh(request.headers, { etag })) return reply.code(304).send();
  if (encoding) return reply.header('content-encoding', encoding).send(page[encoding]);
  return reply.send(page.identity);
}

function isApiPath(path: string): boolean {
  return path === '/api' || path.startsWith('/api/');
}

/** See the module comment. Register last: it owns the app's not-found handler. */
export const staticPlugin = sharedPlugin(async (app) => {
  const root = app.config.clientDistDir;
  const isBuilt = existsSync(join(root, 'index.html'));
  const appPage = isBuilt ? appPageOf(join(root, 'index.html'), authConfigOf(app.config.oidc)) : null;
  if (appPage) {
    await app.register(fastifyStatic, {
      root,
      cacheControl: false,
      setHeaders: setCacheHeaders,
      preCompressed: true,
      index: false,
    });
    // `/` is a page path like the others (the not-found handler below), not the built file; a route
    // of its own, as the static plugin answers 403 for a directory without an index
    app.get('/', (request, reply) => sendPage(request, reply, appPage()));
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
    if (!appPage || !isPage) {
      return reply
        .code(404)
        .type('text/plain; charset=utf-8')
        .send(isBuilt ? 'Not found.\n' : NOT_BUILT);
    }
    return sendPage(request, reply, appPage());
  });
});
