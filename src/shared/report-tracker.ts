/**
 * Report tracker contracts (docs/behaviour.md "Report tracker months", "Report tracker due dates",
 * "Report tracker statuses"): the statuses, the payloads of `/api/report-tracker/*` and the rules
 * both sides apply (period format, lateness).
 * Dates are ISO 8601 calendar dates (`YYYY-MM-DD`), periods are months (`YYYY-MM`).
 */

/** Accounting statuses, in workflow order: Not started → In progress → In review → Complete. */
export const ACCOUNTING_STATUSES = ['Not started', 'In progress', 'In review', 'Complete'] as const;
export type AccountingStatus = (typeof ACCOUNTING_STATUSES)[number];

/** Stored delivery statuses; "Late" is derived (Pending and past due), never stored. */
export const DELIVERY_STATUSES = ['Pending', 'Delivered'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/** How a package was delivered to the property's owner. */
export const DELIVERY_METHODS = ['portal', 'e-mail', 'mail'] as const;
export type DeliveryMethod = (typeof DELIVERY_METHODS)[number];

export const REPORT_ACCOUNTING_READ = 'reports:accounting:read';
export const REPORT_ACCOUNTING_WRITE = 'reports:accounting:write';
export const REPORT_DELIVERY_READ = 'reports:delivery:read';
export const REPORT_DELIVERY_WRITE = 'reports:delivery:write';
/** Either reader scope: enough to open the overview (and see the nav entry). */
export const REPORT_READ_SCOPES = [REPORT_ACCOUNTING_READ, REPORT_DELIVERY_READ] as const;
/** Every report scope (writers also see): any of them opens the overview. */
export const REPORT_ACCESS_SCOPES = [...REPORT_READ_SCOPES, REPORT_ACCOUNTING_WRITE, REPORT_DELIVERY_WRITE] as const;

/**
 * `YYYY-MM`, months 01–12, years 0001–9998: PostgreSQL has no year 0, and a month's due dates fall
 * in the month after it, which for 9999-12 no date can name.
 */
export const PERIOD_PATTERN = '^(?!0000|9999)[0-9]{4}-(0[1-9]|1[0-2])$';
/** `YYYY-MM-DD`, years 0001–9999, months 01–12, days 01–31 (the API also checks the day exists). */
export const DATE_PATTERN = '^(?!0000)[0-9]{4}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])$';

/** The month `period` (`YYYY-MM`) shifted by `delta` months. */
export function shiftPeriod(period: string, delta: number): string {
  const [year = 0, month = 1] = period.split('-').map(Number);
  const index = year * 12 + (month - 1) + delta;
  return `${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** The period (`YYYY-MM`) of a date in UTC. */
export function periodOf(date: Date): string {
  return date.toISOString().slice(0, 7);
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/**
 * The calendar date (`YYYY-MM-DD`) of the instant `date` in the IANA time zone `timeZone`
 * (e.g. `America/New_York`), through Intl and the platform's tz database — daylight saving
 * included, no offset arithmetic of ours. Throws RangeError for an unknown zone.
 */
export function calendarDateIn(date: Date, timeZone: string): string {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    formatters.set(timeZone, formatter);
  }
  const parts = formatter.formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year').padStart(4, '0')}-${part('month')}-${part('day')}`;
}

/** The period (`YYYY-MM`) of the instant `date` in the IANA time zone `timeZone`. */
export function periodIn(date: Date, timeZone: string): string {
  return calendarDateIn(date, timeZone).slice(0, 7);
}

/** True when an accounting cell is overdue on `today` (`YYYY-MM-DD`): not Complete and past its due date. */
export function isCellOverdue(cell: { status: AccountingStatus; dueDate: string }, today: string): boolean {
  return cell.status !== 'Complete' && cell.dueDate < today;
}

/** True when a delivery is Late on `today`: Pending and past its due date; not on the due date itself. */
export function isDeliveryLate(entry: { status: DeliveryStatus; dueDate: string }, today: string): boolean {
  return entry.status === 'Pending' && entry.dueDate < today;
}

/** A configured report: its key (stable, in the database) and its column title. */
export type ReportDefinition = { key: string; name: string };

export type ReportProperty = { code: string; name: string; region: string };

/** One accounting cell: property × report for a month. */
export type AccountingCell = {
  id: string;
  report: string;
  status: AccountingStatus;
  owner: string | null;
  dueDate: string;
  completedAt: string | null;
  isOverdue: boolean;
  version: number;
};

/** One grid row: a property and its cells keyed by report key. */
export type AccountingRow = { property: ReportProperty; cells: Record<string, AccountingCell> };

/** `GET /api/report-tracker/accounting`: the month's grid, filtered. */
export type AccountingGrid = { period: string; today: string; reports: ReportDefinition[]; rows: AccountingRow[] };

/** One delivery entry (per property and month). */
export type DeliveryEntry = {
  id: string;
  property: ReportProperty;
  dueDate: string;
  status: DeliveryStatus;
  isLate: boolean;
  deliveredOn: string | null;
  method: DeliveryMethod | null;
  recipient: string | null;
  notes: string;
  overrideReason: string | null;
  /** True when every accounting report of the property for the month is Complete. */
  isAccountingComplete: boolean;
  version: number;
};

export type DeliveryList = { period: string; today: string; entries: DeliveryEntry[] };

/**
 * Accounting of one month counted per PROPERTY (how many properties are complete, in progress,
 * not started and late), by {@link propertyAccountingStatus}; `late`: properties with a
 * report not Complete past its due date. `reports` counts the report cells themselves.
 */
export type AccountingCounts = {
  total: number;
  complete: number;
  inReview: number;
  inProgress: number;
  notStarted: number;
  late: number;
  reports: { total: number; complete: number };
};

/**
 * One property's accounting status for a month from the statuses of its reports: Complete when all
 * are Complete; Not started when none is started; In review when every report not Complete is In
 * review; otherwise In progress. An empty list counts as Not started.
 */
export function propertyAccountingStatus(statuses: readonly AccountingStatus[]): AccountingStatus {
  if (statuses.length === 0 || statuses.every((s) => s === 'Not started')) return 'Not started';
  if (statuses.every((s) => s === 'Complete')) return 'Complete';
  if (statuses.every((s) => s === 'Complete' || s === 'In review')) return 'In review';
  return 'In progress';
}
export type DeliveryCounts = { total: number; delivered: number; pending: number; late: number };

/** One month of the 12-month trend: percentage (0–100, whole numbers) complete/delivered; null when not open. */
export type TrendPoint = { period: string; accountingComplete: number | null; deliveryDelivered: number | null };

/** `GET /api/report-tracker/overview`: counts the user may read (null otherwise) and the trend. */
export type ReportOverview = {
  period: string;
  isOpen: boolean;
  accounting: AccountingCounts | null;
  delivery: DeliveryCounts | null;
  trend: TrendPoint[];
};

/** `POST /api/report-tracker/months` answer: `created` is false when the month was already open. */
export type OpenMonthResult = { period: string; created: boolean; accountingCells: number; deliveries: number };
