/** Route module of `/test` (see the placement rule in app/router.tsx). */
export { WidgetTestPage as default } from '../../features/widget-test/components/widget-test-page';
