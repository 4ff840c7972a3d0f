/**
 * Writing notifications (docs/behaviour.md "Notifications"), always inside the transaction of the
 * event they tell of: one `notifications` row per recipient, never one for the actor, and one
 * `mail_outbox` row per recipient who has an e-mail address and has not switched that kind off.
 * Both tables key on (event, recipient), so an event announced twice writes nothing new. The
 * recipients are then handed to {@link NotificationDeps.changed}, which tells every node (after the
 * commit) whose unread count moved.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { NotificationKind } from '../../../shared/notifications';
import type { Database } from '../../db/client';
import { mailOutbox, notificationPreferences, notifications, users } from '../../db/schema';
import { groupMembersQuery } from '../role-groups';
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

/** Who is told: user ids (duplicates allowed), or every member of a role group as the notification is written. */
export type Recipients = Iterable<string> | { groupId: string };

/**
 * Notifies `recipients` (duplicates and `actorId` left out) of `content` in `tx`; returns the
 * users who got a new notification, in the order given (a group's: by id). Two statements (the
 * notifications with their recipients' addresses and e-mail choices — a group's members counted
 * in it, domains/role-groups `groupMembersQuery` — then the mail outbox) and the cluster message.
 */
export async function notify(
  tx: Database,
  deps: NotificationDeps,
  recipients: Recipients,
  actorId: string | null,
  content: NotificationContent,
): Promise<string[]> {
  let recipientRows: SQL;
  if ('groupId' in recipients) {
    // the group's members, counted in the same statement (each user once)
    recipientRows = sql`
      select m."id" as "user_id", row_number() over (order by m."id") as "position"
      from (${groupMembersQuery(sql`${recipients.groupId}::uuid`)}) m
      where m."id" is distinct from ${actorId}::uuid`;
  } else {
    const userIds = [...new Set(recipients)].filter((id) => id !== actorId);
    if (!userIds.length) return [];
    recipientRows = sql`
      select r."value"::uuid as "user_id", r."position"
      from jsonb_array_elements_text(${JSON.stringify(userIds)}::jsonb) with ordinality as r("value", "position")`;
  }
  const eventKey = `${content.eventKey}:${content.kind}`;
  // the rows and, for those new, who gets an e-mail, in one round trip; in the recipients' order
  const result = await tx.execute(sql`
    with "recipients" as (${recipientRows}), "inserted" as (
      insert into ${notifications} ("user_id", "kind", "event_key", "ticket_id", "ticket_number", "area", "title", "text")
      select "user_id", ${content.kind}, ${eventKey}, ${content.ticket?.id ?? null}::uuid, ${content.ticket?.number ?? null},
        ${content.ticket?.area ?? null}, ${content.title}, ${clip(content.text)}
      from "recipients" order by "position"
      on conflict do nothing
      returning "user_id"
    )
    select i."user_id" as "id", u."name", u."email", p."email" as "wants"
    from "inserted" i
      join "recipients" r on r."user_id" = i."user_id"
      join ${users} u on u."id" = i."user_id"
      left join ${notificationPreferences} p on p."user_id" = i."user_id" and p."kind" = ${content.kind}
    order by r."position"`);
  const mailTo = (result as { rows: { id: string; name: string; email: string | null; wants: boolean | null }[] }).rows;
  const notified = mailTo.map((row) => row.id);
  if (!notified.length) return [];
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
