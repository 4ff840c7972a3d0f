/** Route module of `/ReportTracker/Accounting` (see the placement rule in app/router.tsx). */
export { AccountingPage as default } from '../../features/report-tracker/components/accounting-page';
