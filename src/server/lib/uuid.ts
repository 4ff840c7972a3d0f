/**
 * A uuid in its canonical text form (RFC 9562 section 4: 8-4-4-4-12 hexadecimal digits, either
 * case). Ids that do not match answer 404 or 422 before any query, never a database error.
 */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
