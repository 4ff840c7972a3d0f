/**
 * `GET /api/areas/:key/submissions/:id/assignment` (signed-in; the ticket visibility rule of
 * domains/submissions/visibility.ts, 404 when unknown or not visible) → SubmissionAssignment:
 * status, assignee user and role group, and the assignment rule that routed it (the ticket records
 * which rule did it; null when none did or the rule was deleted since; docs/behaviour.md
 * "Routing").
 */
import type { FastifyPluginCallbackTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { notFound } from '../../../lib/errors';
import { requireUser } from '../require-user';
import { ApiErrorSchema, AUTH_ERRORS, IdSchema } from '../schemas';
import { readVisibleAssignment } from '../../../domains/assignments';
import { SubmissionAssignmentSchema } from './schemas';

const Params = Type.Object({ key: Type.String({ maxLength: 64 }), id: IdSchema });

/** See the module comment. */
export const submissionAssignmentRoutes: FastifyPluginCallbackTypebox = (app, _options, done) => {
  app.get(
    '/areas/:key/submissions/:id/assignment',
    {
      config: { permission: 'signed-in' },
      schema: {
        tags: ['submissions'],
        summary: 'Who a submission is assigned to, and by which rule',
        params: Params,
        response: { 200: SubmissionAssignmentSchema, 404: ApiErrorSchema, ...AUTH_ERRORS },
      },
    },
    async (request) => {
      const { key, id } = request.params;
      if (!app.areas.get(key)) throw notFound(`There is no ${key} submission ${id} that you can see.`);
      return readVisibleAssignment(app.db, requireUser(request), key, id);
    },
  );
  done();
};
