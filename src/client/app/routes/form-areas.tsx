/** Route module of `/FormAreas` (see the placement rule in app/router.tsx). */
export { FormAreasPage as default } from '../../features/form-areas/components/form-areas-page';
