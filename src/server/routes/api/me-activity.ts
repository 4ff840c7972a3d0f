/**
 * `GET /api/me/activity` → {@link MyActivity}: the signed-in user's own open submissions and
 * most recent submissions (newest first, at most 10 each) and the 5 form areas they submit most,
 * for the home page (issue 8). Only the requester's own rows: no scope needed beyond signing in.
 */
import type { FastifyPluginCallbackTypebox } from '@fastify/type-provider-typebox';
import { and, count, desc, eq, notInArray } from 'drizzle-orm';
import { Type } from 'typebox';
import { ACTIVITY_LIST_SIZE, MOST_USED_AREAS, type MyActivity } from '../../../shared/activity';
import { submissions } from '../../db/schema';
import { requireUser } from './require-user';
import { AUTH_ERRORS, SubmissionSchema } from './schemas';
import { selectSubmissions, toSubmission } from '../../domains/submissions/repository';

const CLOSED_STATUSES = ['Resolved', 'Closed'];

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
      const user = requireUser(request);
      const mine = eq(submissions.requesterId, user.id);
      const newest = [desc(submissions.createdAt), desc(submissions.id)];
      const open = await selectSubmissions(app.db)
        .where(and(mine, notInArray(submissions.status, CLOSED_STATUSES)))
        .orderBy(...newest)
        .limit(ACTIVITY_LIST_SIZE);
      const recent = await selectSubmissions(app.db).where(mine).orderBy(...newest).limit(ACTIVITY_LIST_SIZE);
      const used = await app.db
        .select({ area: submissions.area, count: count() })
        .from(submissions)
        .where(mine)
        .groupBy(submissions.area)
        .orderBy(desc(count()), submissions.area)
        .limit(MOST_USED_AREAS);
      return {
        open: open.map(toSubmission),
        recent: recent.map(toSubmission),
        mostUsed: used.map((row) => ({ area: row.area, count: Number(row.count) })),
      };
    },
  );
  done();
};
