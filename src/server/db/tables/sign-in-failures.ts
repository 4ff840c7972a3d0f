import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns';

/**
 * Failed password checks at the built-in identity provider, one row per throttled key
 * (`account:<username>` or `address:<client address>`): how many in a row, the last one, and until
 * when further attempts are refused (docs/behaviour.md "Sign-in throttling").
 */
export const signInFailures = pgTable('sign_in_failures', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull(),
  lastFailureAt: timestamptz('last_failure_at').notNull(),
  blockedUntil: timestamptz('blocked_until'),
});
