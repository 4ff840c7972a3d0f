/** Route module of `/Mail` (see the placement rule in app/router.tsx). */
export { MailPage as default } from '../../features/notifications/components/mail-page';
