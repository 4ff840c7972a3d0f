/**
 * `GET /api/areas/:key/schema[?version=N]` → FormSchemaVersion: the JSON Schema, UI schema and
 * rules of version N of an area's form (default: the current one), so a stored submission can be
 * shown with the schema it was submitted with (docs/behaviour.md "Schema versions"); an area whose
 * folder was removed still answers with its stored versions. 404 `not_found` for an unknown area
 * or version.
 */
import type { FastifyPluginCallbackTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { AreaRuleSchema, readFormSchemaVersion } from '../../domains/areas';
import { AreaParams } from './areas';
import { ApiErrorSchema, AUTH_ERRORS, JsonObjectSchema, VersionSchema } from './schemas';

/** `FormSchemaVersion` (src/shared/area.ts). */
export const FormSchemaVersionSchema = Type.Object({
  key: Type.String(),
  version: Type.Integer(),
  current: Type.Boolean(),
  schema: JsonObjectSchema,
  uiSchema: JsonObjectSchema,
  validator: Type.String({ description: "The precompiled validator module's path below /api" }),
  rules: Type.Optional(Type.Array(AreaRuleSchema)),
  createdAt: Type.String({ format: 'date-time' }),
});

/** See the module comment. */
export const schemaVersionRoutes: FastifyPluginCallbackTypebox = (app, _options, done) => {
  app.get(
    '/areas/:key/schema',
    {
      config: { permission: 'signed-in' },
      schema: {
        tags: ['areas'],
        summary: "One version of an area's form (JSON Schema, UI schema, rules)",
        params: AreaParams,
        querystring: Type.Object({ version: Type.Optional(VersionSchema) }),
        response: { 200: FormSchemaVersionSchema, 404: ApiErrorSchema, ...AUTH_ERRORS },
      },
    },
    async (request) => readFormSchemaVersion(app.db, app.areas, request.params.key, request.query.version),
  );
  done();
};
