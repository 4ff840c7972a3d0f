/**
 * Report tracker demo data. On a database with no report month yet (first start) it opens the
 * previous {@link DEMO_HISTORY_MONTHS} months with a deterministic completion history
 * (domains/report-tracker/demo-history.ts), so the overview's 12-month trend has data; on every
 * start it opens the current month. Months and days are those of the configured time zone (config
 * `timeZone`). Idempotent (domains/report-tracker/months.ts): a restart creates and overwrites
 * nothing.
 */
import { calendarDateIn, periodIn, shiftPeriod } from '../../shared/report-tracker';
import { DEMO_HISTORY_MONTHS, openDemoMonths, openReportMonth, reportTrackerConfig } from '../domains/report-tracker';
import type { Database } from '../db/client';
import { reportMonths } from '../db/schema';

/** Opens the current month (and, on first start, the history) for every active property, as nobody. */
export async function seedReportTracker(db: Database, now: Date = new Date()): Promise<void> {
  const config = reportTrackerConfig();
  const current = periodIn(now, config.timeZone);
  const [anyMonth] = await db.select({ period: reportMonths.period }).from(reportMonths).limit(1);
  if (!anyMonth) {
    const history = Array.from({ length: DEMO_HISTORY_MONTHS }, (_, i) =>
      shiftPeriod(current, i - DEMO_HISTORY_MONTHS),
    );
    await openDemoMonths(db, config, history, calendarDateIn(now, config.timeZone));
  }
  await openReportMonth(db, config, current, null);
}
