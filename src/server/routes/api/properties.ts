import type { FastifyPluginCallbackTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { listActiveProperties } from '../../domains/properties';
import { AUTH_ERRORS, PropertySchema } from './schemas';

/** `GET /api/properties` → the active properties, by code (options of `optionsFrom: "properties"` fields). */
export const propertyRoutes: FastifyPluginCallbackTypebox = (app, _options, done) => {
  app.get(
    '/properties',
    {
      config: { permission: 'signed-in' },
      schema: {
        tags: ['properties'],
        summary: 'Active properties',
        response: { 200: Type.Array(PropertySchema), ...AUTH_ERRORS },
      },
    },
    async () => listActiveProperties(app.db),
  );
  done();
};
