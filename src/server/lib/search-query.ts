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
