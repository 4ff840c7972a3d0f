/** Route module of `/MyRequests` (see the placement rule in app/router.tsx). */
export { MyRequestsPage as default } from '../../features/home/components/my-requests-page';
