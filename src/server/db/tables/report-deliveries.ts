import { date, integer, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns';
import { properties } from './properties';
import { reportMonths } from './report-months';

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
