import { integer, pgTable, text } from 'drizzle-orm/pg-core';

/** Per-area number sequence, bumped in the same transaction as the insert it numbers. */
export const areaCounters = pgTable('area_counters', {
  area: text('area').primaryKey(),
  lastNumber: integer('last_number').notNull(),
});
