import type { FastifyPluginCallbackTypebox } from '@fastify/type-provider-typebox';
import { AUTH_ERRORS, ProfileSchema } from './schemas';
import { requireUser } from './require-user';

/**
 * `GET /api/me` → the signed-in user's Profile with `scope` computed from role groups
 * (docs/behaviour.md "Scopes").
 */
export const meRoutes: FastifyPluginCallbackTypebox = (app, _options, done) => {
  app.get(
    '/me',
    {
      config: { permission: 'signed-in' },
      schema: {
        tags: ['auth'],
        summary: 'The signed-in user and their scopes',
        response: { 200: ProfileSchema, ...AUTH_ERRORS },
      },
    },
    (request) => requireUser(request),
  );
  done();
};
