/**
 * The OpenAPI 3.1 description at `GET /api/openapi.json` and a docs page at `/api/docs`
 * (@fastify/swagger + @fastify/swagger-ui), both public. Register before the routes: swagger
 * collects them as they are added. The docs pages run under the web app's CSP
 * (plugins/security-headers.ts) with one addition, {@link SWAGGER_UI_STYLE_HASH}.
 */
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { sharedPlugin } from '../lib/shared-plugin';

const DOCS_PREFIX = '/api/docs';

/**
 * The CSP hash (CSP Level 3 "hash-source") of the one inline `<style>` element Swagger UI makes:
 * the colours of its top-bar logo, an SVG with a `<style>` inside (swagger-ui-dist 5.34). Its
 * scripts and other styles are files of its own origin. A new Swagger UI whose logo style differs
 * only loses the logo's colours; tests/e2e/content-security-policy.test.ts then reports the
 * violation with the new hash.
 */
export const SWAGGER_UI_STYLE_HASH = "'sha256-RL3ie0nH+Lzz2YNqQN83mnU0J1ot4QL7b99vMdIX99w='";

/** The app's CSP with {@link SWAGGER_UI_STYLE_HASH} added to `style-src`. */
function docsContentSecurityPolicy(header: string): string {
  return header.replace(/(^|;)\s*style-src ([^;]*)/, `$1style-src $2 ${SWAGGER_UI_STYLE_HASH}`);
}

/** See the module comment. */
export const openapiPlugin = sharedPlugin(async (app) => {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'TM online portal API',
        version: '0.1.0',
        description:
          'Request forms and tickets. Every route but health, auth config and these docs needs a Bearer access token.',
      },
      servers: [{ url: app.config.publicUrl }],
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
  });
  // The docs page's own routes (HTML, assets, JSON) are public like the description itself.
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith(DOCS_PREFIX)) route.config = { ...route.config, permission: 'public' };
  });
  await app.register(swaggerUi, { routePrefix: DOCS_PREFIX, transformStaticCSP: docsContentSecurityPolicy });
  app.get('/api/openapi.json', { config: { permission: 'public' }, schema: { hide: true } }, () => app.swagger());
});
