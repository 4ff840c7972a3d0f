/** Route module of `/Forms` (see the placement rule in app/router.tsx). */
export { FormsPage as default } from '../../features/areas/components/forms-page';
