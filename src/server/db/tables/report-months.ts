/**
 * Report tracker tables (docs/behaviour.md "Report tracker months"): one row per opened month,
 * one accounting cell per property × configured report × month, one delivery entry per property ×
 * month. `version` is bumped on every change (optimistic concurrency, If-Match → 412).
 */
import { date, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns';
import { users } from './users';

/** A month (`YYYY-MM`) opened once; its entries were created with it. */
export const reportMonths = pgTable('report_months', {
  period: text('period').primaryKey(),
  openedAt: timestamptz('opened_at').notNull().defaultNow(),
  openedBy: uuid('opened_by').references(() => users.id),
  accountingDue: date('accounting_due', { mode: 'string' }).notNull(),
  deliveryDue: date('delivery_due', { mode: 'string' }).notNull(),
});
