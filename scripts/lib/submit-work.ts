/**
 * The direct work of one submission, as `npm run bench:submit` measures it beside the API (docs/
 * performance.md "Submission throughput"): the AP area's counter bump, the submission insert and
 * its `created` history insert, in one transaction. Shared by the bench's own loop on PGlite and
 * the stack's floor server (submit-floor-server.ts).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(import.meta.dirname, '..', '..');

/** The AP area's own example (`schemas/AP/example.json`). */
export const AP_EXAMPLE = JSON.parse(readFileSync(join(ROOT, 'schemas/AP/example.json'), 'utf8')) as Record<
  string,
  unknown
>;

/** The submissions' summary column for the example (its vendor). */
export const SUMMARY = String(AP_EXAMPLE.vendorName);

/** Bumps AP's counter; answers `last_number`. */
export const COUNTER_SQL =
  "INSERT INTO area_counters (area, last_number) VALUES ('AP', 1) ON CONFLICT (area) DO UPDATE SET last_number = area_counters.last_number + 1 RETURNING last_number";

/** Inserts the submission: $1 sequence, $2 number, $3 data, $4 property, $5 summary, $6 requester, $7 key. */
export const INSERT_SUBMISSION_SQL =
  'INSERT INTO submissions (area, sequence, number, data, schema_version, property_code, summary, requester_id, idempotency_key) ' +
  "VALUES ('AP', $1, $2, $3, 1, $4, $5, $6, $7) RETURNING id";

/** Inserts the `created` history entry: $1 the submission's id, $2 the actor, $3 the diff. */
export const INSERT_CREATED_SQL =
  "INSERT INTO changes (entity, entity_id, actor_id, action, diff) VALUES ('submission', $1, $2, 'created', $3)";

/** AP's number for `sequence` (`AP-000042`). */
export function apNumber(sequence: number): string {
  return `AP-${String(sequence).padStart(6, '0')}`;
}

/** The submission's `created` history diff, as the app writes it. */
export function createdDiff(number: string, data: unknown) {
  return {
    number: { from: null, to: number },
    status: { from: null, to: 'New' },
    property: { from: null, to: AP_EXAMPLE.property },
    data: { from: null, to: data },
  };
}

/**
 * The same work as one statement (one round trip, its own transaction): $1 data, $2 property,
 * $3 summary, $4 requester, $5 idempotency key, $6 the `created` diff (its number is filled in).
 * Answers the new row's `id` and `number`.
 */
export const DIRECT_AS_ONE_SQL = `with counter as (${COUNTER_SQL}),
  created as (
    insert into submissions (area, sequence, number, data, schema_version, property_code, summary, requester_id, idempotency_key)
    select 'AP', last_number, 'AP-' || lpad(last_number::text, 6, '0'), $1, 1, $2, $3, $4, $5 from counter
    returning id, number
  ),
  history as (
    insert into changes (entity, entity_id, actor_id, action, diff)
    select 'submission', id::text, $4, 'created', jsonb_set($6::jsonb, '{number,to}', to_jsonb(number)) from created
  )
  select id, number from created`;
