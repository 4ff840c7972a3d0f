/**
 * Notification routes (docs/behaviour.md "Notifications"), each the signed-in user's own:
 * - `GET /api/notifications?unread&cursor` → NotificationPage (newest first, with the unread count);
 * - `POST /api/notifications/read` `{ ids }` or `{ all: true }` → `{ unreadCount }`;
 * - `GET /api/notifications/stream` → `text/event-stream` of the unread count (plugins/notifications.ts);
 * - `GET|PUT /api/notification-settings` → NotificationSettings (e-mail per kind);
 * - `GET /api/mail?cursor`, `GET /api/mail/{id}` (administrators): the mail outbox, the built-in mail catcher.
 */
import type { FastifyPluginCallbackTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { NOTIFICATION_KINDS } from '../../../shared/notifications';
import { ADMIN_SCOPE } from '../../../shared/scopes';
import {
  listMail,
  listNotifications,
  markNotificationsRead,
  readMail,
  readNotificationSettings,
  saveNotificationSettings,
} from '../../domains/notifications';
import { HttpError } from '../../lib/errors';
import { requireUser } from './require-user';
import { ApiErrorSchema, AUTH_ERRORS, IdSchema, NullableResult } from './schemas';

const KindSchema = Type.Enum(NOTIFICATION_KINDS);

const NotificationSchema = Type.Object({
  id: Type.String(),
  kind: KindSchema,
  ticketId: NullableResult(Type.String()),
  number: NullableResult(Type.String()),
  area: NullableResult(Type.String()),
  title: Type.String(),
  text: Type.String(),
  createdAt: Type.String(),
  readAt: NullableResult(Type.String()),
});

const NotificationPageSchema = Type.Object({
  items: Type.Array(NotificationSchema),
  unreadCount: Type.Integer(),
  nextCursor: NullableResult(Type.String()),
});

const MarkReadSchema = Type.Union([
  Type.Object({ ids: Type.Array(Type.String({ maxLength: 36 }), { maxItems: 200 }) }, { additionalProperties: false }),
  Type.Object({ all: Type.Literal(true) }, { additionalProperties: false }),
]);

const EmailSettingsSchema = Type.Object(
  Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, Type.Boolean()])) as Record<
    (typeof NOTIFICATION_KINDS)[number],
    ReturnType<typeof Type.Boolean>
  >,
  { additionalProperties: false },
);
const SettingsSchema = Type.Object({ email: EmailSettingsSchema });
const SettingsInputSchema = Type.Object(
  { email: Type.Partial(EmailSettingsSchema, { additionalProperties: false }) },
  { additionalProperties: false },
);

const MailSummarySchema = Type.Object({
  id: Type.String(),
  to: Type.String(),
  subject: Type.String(),
  createdAt: Type.String(),
  sentAt: NullableResult(Type.String()),
  attempts: Type.Integer(),
  lastError: NullableResult(Type.String()),
});
const MailPageSchema = Type.Object({ items: Type.Array(MailSummarySchema), nextCursor: NullableResult(Type.String()) });
const MailMessageSchema = Type.Object({
  ...MailSummarySchema.properties,
  from: NullableResult(Type.String()),
  text: Type.String(),
  html: Type.String(),
});

const CursorQuery = { cursor: Type.Optional(Type.String({ maxLength: 512 })) };

/** See the module comment. */
export const notificationRoutes: FastifyPluginCallbackTypebox = (app, _options, done) => {
  const signedIn = { permission: 'signed-in' as const };
  const admin = { permission: { scope: ADMIN_SCOPE } };

  app.get(
    '/notifications',
    {
      config: signedIn,
      schema: {
        tags: ['notifications'],
        summary: 'My notifications, newest first, with the unread count',
        querystring: Type.Object({ unread: Type.Optional(Type.Boolean()), ...CursorQuery }),
        response: { 200: NotificationPageSchema, 400: ApiErrorSchema, ...AUTH_ERRORS },
      },
    },
    async (request) => listNotifications(app.db, requireUser(request).id, request.query),
  );

  app.post(
    '/notifications/read',
    {
      config: signedIn,
      schema: {
        tags: ['notifications'],
        summary: 'Mark my notifications read: some by id, or all',
        body: MarkReadSchema,
        response: { 200: Type.Object({ unreadCount: Type.Integer() }), 400: ApiErrorSchema, ...AUTH_ERRORS },
      },
    },
    async (request) =>
      markNotificationsRead(app.db, requireUser(request).id, request.body, (tx, userIds) =>
        app.cluster.publish(tx, 'notifications', userIds.join(',')),
      ),
  );

  app.get(
    '/notifications/stream',
    {
      config: signedIn,
      schema: {
        tags: ['notifications'],
        summary: 'Server-Sent Events: my unread count (event "unread"), now and whenever it changes',
        response: {
          200: Type.String({ description: 'text/event-stream' }),
          406: ApiErrorSchema,
          429: ApiErrorSchema,
          ...AUTH_ERRORS,
        },
      },
    },
    async (request, reply) => {
      const { id } = requireUser(request);
      if (!(request.headers.accept ?? '').includes('text/event-stream')) {
        throw new HttpError(406, 'not_acceptable', 'This stream answers Accept: text/event-stream only.');
      }
      if (!app.notificationStreams.admits(id)) {
        reply.header('retry-after', '30');
        throw new HttpError(429, 'too_many_requests', 'Too many notification streams are open: try again later.');
      }
      reply.hijack();
      app.notificationStreams.open(id, reply.raw, reply.getHeaders());
    },
  );

  app.get(
    '/notification-settings',
    {
      config: signedIn,
      schema: {
        tags: ['notifications'],
        summary: 'My e-mail settings per notification kind',
        response: { 200: SettingsSchema, ...AUTH_ERRORS },
      },
    },
    async (request) => readNotificationSettings(app.db, requireUser(request).id),
  );

  app.put(
    '/notification-settings',
    {
      config: signedIn,
      schema: {
        tags: ['notifications'],
        summary: 'Switch e-mail on or off per notification kind (kinds left out keep their setting)',
        body: SettingsInputSchema,
        response: { 200: SettingsSchema, 400: ApiErrorSchema, ...AUTH_ERRORS },
      },
    },
    async (request) => saveNotificationSettings(app.db, requireUser(request).id, request.body.email),
  );

  app.get(
    '/mail',
    {
      config: admin,
      schema: {
        tags: ['notifications'],
        summary: 'The mail outbox, newest first (the built-in mail catcher; administrators)',
        querystring: Type.Object(CursorQuery),
        response: { 200: MailPageSchema, 400: ApiErrorSchema, 403: ApiErrorSchema, ...AUTH_ERRORS },
      },
    },
    async (request) => listMail(app.db, request.query.cursor),
  );

  app.get(
    '/mail/:id',
    {
      config: admin,
      schema: {
        tags: ['notifications'],
        summary: 'One mail of the outbox with its bodies (administrators)',
        params: Type.Object({ id: IdSchema }),
        response: { 200: MailMessageSchema, 403: ApiErrorSchema, 404: ApiErrorSchema, ...AUTH_ERRORS },
      },
    },
    async (request) => readMail(app.db, request.params.id, app.config.mail.from),
  );
  done();
};
