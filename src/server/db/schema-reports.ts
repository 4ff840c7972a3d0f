/**
 * Report tracker tables (design.md §3 "Report tracker entry"; issue 7): one row per opened month,
 * one accounting cell per property × configured report × month, one delivery entry per property ×
 * month. `version` is bumped on every change (optimistic concurrency, If-Match → 412).
 */
import { date, index, integer, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { properties, users } from './schema';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, precision: 3, mode: 'date' });

/** A month (`YYYY-MM`) opened once; its entries were created with it. */
export const reportMonths = pgTable('report_months', {
  period: text('period').primaryKey(),
  openedAt: timestamptz('opened_at').notNull().defaultNow(),
  openedBy: uuid('opened_by').references(() => users.id),
  accountingDue: date('accounting_due', { mode: 'string' }).notNull(),
  deliveryDue: date('delivery_due', { mode: 'string' }).notNull(),
});

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

/** Delivery of a property's month-end package to its owner. */
export const reportDeliveries = pgTable(
  'report_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    period: text('period')
      .notNull()
      .references(() => reportMonths.period),
    propertyCode: text('property_code')
      .notNull()
      .references(() => properties.code),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    status: text('status').notNull().default('Pending'),
    deliveredOn: date('delivered_on', { mode: 'string' }),
    method: text('method'),
    recipient: text('recipient'),
    notes: text('notes').notNull().default(''),
    overrideReason: text('override_reason'),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
    version: integer('version').notNull().default(1),
  },
  (t) => [unique('report_deliveries_period_property_key').on(t.period, t.propertyCode)],
);
