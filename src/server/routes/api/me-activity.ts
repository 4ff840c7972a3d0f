/**
 * `GET /api/me/activity` → {@link MyActivity}: the signed-in user's own open submissions and most
 * recent submissions (newest first, at most 10 each) and the 5 form areas they submit most, for the
 * home page. Only the requester's own rows: no scope needed beyond signing in.
 */
import type { FastifyPluginCallbackTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { MyActivity } from '../../../shared/activity';
import { readMyActivity } from '../../domains/submissions';
import { requireUser } from './require-user';
import { AUTH_ERRORS, SubmissionSchema } from './schemas';

const MyActivitySchema = Type.Object({
  open: Type.Array(SubmissionSchema),
  recent: Type.Array(SubmissionSchema),
  mostUsed: Type.Array(Type.Object({ area: Type.String(), count: Type.Integer() })),
});

/** See the module comment. */
export const meActivityRoutes: FastifyPluginCallbackTypebox = (app, _options, done) => {
  app.get(
    '/me/activity',
    {
      config: { permission: 'signed-in' },
      schema: {
        tags: ['auth'],
        summary: "The signed-in user's open and recent submissions and most used form areas",
        response: { 200: MyActivitySchema, ...AUTH_ERRORS },
      },
    },
    async (request): Promise<MyActivity> => {
      return readMyActivity(app.db, requireUser(request).id);
    },
  );
  done();
};
