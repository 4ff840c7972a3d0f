import { boolean, pgTable, text } from 'drizzle-orm/pg-core';

/** Properties (buildings) that forms refer to by code; seeded on first start (seed/data.ts). */
export const properties = pgTable('properties', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
  region: text('region').notNull(),
  active: boolean('active').notNull().default(true),
});
