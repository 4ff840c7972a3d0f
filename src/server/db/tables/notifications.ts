/**
 * Notifications (docs/behaviour.md "Notifications"): one row per event and recipient, the
 * recipients' e-mail preferences, and the durable mail outbox the mail worker delivers from.
 */
import { sql } from 'drizzle-orm';
import { bigserial, boolean, index, integer, pgTable, primaryKey, text, unique, uuid } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns';
import { submissions } from './submissions';
import { users } from './users';

/**
 * One notification for one user. `event_key` names the event it tells of (e.g.
 * `comment:<id>:commented`); unique per user, so an event announced twice notifies once.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    eventKey: text('event_key').notNull(),
    ticketId: uuid('ticket_id').references(() => submissions.id, { onDelete: 'set null' }),
    ticketNumber: text('ticket_number'),
    area: text('area'),
    title: text('title').notNull(),
    text: text('text').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    readAt: timestamptz('read_at'),
  },
  (t) => [
    unique('notifications_user_event_key').on(t.userId, t.eventKey),
    // the unread list and count: user, unread first (read_at is null), newest first
    index('notifications_user_read_created_idx').on(
      t.userId,
      t.readAt,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    // the whole list, newest first
    index('notifications_user_created_idx').on(t.userId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
  ],
);

/** A user's e-mail choice per notification kind; no row means e-mail on. */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    email: boolean('email').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
);

/**
 * The durable mail outbox: one row per (event, recipient) — the unique key is what keeps an
 * e-mail from being queued twice — written in the event's transaction and delivered after the
 * commit by the mail worker (domains/notifications/mail-worker.ts). Rows stay after delivery
 * (`sent_at`), and without SMTP_URL they are what the administrators' mail catcher shows.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    eventKey: text('event_key').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamptz('next_attempt_at').notNull().defaultNow(),
    sentAt: timestamptz('sent_at'),
    lastError: text('last_error'),
  },
  (t) => [
    unique('mail_outbox_event_recipient_key').on(t.eventKey, t.userId),
    index('mail_outbox_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.sentAt} is null`),
    index('mail_outbox_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
  ],
);
