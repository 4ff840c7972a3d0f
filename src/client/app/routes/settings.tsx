/** Route module of `/Settings` (see the placement rule in app/router.tsx). */
export { SettingsPage as default } from '../../features/notifications/components/settings-page';
