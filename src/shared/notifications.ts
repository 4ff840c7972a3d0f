/**
 * In-app notifications and their e-mail preferences (docs/behaviour.md "Notifications"): the
 * payloads of `GET /api/notifications`, `POST /api/notifications/read`,
 * `GET/PUT /api/notification-settings` and the administrators' mail catcher (`GET /api/mail`).
 */

/** What a notification is about; each kind can have its e-mail switched off per user. */
export const NOTIFICATION_KINDS = [
  'assigned',
  'commented',
  'statusChanged',
  'approvalRequested',
  'approvalDecided',
  'slaBreaching',
  'rated',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** How the settings page names each kind (the e-mail checkbox's label). */
export const NOTIFICATION_KIND_LABELS: Record<NotificationKind, string> = {
  assigned: 'A ticket is assigned to me or my group',
  commented: 'Someone comments on my request',
  statusChanged: 'The status of my request changes',
  approvalRequested: 'A request waits for my approval',
  approvalDecided: 'My request is approved or rejected',
  slaBreaching: 'A ticket I handle is about to miss (or missed) its service level',
  rated: 'Someone rates a ticket I resolved',
};

/** One notification of the signed-in user. Times are ISO 8601 UTC. */
export type Notification = {
  id: string;
  kind: NotificationKind;
  /** The ticket it is about (null when the ticket is gone). */
  ticketId: string | null;
  number: string | null;
  area: string | null;
  title: string;
  text: string;
  createdAt: string;
  readAt: string | null;
};

/** `GET /api/notifications`: newest first, with the unread count and the next page's cursor. */
export type NotificationPage = {
  items: Notification[];
  unreadCount: number;
  nextCursor: string | null;
};

/** `POST /api/notifications/read`: mark these ids, or all, as read. */
export type MarkNotificationsRead = { ids: string[] } | { all: true };

/** `GET/PUT /api/notification-settings`: e-mail on or off per kind (on unless switched off). */
export type NotificationSettings = { email: Record<NotificationKind, boolean> };

/** One e-mail of the outbox as the administrators' mail catcher lists it. */
export type MailSummary = {
  id: string;
  to: string;
  subject: string;
  createdAt: string;
  sentAt: string | null;
  attempts: number;
  lastError: string | null;
};

/** One e-mail with its bodies. */
export type MailMessage = MailSummary & { from: string | null; text: string; html: string };

/** `GET /api/mail`: newest first. */
export type MailPage = { items: MailSummary[]; nextCursor: string | null };

/** The server's SSE event (`GET /api/notifications/stream`) carrying the unread count. */
export const UNREAD_EVENT = 'unread';
