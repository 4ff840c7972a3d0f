/**
 * Calls of the notifications feature (`/api/notifications`, `/api/notification-settings`,
 * `/api/mail`); shapes from src/shared/notifications.ts. The unread-count stream is read with
 * `fetch` through the API client, so the access token travels in the Authorization header as on
 * every call (EventSource cannot send one, and a token never goes into a URL).
 */
import { api } from '../../lib/http';
import {
  UNREAD_EVENT,
  type MailMessage,
  type MailPage,
  type MarkNotificationsRead,
  type NotificationPage,
  type NotificationSettings,
} from '../../../shared/notifications';

/** One page of my notifications (`unread` only those; `cursor` from the previous page). */
export function fetchNotifications(
  options: { unread?: boolean; cursor?: string | null },
  signal?: AbortSignal,
): Promise<NotificationPage> {
  const searchParams = new URLSearchParams();
  if (options.unread) searchParams.set('unread', 'true');
  if (options.cursor) searchParams.set('cursor', options.cursor);
  return api.get('notifications', { searchParams, signal }).json<NotificationPage>();
}

/** Marks notifications read; resolves with the unread count after. */
export function markRead(which: MarkNotificationsRead): Promise<{ unreadCount: number }> {
  return api.post('notifications/read', { json: which }).json<{ unreadCount: number }>();
}

/**
 * Reads `GET /api/notifications/stream` (Server-Sent Events) until it ends, calling `onCount` with
 * each unread count it pushes. Rejects when it cannot be opened or breaks off.
 */
export async function readUnreadStream(signal: AbortSignal, onCount: (count: number) => void): Promise<void> {
  const response = await api.get('notifications/stream', {
    signal,
    timeout: false,
    retry: 0,
    headers: { accept: 'text/event-stream' },
  });
  const { createParser } = await import('eventsource-parser');
  const parser = createParser({
    onEvent: (event) => {
      if (event.event !== UNREAD_EVENT) return;
      const { unreadCount } = JSON.parse(event.data) as { unreadCount?: unknown };
      if (typeof unreadCount === 'number') onCount(unreadCount);
    },
  });
  if (!response.body) throw new Error('the notification stream has no body');
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    parser.feed(value);
  }
}

/** My e-mail settings. */
export function fetchSettings(signal?: AbortSignal): Promise<NotificationSettings> {
  return api.get('notification-settings', { signal }).json<NotificationSettings>();
}

/** Saves my e-mail settings; resolves with them as stored. */
export function saveSettings(settings: NotificationSettings): Promise<NotificationSettings> {
  return api.put('notification-settings', { json: settings }).json<NotificationSettings>();
}

/** One page of the mail outbox (administrators). */
export function fetchMail(cursor: string | null, signal?: AbortSignal): Promise<MailPage> {
  const searchParams = new URLSearchParams(cursor ? { cursor } : {});
  return api.get('mail', { searchParams, signal }).json<MailPage>();
}

/** One mail with its bodies (administrators). */
export function fetchMailMessage(id: string, signal?: AbortSignal): Promise<MailMessage> {
  return api.get(`mail/${encodeURIComponent(id)}`, { signal }).json<MailMessage>();
}
