import type { FastifyPluginCallbackTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { AreaSummary } from '../../../shared/area';
import { notFound } from '../../lib/errors';
import { ApiErrorSchema, AreaDefinitionSchema, AreaSummarySchema, AUTH_ERRORS } from './schemas';

/** Path parameter `:key`, an area key (unknown keys answer 404 in the handler). */
export const AreaParams = Type.Object({ key: Type.String({ maxLength: 64 }) });

/**
 * `GET /api/areas` → AreaSummary[] (title order); `GET /api/areas/:key` → AreaDefinition;
 * unknown key → 404 `not_found` (docs/behaviour.md "Error messages").
 */
export const areaRoutes: FastifyPluginCallbackTypebox = (app, _options, done) => {
  // Read per request: the catalogue changes when SCHEMAS_DIR does (docs/behaviour.md "Form areas").
  const summaries = (): AreaSummary[] =>
    app.areas.list.map(({ definition: { key, title, group, description, parent } }) =>
      parent === undefined ? { key, title, group, description } : { key, title, group, description, parent },
    );
  app.get(
    '/areas',
    {
      config: { permission: 'signed-in' },
      schema: {
        tags: ['areas'],
        summary: 'All form areas, in title order',
        response: { 200: Type.Array(AreaSummarySchema), ...AUTH_ERRORS },
      },
    },
    () => summaries(),
  );
  app.get(
    '/areas/:key',
    {
      config: { permission: 'signed-in' },
      schema: {
        tags: ['areas'],
        summary: 'One form area with its JSON Schema and UI schema',
        params: AreaParams,
        response: { 200: AreaDefinitionSchema, 404: ApiErrorSchema, ...AUTH_ERRORS },
      },
    },
    (request) => {
      const area = app.areas.get(request.params.key);
      if (!area) throw notFound(`There is no form area "${request.params.key}".`);
      return area.definition;
    },
  );
  done();
};
