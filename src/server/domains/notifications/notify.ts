/**
 * Writing notifications (docs/behaviour.md "Notifications"), always inside the transaction of the
 * event they tell of: one `notifications` row per recipient, never one for the actor, and one
 * `mail_outbox` row per recipient who has an e-mail address and has not switched that kind off.
 * Both tables key on (event, recipient), so an event announced twice writes nothing new. The
 * recipients are then handed to {@link NotificationDeps.changed}, which tells every node (after the
 * commit) whose unread count moved.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { NotificationKind } from '../../../shared/notifications';
import type { Database } from '../../db/client';
import { mailOutbox, notificationPreferences, notifications, users } from '../../db/schema';
import { renderMail, ticketLink } from './mail';

/** What the notification listeners need besides the event. */
export type NotificationDeps = {
  /** In the writing transaction: tell every node, once it commits, that these users' notifications changed. */
  changed(tx: Database, userIds: readonly string[]): Promise<void>;
  /** The web app's origin (PUBLIC_URL), for links in e-mails. */
  publicUrl: string;
};

/** One notification as the listeners phrase it. */
export type NotificationContent = {
  kind: NotificationKind;
  /** Names the event (e.g. `comment:<id>`); with the kind, unique per recipient. */
  eventKey: string;
  ticket: { id: string; number: string; area: string } | null;
  title: string;
  text: string;
};

/** Longest notification text kept (a long comment is cut, with an ellipsis). */
export const MAX_TEXT = 500;

/** `text` cut to {@link MAX_TEXT} characters. */
export function clip(text: string): string {
  const trimmed = text.trim();
  return trimmed.length > MAX_TEXT ? `${trimmed.slice(0, MAX_TEXT - 1)}…` : trimmed;
}

/**
 * Notifies `recipients` (duplicates and `actorId` left out) of `content` in `tx`; returns the
 * users who got a new notification.
 */
export async function notify(
  tx: Database,
  deps: NotificationDeps,
  recipients: Iterable<string>,
  actorId: string | null,
  content: NotificationContent,
): Promise<string[]> {
  const userIds = [...new Set(recipients)].filter((id) => id !== actorId);
  if (!userIds.length) return [];
  const eventKey = `${content.eventKey}:${content.kind}`;
  const inserted = await tx
    .insert(notifications)
    .values(
      userIds.map((userId) => ({
        userId,
        kind: content.kind,
        eventKey,
        ticketId: content.ticket?.id ?? null,
        ticketNumber: content.ticket?.number ?? null,
        area: content.ticket?.area ?? null,
        title: content.title,
        text: clip(content.text),
      })),
    )
    .onConflictDoNothing()
    .returning({ userId: notifications.userId });
  const notified = inserted.map((row) => row.userId);
  if (!notified.length) return [];
  const mailTo = await tx
    .select({ id: users.id, name: users.name, email: users.email, wants: notificationPreferences.email })
    .from(users)
    .leftJoin(
      notificationPreferences,
      and(eq(notificationPreferences.userId, users.id), eq(notificationPreferences.kind, content.kind)),
    )
    .where(inArray(users.id, notified));
  const link = content.ticket ? ticketLink(deps.publicUrl, content.ticket.id) : null;
  const mails = mailTo
    .filter((user) => user.email && user.wants !== false)
    .map((user) => {
      const mail = renderMail({ recipientName: user.name, title: content.title, text: clip(content.text), link });
      return {
        eventKey,
        userId: user.id,
        toAddress: user.email ?? '',
        subject: mail.subject,
        textBody: mail.text,
        htmlBody: mail.html,
      };
    });
  if (mails.length) await tx.insert(mailOutbox).values(mails).onConflictDoNothing();
  await deps.changed(tx, notified);
  return notified;
}
