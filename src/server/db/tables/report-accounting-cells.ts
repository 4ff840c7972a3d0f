import { date, index, integer, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns';
import { properties } from './properties';
import { reportMonths } from './report-months';

/** Accounting status of one report of one property for one month. */
export const reportAccountingCells = pgTable(
  'report_accounting_cells',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    period: text('period')
      .notNull()
      .references(() => reportMonths.period),
    propertyCode: text('property_code')
      .notNull()
      .references(() => properties.code),
    report: text('report').notNull(),
    status: text('status').notNull().default('Not started'),
    owner: text('owner'),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    completedAt: timestamptz('completed_at'),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    unique('report_accounting_cells_period_property_report_key').on(t.period, t.propertyCode, t.report),
    index('report_accounting_cells_period_status_idx').on(t.period, t.status),
  ],
);
