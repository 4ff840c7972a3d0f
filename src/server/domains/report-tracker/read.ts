/**
 * Reading the report tracker: the accounting grid (rows = properties, columns = configured reports),
 * the delivery list and the month overview. All filtering happens here, on the server.
 * "Today" is the calendar date in the configured time zone; overdue and Late derive from it
 * (docs/behaviour.md "Report tracker due dates").
 */
import { and, asc, eq, gte, lte, sql } from 'drizzle-orm';
import {
  calendarDateIn,
  isCellOverdue,
  isDeliveryLate,
  propertyAccountingStatus,
  shiftPeriod,
  type AccountingCell,
  type AccountingCounts,
  type AccountingGrid,
  type AccountingRow,
  type AccountingStatus,
  type DeliveryCounts,
  type DeliveryEntry,
  type DeliveryList,
  type DeliveryMethod,
  type DeliveryStatus,
  type ReportOverview,
  type TrendPoint,
} from '../../../shared/report-tracker';
import type { Database } from '../../db/client';
import { properties, reportAccountingCells, reportDeliveries, reportMonths } from '../../db/schema';
import type { ReportTrackerConfig } from './config';

/** Today as `YYYY-MM-DD` in the organisation's time zone (`config.timeZone`). */
export function todayFor(config: Pick<ReportTrackerConfig, 'timeZone'>, now: Date = new Date()): string {
  return calendarDateIn(now, config.timeZone);
}

/** Grid filters: `status` also accepts `Overdue`; a row matches when any of its cells does. */
export type GridFilters = { region?: string; owner?: string; status?: AccountingStatus | 'Overdue' };

/** True when the month row exists. */
export async function isMonthOpen(db: Database, period: string): Promise<boolean> {
  const [row] = await db
    .select({ period: reportMonths.period })
    .from(reportMonths)
    .where(eq(reportMonths.period, period));
  return Boolean(row);
}

/** Open months, newest first. */
export async function listMonths(db: Database): Promise<string[]> {
  const rows = await db
    .select({ period: reportMonths.period })
    .from(reportMonths)
    .orderBy(sql`${reportMonths.period} desc`);
  return rows.map((row) => row.period);
}

/** The grid of `period`, rows by property code; rows without any cell matching the filters are left out. */
export async function readAccountingGrid(
  db: Database,
  config: ReportTrackerConfig,
  period: string,
  filters: GridFilters = {},
): Promise<AccountingGrid> {
  const today = todayFor(config);
  const rows = await db
    .select({
      id: reportAccountingCells.id,
      report: reportAccountingCells.report,
      status: reportAccountingCells.status,
      owner: reportAccountingCells.owner,
      dueDate: reportAccountingCells.dueDate,
      completedAt: reportAccountingCells.completedAt,
      version: reportAccountingCells.version,
      code: properties.code,
      name: properties.name,
      region: properties.region,
    })
    .from(reportAccountingCells)
    .innerJoin(properties, eq(properties.code, reportAccountingCells.propertyCode))
    .where(
      and(eq(reportAccountingCells.period, period), filters.region ? eq(properties.region, filters.region) : undefined),
    )
    .orderBy(asc(properties.code));
  const reportKeys = new Set(config.reports.map((r) => r.key));
  const byProperty = new Map<string, AccountingRow>();
  for (const row of rows) {
    if (!reportKeys.has(row.report)) continue;
    let gridRow = byProperty.get(row.code);
    if (!gridRow) {
      gridRow = { property: { code: row.code, name: row.name, region: row.region }, cells: {} };
      byProperty.set(row.code, gridRow);
    }
    const status = row.status as AccountingStatus;
    const cell: AccountingCell = {
      id: row.id,
      report: row.report,
      status,
      owner: row.owner,
      dueDate: row.dueDate,
      completedAt: row.completedAt?.toISOString() ?? null,
      isOverdue: isCellOverdue({ status, dueDate: row.dueDate }, today),
      version: row.version,
    };
    gridRow.cells[row.report] = cell;
  }
  const matches = (cell: AccountingCell) =>
    (!filters.owner || cell.owner === filters.owner) &&
    (!filters.status || (filters.status === 'Overdue' ? cell.isOverdue : cell.status === filters.status));
  const result = [...byProperty.values()].filter(
    (row) => (!filters.owner && !filters.status) || Object.values(row.cells).some(matches),
  );
  return { period, today, reports: config.reports.map((r) => ({ key: r.key, name: r.name })), rows: result };
}

