/**
 * Report tracker demo data: opens the current month (UTC) on start. Idempotent (see
 * reports/months.ts): a restart creates nothing twice.
 */
import { periodOf } from '../../shared/report-tracker';
import { reportTrackerConfig } from '../reports/config';
import { openReportMonth } from '../reports/months';
import type { Database } from './client';

/** Opens the current month for every active property, as nobody (actor null). */
export async function seedReportTracker(db: Database, now: Date = new Date()): Promise<void> {
  await openReportMonth(db, reportTrackerConfig(), periodOf(now), null);
}
