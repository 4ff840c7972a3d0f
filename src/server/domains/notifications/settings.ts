/**
 * A user's e-mail preferences per notification kind (docs/behaviour.md "Notifications"): on unless
 * switched off; one `notification_preferences` row per kind the user has saved.
 */
import { eq, sql } from 'drizzle-orm';
import { NOTIFICATION_KINDS, type NotificationKind, type NotificationSettings } from '../../../shared/notifications';
import type { Database } from '../../db/client';
import { notificationPreferences } from '../../db/schema';

/** `userId`'s settings: every kind, e-mail on unless a saved row says off. */
export async function readNotificationSettings(db: Database, userId: string): Promise<NotificationSettings> {
  const rows = await db
    .select({ kind: notificationPreferences.kind, email: notificationPreferences.email })
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, userId));
  const saved = new Map(rows.map((row) => [row.kind, row.email]));
  const email = Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, saved.get(kind) ?? true])) as Record<
    NotificationKind,
    boolean
  >;
  return { email };
}

/** Saves the kinds `email` names (kinds left out keep their setting); returns the settings after. */
export async function saveNotificationSettings(
  db: Database,
  userId: string,
  email: Partial<Record<NotificationKind, boolean>>,
): Promise<NotificationSettings> {
  const values = NOTIFICATION_KINDS.filter((kind) => typeof email[kind] === 'boolean').map((kind) => ({
    userId,
    kind,
    email: email[kind] === true,
  }));
  if (values.length) {
    await db
      .insert(notificationPreferences)
      .values(values)
      .onConflictDoUpdate({
        target: [notificationPreferences.userId, notificationPreferences.kind],
        set: { email: sql`excluded.email` },
      });
  }
  return readNotificationSettings(db, userId);
}