/** One accounting cell by id, or null. */
export async function readCell(
  db: Database,
  config: Pick<ReportTrackerConfig, 'timeZone'>,
  id: string,
): Promise<AccountingCell | null> {
  const [row] = await db.select().from(reportAccountingCells).where(eq(reportAccountingCells.id, id));
  if (!row) return null;
  const status = row.status as AccountingStatus;
  return {
    id: row.id,
    report: row.report,
    status,
    owner: row.owner,
    dueDate: row.dueDate,
    completedAt: row.completedAt?.toISOString() ?? null,
    isOverdue: isCellOverdue({ status, dueDate: row.dueDate }, todayFor(config)),
    version: row.version,
  };
}

/** Property codes of `period` whose accounting cells are all Complete. */
async function completeProperties(db: Database, period: string): Promise<Set<string>> {
  const rows = await db
    .select({ code: reportAccountingCells.propertyCode })
    .from(reportAccountingCells)
    .where(eq(reportAccountingCells.period, period))
    .groupBy(reportAccountingCells.propertyCode)
    .having(sql`bool_and(${reportAccountingCells.status} = 'Complete')`);
  return new Set(rows.map((row) => row.code));
}

/** The delivery entries of `period`, by property code; `status` filter accepts `Late`. */
export async function readDeliveries(
  db: Database,
  config: Pick<ReportTrackerConfig, 'timeZone'>,
  period: string,
  filters: { region?: string; status?: DeliveryStatus | 'Late' } = {},
): Promise<DeliveryList> {
  const today = todayFor(config);
  const complete = await completeProperties(db, period);
  const rows = await db
    .select({ entry: reportDeliveries, code: properties.code, name: properties.name, region: properties.region })
    .from(reportDeliveries)
    .innerJoin(properties, eq(properties.code, reportDeliveries.propertyCode))
    .where(and(eq(reportDeliveries.period, period), filters.region ? eq(properties.region, filters.region) : undefined))
    .orderBy(asc(properties.code));
  const entries: DeliveryEntry[] = rows.map(({ entry, code, name, region }) => {
    const status = entry.status as DeliveryStatus;
    return {
      id: entry.id,
      property: { code, name, region },
      dueDate: entry.dueDate,
      status,
      isLate: isDeliveryLate({ status, dueDate: entry.dueDate }, today),
      deliveredOn: entry.deliveredOn,
      method: entry.method as DeliveryMethod | null,
      recipient: entry.recipient,
      notes: entry.notes,
      overrideReason: entry.overrideReason,
      isAccountingComplete: complete.has(code),
      version: entry.version,
    };
  });
  const status = filters.status;
  return {
    period,
    today,
    entries: status ? entries.filter((e) => (status === 'Late' ? e.isLate : e.status === status)) : entries,
  };
}

const percent = (part: number, total: number) => (total ? Math.round((part * 100) / total) : null);

/**
 * The overview of `period`: per kind the counts (null for a kind the caller may not read) and the
 * 12-month trend ending at `period` (percent complete / delivered; null for months not open, or
 * with no property of `filters.region`). `filters.region` counts only that region's properties.
 * Counted in SQL; "late" as in {@link isCellOverdue} / {@link isDeliveryLate}.
 */
