/**
 * The OpenAPI 3.1 description at `GET /api/openapi.json` and a docs page at `/api/docs`
 * (@fastify/swagger + @fastify/swagger-ui), both public. Register before the routes: swagger
 * collects them as they are added.
 */
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { sharedPlugin } from '../lib/shared-plugin';

const DOCS_PREFIX = '/api/docs';

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
  await app.register(swaggerUi, { routePrefix: DOCS_PREFIX });
  app.get('/api/openapi.json', { config: { permission: 'public' }, schema: { hide: true } }, () => app.swagger());
});
