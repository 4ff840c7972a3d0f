/** Route module of `/Changes` (see the placement rule in app/router.tsx). */
export { ChangesPage as default } from '../../features/tickets/components/changes-page';
