/**
 * Properties (buildings) that forms and the report tracker refer to by code. The list is seeded;
 * a form field offering properties accepts only an existing, active one.
 */
import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { properties } from '../../db/schema';

/** A property as the API shows it. */
export type Property = typeof properties.$inferSelect;

/** The active properties, by code (the options of `optionsFrom: "properties"` fields). */
export async function listActiveProperties(db: Database): Promise<Property[]> {
  return db.select().from(properties).where(eq(properties.active, true)).orderBy(asc(properties.code));
}

/** Whether `code` names an existing, active property. */
export async function isActiveProperty(db: Database, code: string): Promise<boolean> {
  const [row] = await db
    .select({ code: properties.code })
    .from(properties)
    .where(and(eq(properties.code, code), eq(properties.active, true)))
    .limit(1);
  return row !== undefined;
}
