/**
 * A user's notifications (docs/behaviour.md "Notifications"): the list, newest first, keyset-paged
 * on (created_at, id) by the user's own indexes, the unread count, and marking read. Everything is
 * the signed-in user's own: another user's notification reads as not there.
 */
import { and, count, desc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Notification, NotificationKind, NotificationPage } from '../../../shared/notifications';
import type { Database } from '../../db/client';
import { notifications } from '../../db/schema';
import { decodeCursor, encodeCursor } from '../../lib/cursor';
import { badRequest } from '../../lib/errors';
import { UUID_PATTERN } from '../../lib/uuid';

/** Notifications per page. */
export const NOTIFICATION_PAGE_SIZE = 25;
const SORT = 'created';

/** The number of `userId`'s unread notifications. */
export async function unreadCount(db: Database, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return row?.n ?? 0;
}

/**
 * One page of `userId`'s notifications, newest first; only unread ones when `unread`. `cursor` is
 * the previous page's `nextCursor`; a malformed one answers 400.
 */
export async function listNotifications(
  db: Database,
  userId: string,
  options: { unread?: boolean; cursor?: string },
): Promise<NotificationPage> {
  const conditions = [eq(notifications.userId, userId)];
  if (options.unread) conditions.push(isNull(notifications.readAt));
  if (options.cursor !== undefined) {
    const cursor = decodeCursor(options.cursor);
    const at = typeof cursor?.key === 'string' ? new Date(cursor.key) : null;
    if (!cursor || cursor.sort !== SORT || !at || Number.isNaN(at.getTime()) || !UUID_PATTERN.test(cursor.id)) {
      throw badRequest('The cursor is not one this list made.');
    }
    const after = or(
      lt(notifications.createdAt, at),
      and(eq(notifications.createdAt, at), lt(notifications.id, cursor.id)),
    );
    if (after) conditions.push(after);
  }
  const rows = await db
    .select()
    .from(notifications)
    .where(and(...conditions))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(NOTIFICATION_PAGE_SIZE + 1);
  const page = rows.slice(0, NOTIFICATION_PAGE_SIZE);
  const last = page.at(-1);
  const nextCursor =
    rows.length > NOTIFICATION_PAGE_SIZE && last
      ? encodeCursor({ sort: SORT, key: last.createdAt.toISOString(), id: last.id })
      : null;
  const items: Notification[] = page.map((row) => ({
    id: row.id,
    kind: row.kind as NotificationKind,
    ticketId: row.ticketId,
    number: row.ticketNumber,
    area: row.area,
    title: row.title,
    text: row.text,
    createdAt: row.createdAt.toISOString(),
    readAt: row.readAt?.toISOString() ?? null,
  }));
  return { items, unreadCount: await unreadCount(db, userId), nextCursor };
}

/**
 * Marks `userId`'s notifications read: those of `ids` (ids of others, unknown or not uuids are
 * ignored) or, with `all`, every unread one. Returns the unread count after, and whether anything
 * changed (so the caller tells the user's other tabs and nodes).
 */
export async function markNotificationsRead(
  db: Database,
  userId: string,
  which: { ids: readonly string[] } | { all: true },
  changed: (tx: Database, userIds: readonly string[]) => Promise<void>,
): Promise<{ unreadCount: number }> {
  return db.transaction(async (tx) => {
    const mine = and(eq(notifications.userId, userId), isNull(notifications.readAt));
    let condition = mine;
    if ('ids' in which) {
      const ids = which.ids.filter((id) => UUID_PATTERN.test(id));
      condition = ids.length ? and(mine, inArray(notifications.id, ids)) : sql`false`;
    }
    const updated = await tx
      .update(notifications)
      .set({ readAt: sql`now()` })
      .where(condition)
      .returning({ id: notifications.id });
    if (updated.length) await changed(tx, [userId]);
    return { unreadCount: await unreadCount(tx, userId) };
  });
}
