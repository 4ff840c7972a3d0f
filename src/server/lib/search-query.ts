/**
 * Turns a user's search box text into a PostgreSQL `to_tsquery('simple', …)` string matching
 * every word as a prefix (`'maple':* & 'court':*`). Built safely: each word keeps only letters,
 * digits and `. - _ @`, and is quoted, so no tsquery operator from the user survives.
 * Returns null when nothing searchable is left.
 */
export function buildPrefixTsQuery(text: string, maxWords = 8): string | null {
  const words = text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}.\-_@]+/gu, ' ')
    .split(' ')
    .map((word) => word.replace(/^[.\-_@]+|[.\-_@]+$/g, '').slice(0, 64))
    .filter(Boolean)
    .slice(0, maxWords);
  return words.length ? words.map((word) => `'${word}':*`).join(' & ') : null;
}

/** Escapes `%`, `_` and `\` for a SQL LIKE pattern (default escape character `\`). */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * The ticket-number prefix a search box text names, in the stored spelling, or null. Numbers are
 * `<AreaKey>-<6+ digits>` with the area key's own case (`ResidentService-000318`); users type them
 * in any case, so the key part is matched case-insensitively against `areaKeys` and rewritten
 * to the key's spelling (then `number LIKE 'ResidentService-000318%'` can use the unique index).
 * Text naming no known area is returned as typed. Examples: `residentservice-0003` →
 * `ResidentService-0003`; `AP-12` → `AP-12`; `maple court` → null.
 */
export function ticketNumberPrefix(text: string, areaKeys: readonly string[]): string | null {
  const match = /^([A-Za-z0-9]+)-(\d+)$/.exec(text.trim());
  if (!match) return null;
  const [, key = '', digits = ''] = match;
  const lower = key.toLowerCase();
  const known = areaKeys.find((candidate) => candidate.toLowerCase() === lower);
  return `${known ?? key}-${digits}`;
}
