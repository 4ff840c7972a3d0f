/** Dates and date-times as the portal shows them: the shared display rules (src/shared/display-dates.ts). */
export { formatDate, formatDateAndTime, formatDateTime } from '../../shared/display-dates';
