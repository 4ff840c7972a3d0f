import type { FastifyPluginCallbackTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';

/** `GET /api/health` → 200 `{"status":"ok"}`; public. Answers once the app is ready (database migrated). */
export const healthRoutes: FastifyPluginCallbackTypebox = (app, _options, done) => {
  app.get(
    '/health',
    {
      config: { permission: 'public' },
      schema: {
        tags: ['system'],
        summary: 'Liveness check',
        security: [],
        response: { 200: Type.Object({ status: Type.Literal('ok') }) },
      },
    },
    () => ({ status: 'ok' as const }),
  );
  done();
};
