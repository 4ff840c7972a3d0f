/**
 * `GET /api/areas/:key/validators/:hash.js` → the precompiled validator module of one schema of an
 * area (its current one or a stored version; src/shared/precompiled-validators.ts), as
 * `text/javascript`, cacheable for a year and immutable: the name is the hash of what the text is
 * made from. Public: the browser loads it with `import()`, which sends no access token, and the
 * name is the sha256 of the schema, so only someone who has the schema can ask for it. 404
 * `not_found` for a name no schema of the area has.
 */
import type { FastifyPluginCallbackTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { readValidatorModule } from '../../domains/areas';
import { AreaParams } from './areas';
import { ApiErrorSchema } from './schemas';

/** See the module comment. */
export const validatorRoutes: FastifyPluginCallbackTypebox = (app, _options, done) => {
  app.get(
    '/areas/:key/validators/:file',
    {
      config: { permission: 'public' },
      schema: {
        tags: ['areas'],
        summary: "The precompiled validator module of one version of an area's form (JavaScript)",
        params: Type.Object({
          key: AreaParams.properties.key,
          file: Type.String({ pattern: '^[0-9a-f]{64}\\.js$', description: '<sha256>.js' }),
        }),
        response: { 200: Type.String({ description: 'text/javascript' }), 404: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      const { key, file } = request.params;
      const code = await readValidatorModule(app.db, app.areas, key, file.slice(0, -'.js'.length), (error) =>
        request.log.warn(
          { area: key, err: error },
          'a subschema of this form could not be precompiled; the browser treats it as not matching',
        ),
      );
      return reply
        .header('content-type', 'text/javascript; charset=utf-8')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(code);
    },
  );
  done();
};
