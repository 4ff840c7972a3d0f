/** Route module of `/test/ui` (see the placement rule in app/router.tsx). */
export { UiTestPage as default } from '../../features/ui-test/components/ui-test-page';
