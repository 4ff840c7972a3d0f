/**
 * Notifications: in-app notifications of what happened to a user's tickets and requests, their
 * e-mail through a durable outbox, each user's e-mail preferences, and the administrators' mail
 * catcher (docs/behaviour.md "Notifications"). Reacts to the tickets', submissions', approvals'
 * and service levels' events (listeners.ts, wired in plugins/domains.ts).
 */
export type { ApprovalDecided, ApprovalRequested, NotificationSourceEvents, SlaBreaching } from './events';
export { listNotifications, markNotificationsRead, unreadCount } from './inbox';
export {
  notifyOnApprovalDecided,
  notifyOnApprovalRequested,
  notifyOnCommentPosted,
  notifyOnSlaBreaching,
  notifyOnSubmissionSettled,
  notifyOnTicketChanged,
} from './listeners';
export type { NotificationDeps } from './notify';
export { deliverDueMail, listMail, readMail, type MailSender, type OutgoingMail } from './outbox';
export { readNotificationSettings, saveNotificationSettings } from './settings';
