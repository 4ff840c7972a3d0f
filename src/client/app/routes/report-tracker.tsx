/** Route module of `/ReportTracker` (see the placement rule in app/router.tsx). */
export { ReportTrackerPage as default } from '../../features/report-tracker/components/report-tracker-page';
