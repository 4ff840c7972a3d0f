/**
 * The monthly report tracker: accounting's month-end reports per property and their delivery to
 * owners, with due dates in business days of the organisation's calendar.
 */
export { holidayCoverageWarning, reportTrackerConfig } from './config';
export { gridCsv } from './csv';
export { DEMO_HISTORY_MONTHS, openDemoMonths } from './demo-history';
export { openReportMonth } from './months';
export {
  isMonthOpen,
  listMonths,
  listOwners,
  readAccountingGrid,
  readCell,
  readDeliveries,
  readOverview,
} from './read';
export { updateCells, updateDelivery } from './write';
