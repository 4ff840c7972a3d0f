/** Route module of `/ReportTracker/Delivery` (see the placement rule in app/router.tsx). */
export { DeliveryPage as default } from '../../features/report-tracker/components/delivery-page';
