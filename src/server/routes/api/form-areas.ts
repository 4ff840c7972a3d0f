/**
 * `GET /api/form-areas` (`admin`) → FormAreaOverview: every folder of SCHEMAS_DIR as last judged
 * (key, title, group, folder, current schema version, problems, whether the last good version
 * keeps serving) with its stored submissions counted per schema version, and the areas whose
 * folder was removed but whose submissions are stored (docs/behaviour.md "Form areas").
 */
import type { FastifyPluginCallbackTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ADMIN_SCOPE } from '../../../shared/scopes';
import { formAreaOverview } from '../../domains/submissions';
import { ApiErrorSchema, AUTH_ERRORS } from './schemas';

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) => Type.Union([schema, Type.Null()]);

/** `FormAreaState` (src/shared/form-areas.ts). */
const FormAreaStateSchema = Type.Object({
  key: Type.String(),
  title: Nullable(Type.String()),
  group: Nullable(Type.String()),
  folder: Nullable(Type.String({ description: 'Relative to SCHEMAS_DIR' })),
  status: Type.Union([Type.Literal('loaded'), Type.Literal('broken'), Type.Literal('removed')]),
  version: Nullable(Type.Integer()),
  servingLastGood: Type.Boolean(),
  problems: Type.Array(Type.String()),
  submissions: Type.Integer(),
  versionsUsed: Type.Array(Type.Object({ version: Type.Integer(), count: Type.Integer() })),
});

/** `FormAreaOverview` (src/shared/form-areas.ts). */
const FormAreaOverviewSchema = Type.Object({
  checkedAt: Type.String({ format: 'date-time' }),
  areas: Type.Array(FormAreaStateSchema),
});

/** See the module comment. */
export const formAreaRoutes: FastifyPluginCallbackTypebox = (app, _options, done) => {
  app.get(
    '/form-areas',
    {
      config: { permission: { scope: ADMIN_SCOPE } },
      schema: {
        tags: ['areas'],
        summary: 'Every form-area folder with its problems and stored submissions per schema version',
        response: { 200: FormAreaOverviewSchema, 403: ApiErrorSchema, ...AUTH_ERRORS },
      },
    },
    async () => formAreaOverview(app.db, app.areas),
  );
  done();
};
