/**
 * Notifications (docs/behaviour.md "Notifications"): every signed-in user's own list, read marks,
 * stream and settings; the mail catcher is for administrators only. The stream is asked for
 * without `Accept: text/event-stream` (406), so the cell ends instead of streaming.
 */
import { onlyRoles, signedIn, type MatrixRow } from './types';

export const rows: MatrixRow[] = [
  { method: 'GET', route: '/api/notifications', url: '/api/notifications?unread=true', expect: signedIn(200) },
  {
    method: 'POST',
    route: '/api/notifications/read',
    url: '/api/notifications/read',
    body: { all: true },
    expect: signedIn(200),
  },
  { method: 'GET', route: '/api/notifications/stream', url: '/api/notifications/stream', expect: signedIn(406) },
  { method: 'GET', route: '/api/notification-settings', url: '/api/notification-settings', expect: signedIn(200) },
  {
    method: 'PUT',
    route: '/api/notification-settings',
    url: '/api/notification-settings',
    body: { email: { rated: false } },
    expect: signedIn(200),
  },
  { method: 'GET', route: '/api/mail', url: '/api/mail', expect: onlyRoles(200, ['admin']) },
  { method: 'GET', route: '/api/mail/:id', url: '/api/mail/1', expect: onlyRoles(404, ['admin']) },
];
