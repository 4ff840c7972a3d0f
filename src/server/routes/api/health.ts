import type { FastifyPluginCallbackTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { describeAreaHealth } from '../../domains/areas';

const AreaHealthSchema = Type.Object({
  loaded: Type.Integer({ description: 'Form areas serving' }),
  broken: Type.Array(
    Type.Object({
      key: Type.String({ description: 'The folder name under SCHEMAS_DIR' }),
      problems: Type.Array(Type.String()),
      servingLastGood: Type.Boolean(),
    }),
  ),
});

/**
 * `GET /api/health` → 200 `{ status: 'ok', areas: { loaded, broken: [{ key, problems, servingLastGood }] } }`;
 * public. Answers once the app is ready (database migrated); a broken form-area folder never makes
 * it fail, it is named in `areas.broken` (paths relative to SCHEMAS_DIR; docs/behaviour.md "Form areas").
 */
export const healthRoutes: FastifyPluginCallbackTypebox = (app, _options, done) => {
  app.get(
    '/health',
    {
      // never rate-limited: a load balancer's checks must not crowd out (or be crowded out by) clients
      config: { permission: 'public', rateLimit: false },
      schema: {
        tags: ['system'],
        summary: 'Liveness check, with the form areas that are broken',
        security: [],
        response: { 200: Type.Object({ status: Type.Literal('ok'), areas: AreaHealthSchema }) },
      },
    },
    () => ({ status: 'ok' as const, areas: describeAreaHealth(app.areas) }),
  );
  done();
};