export async function readOverview(
  db: Database,
  config: Pick<ReportTrackerConfig, 'timeZone'>,
  period: string,
  canRead: { accounting: boolean; delivery: boolean },
  filters: { region?: string } = {},
): Promise<ReportOverview> {
  const today = todayFor(config);
  const first = shiftPeriod(period, -11);
  const inRegion = filters.region ? eq(properties.region, filters.region) : undefined;
  // One row per property and month: its reports' statuses and whether one not Complete is past due.
  const accountingRows = canRead.accounting
    ? await db
        .select({
          period: reportAccountingCells.period,
          statuses: sql<AccountingStatus[]>`array_agg(${reportAccountingCells.status}::text)`,
          isLate: sql<boolean>`bool_or(${reportAccountingCells.status} <> 'Complete' and ${reportAccountingCells.dueDate} < ${today})`,
        })
        .from(reportAccountingCells)
        .innerJoin(properties, eq(properties.code, reportAccountingCells.propertyCode))
        .where(and(gte(reportAccountingCells.period, first), lte(reportAccountingCells.period, period), inRegion))
        .groupBy(reportAccountingCells.period, reportAccountingCells.propertyCode)
    : [];
  const deliveryRows = canRead.delivery
    ? await db
        .select({
          period: reportDeliveries.period,
          status: reportDeliveries.status,
          late: sql<number>`count(*) filter (where ${reportDeliveries.dueDate} < ${today})`.mapWith(Number),
          n: sql<number>`count(*)`.mapWith(Number),
        })
        .from(reportDeliveries)
        .innerJoin(properties, eq(properties.code, reportDeliveries.propertyCode))
        .where(and(gte(reportDeliveries.period, first), lte(reportDeliveries.period, period), inRegion))
        .groupBy(reportDeliveries.period, reportDeliveries.status)
    : [];
  const accounting: AccountingCounts = {
    total: 0,
    complete: 0,
    inReview: 0,
    inProgress: 0,
    notStarted: 0,
    late: 0,
    reports: { total: 0, complete: 0 },
  };
  const delivery: DeliveryCounts = { total: 0, delivered: 0, pending: 0, late: 0 };
  const keys: Record<AccountingStatus, 'complete' | 'inReview' | 'inProgress' | 'notStarted'> = {
    Complete: 'complete',
    'In review': 'inReview',
    'In progress': 'inProgress',
    'Not started': 'notStarted',
  };
  for (const row of accountingRows.filter((r) => r.period === period)) {
    accounting.total += 1;
    accounting[keys[propertyAccountingStatus(row.statuses)]] += 1;
    if (row.isLate) accounting.late += 1;
    accounting.reports.total += row.statuses.length;
    accounting.reports.complete += row.statuses.filter((status) => status === 'Complete').length;
  }
  for (const row of deliveryRows.filter((r) => r.period === period)) {
    delivery.total += row.n;
    if (row.status === 'Delivered') delivery.delivered += row.n;
    else {
      delivery.pending += row.n;
      delivery.late += row.late;
    }
  }
  const trend: TrendPoint[] = [];
  for (let i = 11; i >= 0; i -= 1) {
    const month = shiftPeriod(period, -i);
    const acc = accountingRows.filter((r) => r.period === month);
    const del = deliveryRows.filter((r) => r.period === month);
    const sum = (rows: { n: number }[]) => rows.reduce((total, r) => total + r.n, 0);
    const accComplete = acc.filter((r) => propertyAccountingStatus(r.statuses) === 'Complete').length;
    trend.push({
      period: month,
      accountingComplete: percent(accComplete, acc.length),
      deliveryDelivered: percent(sum(del.filter((r) => r.status === 'Delivered')), sum(del)),
    });
  }
  return {
    period,
    isOpen: await isMonthOpen(db, period),
    accounting: canRead.accounting ? accounting : null,
    delivery: canRead.delivery ? delivery : null,
    trend,
  };
}

/** Distinct owners named on any accounting cell, sorted. */
export async function listOwners(db: Database): Promise<string[]> {
  const rows = await db
    .selectDistinct({ owner: reportAccountingCells.owner })
    .from(reportAccountingCells)
    .where(sql`${reportAccountingCells.owner} is not null`)
    .orderBy(asc(reportAccountingCells.owner));
  return rows.map((row) => row.owner).filter((owner): owner is string => owner !== null);
}
