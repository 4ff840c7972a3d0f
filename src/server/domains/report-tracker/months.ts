/**
 * Opening a report month (docs/behaviour.md "Report tracker months"): creates, in ONE transaction,
 * the month row, one accounting cell per active property × configured report and one delivery entry
 * per active property, with due dates from the business-day rules, and a `changes` entry.
 * Idempotent: every insert is `ON CONFLICT DO NOTHING` on its natural key, so reopening creates
 * nothing twice (and only adds entries for properties activated since). Used by the API route and
 * by the first-start seed.
 */
import { eq } from 'drizzle-orm';
import type { OpenMonthResult } from '../../../shared/report-tracker';
import type { Database } from '../../db/client';
import { changes, properties, reportAccountingCells, reportDeliveries, reportMonths } from '../../db/schema';
import { dueDateFor } from './calendar';
import type { ReportTrackerConfig } from './config';

/** An active property as month opening needs it. */
export type ActiveProperty = { code: string; region: string };

/**
 * The rows opening `period` creates (pure): the month row, one accounting cell per active property
 * × configured report (owner from `regionOwners`) and one delivery per property, with due dates.
 */
export function monthRows(config: ReportTrackerConfig, period: string, active: readonly ActiveProperty[]) {
  const accountingDue = dueDateFor(period, config.dueRules.accounting.businessDay, config.holidays);
  const deliveryDue = dueDateFor(period, config.dueRules.delivery.businessDay, config.holidays);
  return {
    month: { period, accountingDue, deliveryDue },
    cells: active.flatMap((property) =>
      config.reports.map((report) => ({
        period,
        propertyCode: property.code,
        report: report.key,
        owner: config.regionOwners[property.region] ?? null,
        dueDate: accountingDue,
      })),
    ),
    deliveries: active.map((property) => ({ period, propertyCode: property.code, dueDate: deliveryDue })),
  };
}

/**
 * Opens `period` (`YYYY-MM`) for every active property. `actorId` is the user who asked (null for
 * the seed). Returns how many cells and deliveries this call created; `created` is false when the
 * month row already existed.
 */
export async function openReportMonth(
  db: Database,
  config: ReportTrackerConfig,
  period: string,
  actorId: string | null,
): Promise<OpenMonthResult> {
  return db.transaction(async (tx) => {
    const active = await tx
      .select({ code: properties.code, region: properties.region })
      .from(properties)
      .where(eq(properties.active, true));
    const { month, cells, deliveries } = monthRows(config, period, active);
    const opened = await tx
      .insert(reportMonths)
      .values({ ...month, openedBy: actorId })
      .onConflictDoNothing()
      .returning({ period: reportMonths.period });
    const insertedCells = cells.length
      ? await tx
          .insert(reportAccountingCells)
          .values(cells)
          .onConflictDoNothing()
          .returning({ id: reportAccountingCells.id })
      : [];
    const insertedDeliveries = deliveries.length
      ? await tx
          .insert(reportDeliveries)
          .values(deliveries)
          .onConflictDoNothing()
          .returning({ id: reportDeliveries.id })
      : [];
    const result: OpenMonthResult = {
      period,
      created: opened.length > 0,
      accountingCells: insertedCells.length,
      deliveries: insertedDeliveries.length,
    };
    if (result.created || result.accountingCells || result.deliveries) {
      await tx.insert(changes).values({
        entity: 'report-month',
        entityId: period,
        actorId,
        action: result.created ? 'opened' : 'extended',
        diff: {
          accountingCells: { from: null, to: result.accountingCells },
          deliveries: { from: null, to: result.deliveries },
        },
      });
    }
    return result;
  });
}
