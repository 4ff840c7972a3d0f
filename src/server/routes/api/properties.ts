import type { FastifyPluginCallbackTypebox } from '@fastify/type-provider-typebox';
import { asc, eq } from 'drizzle-orm';
import { Type } from 'typebox';
import { properties } from '../../db/schema';
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
    async () => app.db.select().from(properties).where(eq(properties.active, true)).orderBy(asc(properties.code)),
  );
  done();
};
