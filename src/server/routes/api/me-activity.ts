/**
 * The signed-in user's own requests; only their own rows, so no scope is needed beyond signing in:
 * - `GET /api/me/activity` → {@link MyActivity}: open and most recent submissions (newest first, at
 *   most 10 each) and the 5 form areas they submit most, for the home page;
 * - `GET /api/me/requests?state=open|closed|all&cursor=` → {@link MyRequestPage}: every request,
 *   most recently updated first, with its last update the requester may read, for "My requests".
 */
import type { FastifyPluginCallbackTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { MY_REQUEST_STATES, type MyActivity, type MyRequestPage } from '../../../shared/activity';
import { TICKET_STATUSES } from '../../../shared/submission';
import { listMyRequests, readMyActivity } from '../../domains/submissions';
import { requireUser } from './require-user';
import { ApiErrorSchema, AUTH_ERRORS, NullableResult, SubmissionSchema } from './schemas';

const MyActivitySchema = Type.Object({
  open: Type.Array(SubmissionSchema),
  recent: Type.Array(SubmissionSchema),
  mostUsed: Type.Array(Type.Object({ area: Type.String(), count: Type.Integer() })),
});

const MyRequestPageSchema = Type.Object({
  items: Type.Array(
    Type.Object({
      id: Type.String({ format: 'uuid' }),
      number: Type.String(),
      area: Type.String(),
      parentId: NullableResult(Type.String({ format: 'uuid' })),
      summary: NullableResult(Type.String()),
      status: Type.Enum(TICKET_STATUSES),
      createdAt: Type.String({ format: 'date-time' }),
      assigneeGroup: NullableResult(Type.String()),
      lastUpdate: NullableResult(
        Type.Object({
          at: Type.String({ format: 'date-time' }),
          actor: NullableResult(Type.String()),
          action: Type.String(),
        }),
      ),
    }),
  ),
  nextCursor: NullableResult(Type.String()),
});

const MyRequestsQuery = Type.Object({
  state: Type.Enum(MY_REQUEST_STATES, { default: 'open' }),
  cursor: Type.Optional(Type.String({ maxLength: 512 })),
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
  app.get(
    '/me/requests',
    {
      config: { permission: 'signed-in' },
      schema: {
        tags: ['auth'],
        summary: "The signed-in user's own requests, most recently updated first, with their last public update",
        querystring: MyRequestsQuery,
        response: { 200: MyRequestPageSchema, 400: ApiErrorSchema, ...AUTH_ERRORS },
      },
    },
    async (request): Promise<MyRequestPage> =>
      listMyRequests(app.db, requireUser(request).id, request.query.state, request.query.cursor),
  );
  done();
};
