/**
 * What the database can store, checked before it is asked: PostgreSQL (and PGlite) refuse U+0000 in
 * `text` and `jsonb` (SQLSTATE 22021, 22P05 "unsupported Unicode escape sequence") and an unpaired
 * UTF-16 surrogate in `jsonb` ("invalid input syntax for type json"), its JSON parser stops at a
 * nesting depth of its own, and `timestamptz` stores years 4713 BC to 294276 AD in a notation
 * JavaScript's `toISOString` only shares for years 1 to 9999. Everything here is generic: callers
 * turn a finding into their 400 or 422.
 */
import type { FieldError } from '../../shared/api-error';

/** U+0000, a high surrogate not followed by a low one, or a low surrogate not preceded by a high one. */
// eslint-disable-next-line no-control-regex -- the point is to find U+0000
const UNSTORABLE_TEXT = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Nesting levels of arrays and objects accepted in a request body (a form's data, rich text). */
export const MAX_INPUT_DEPTH = 64;

/** Field errors reported at most per request: a body full of bad strings is named by its first ones. */
const MAX_PROBLEMS = 20;

/** Message of a string (or property name) holding U+0000 or an unpaired surrogate. */
export const UNSTORABLE_TEXT_MESSAGE = 'must not contain U+0000 (NUL) or an unpaired UTF-16 surrogate';

/** True when PostgreSQL can store `text` as `text` and inside `jsonb`: no U+0000, no unpaired surrogate. */
export function isStorableText(text: string): boolean {
  return !UNSTORABLE_TEXT.test(text);
}

/** One JSON Pointer reference token (RFC 6901 section 3: `~` as `~0`, `/` as `~1`). */
function pointerToken(key: string | number): string {
  return String(key).replace(/~/g, '~0').replace(/\//g, '~1');
}

/**
 * Every place in a parsed JSON value that the database would refuse, as field errors whose `path`
 * is a JSON Pointer into `value` (`''` for the value itself): a string or property name holding
 * U+0000 or an unpaired surrogate, a number that is not finite (`1e309` parses as Infinity and
 * would be stored as null), nesting deeper than {@link MAX_INPUT_DEPTH}. At most 20 errors; an empty
 * list when the value is storable. Walks without recursion, so any depth is safe to inspect.
 */
export function findUnstorableValues(value: unknown): FieldError[] {
  const problems: FieldError[] = [];
  const stack: { value: unknown; path: string; depth: number }[] = [{ value, path: '', depth: 0 }];
  while (stack.length && problems.length < MAX_PROBLEMS) {
    const item = stack.pop() as { value: unknown; path: string; depth: number };
    const current = item.value;
    if (typeof current === 'string') {
      if (!isStorableText(current)) problems.push({ path: item.path, message: UNSTORABLE_TEXT_MESSAGE });
    } else if (typeof current === 'number') {
      if (!Number.isFinite(current)) problems.push({ path: item.path, message: 'must be a finite number' });
    } else if (current !== null && typeof current === 'object') {
      if (item.depth >= MAX_INPUT_DEPTH) {
        problems.push({ path: item.path, message: `must not nest deeper than ${MAX_INPUT_DEPTH} levels` });
        continue;
      }
      const entries: [string | number, unknown][] = Array.isArray(current)
        ? current.map((element, index) => [index, element])
        : Object.entries(current);
      // pushed in reverse so the first problem in document order is reported first
      for (let i = entries.length - 1; i >= 0; i -= 1) {
        const [key, child] = entries[i] as [string | number, unknown];
        if (typeof key === 'string' && !isStorableText(key)) {
          problems.push({ path: item.path, message: `has a property name that ${UNSTORABLE_TEXT_MESSAGE}` });
          continue;
        }
        stack.push({ value: child, path: `${item.path}/${pointerToken(key)}`, depth: item.depth + 1 });
      }
    }
  }
  return problems.slice(0, MAX_PROBLEMS);
}

/**
 * `text` parsed as a date or date-time (anything `Date` reads, e.g. ISO 8601) when it names an
 * instant in the years 1 to 9999 UTC, else null: PostgreSQL refuses the year 0 and the six-digit
 * years `toISOString` writes outside that range ("date/time field value out of range", "time zone
 * displacement out of range").
 */
export function storableDate(text: string): Date | null {
  const date = new Date(text);
  const year = date.getUTCFullYear();
  return Number.isNaN(date.getTime()) || year < 1 || year > 9999 ? null : date;
}

/** The largest value of a PostgreSQL `integer` column (int4): numbers past it are refused by the column. */
export const INT4_MAX = 2_147_483_647;
