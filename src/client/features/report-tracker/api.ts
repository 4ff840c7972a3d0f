/**
 * Calls of the report tracker API (`/api/report-tracker/*`). Writes send the version they
 * are based on as `If-Match` (412 when someone changed the row since).
 */
import type {
  AccountingCell,
  AccountingGrid,
  AccountingStatus,
  DeliveryEntry,
  DeliveryList,
  DeliveryMethod,
  DeliveryStatus,
  OpenMonthResult,
  ReportOverview,
} from '../../../shared/report-tracker';
import { api } from '../../lib/http';

const BASE = 'report-tracker';

/** Grid filters as the API takes them (`status` may be `Overdue`). */
export type GridFilters = { region?: string; owner?: string; status?: string };

function query(period: string, filters: GridFilters = {}): Record<string, string> {
  const params: Record<string, string> = { period };
  for (const [key, value] of Object.entries(filters)) if (value) params[key] = value;
  return params;
}

/** `GET /overview?period=&region=` (no region: every property). */
export function fetchOverview(period: string, region: string, signal?: AbortSignal): Promise<ReportOverview> {
  const searchParams = region ? { period, region } : { period };
  return api.get(`${BASE}/overview`, { searchParams, signal }).json<ReportOverview>();
}

/** `GET /months`: open months, newest first. */
export async function fetchMonths(signal?: AbortSignal): Promise<string[]> {
  return (await api.get(`${BASE}/months`, { signal }).json<{ months: string[] }>()).months;
}

/** `POST /months`: opens a month (idempotent). */
export function openMonth(period: string): Promise<OpenMonthResult> {
  return api.post(`${BASE}/months`, { json: { period } }).json<OpenMonthResult>();
}

/** `GET /accounting`: the filtered grid. */
export function fetchGrid(period: string, filters: GridFilters, signal?: AbortSignal): Promise<AccountingGrid> {
  return api.get(`${BASE}/accounting`, { searchParams: query(period, filters), signal }).json<AccountingGrid>();
}

/** `GET /accounting.csv`: the grid as CSV text (same filters). */
export function fetchGridCsv(period: string, filters: GridFilters): Promise<string> {
  return api.get(`${BASE}/accounting.csv`, { searchParams: query(period, filters) }).text();
}

/** `GET /owners`. */
export async function fetchOwners(signal?: AbortSignal): Promise<string[]> {
  return (await api.get(`${BASE}/owners`, { signal }).json<{ owners: string[] }>()).owners;
}

/** `PATCH /accounting/cells/:id` with `If-Match: "<version>"`. */
export function saveCellStatus(cell: AccountingCell, status: AccountingStatus): Promise<AccountingCell> {
  return api
    .patch(`${BASE}/accounting/cells/${cell.id}`, { json: { status }, headers: { 'if-match': `"${cell.version}"` } })
    .json<AccountingCell>();
}

/** `POST /accounting/bulk`: all or nothing. */
export async function bulkSetStatus(cells: readonly AccountingCell[], status: AccountingStatus): Promise<number> {
  const body = { cells: cells.map((c) => ({ id: c.id, version: c.version })), status };
  return (await api.post(`${BASE}/accounting/bulk`, { json: body }).json<{ changed: number }>()).changed;
}

/** `GET /delivery` with optional region and status (`Pending`, `Delivered` or `Late`). */
export function fetchDeliveries(
  period: string,
  filters: { region?: string; status?: string },
  signal?: AbortSignal,
): Promise<DeliveryList> {
  return api.get(`${BASE}/delivery`, { searchParams: query(period, filters), signal }).json<DeliveryList>();
}

/** What the delivery form sends. */
export type DeliveryInput = {
  status: DeliveryStatus;
  deliveredOn?: string;
  method?: DeliveryMethod;
  recipient?: string;
  notes?: string;
  overrideReason?: string;
};

/** `PATCH /delivery/:id` with `If-Match`. */
export function saveDelivery(entry: DeliveryEntry, input: DeliveryInput): Promise<DeliveryEntry> {
  return api
    .patch(`${BASE}/delivery/${entry.id}`, { json: input, headers: { 'if-match': `"${entry.version}"` } })
    .json<DeliveryEntry>();
}
