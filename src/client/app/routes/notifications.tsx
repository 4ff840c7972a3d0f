/** Route module of `/Notifications` (see the placement rule in app/router.tsx). */
export { NotificationsPage as default } from '../../features/notifications/components/notifications-page';
