/**
 * Values of the change history as text people read (docs/behaviour.md "History"): rich text and
 * HTML as plain text, files by name, dates as dates, field keys as words, and never an id. Pure:
 * no DOM, no Node APIs; the sentences are built in ./history-sentence.ts.
 */
import { dateTimeFormat, formatDate, formatDateTime, formatNumber } from './display-format';
import { isJsonObject, type JsonValue } from './json';
import { isDocumentString, looksLikeHtml, readRichText, toPlainText } from './rich-text';

/** A uuid anywhere in a text (RFC 9562 section 4 text form). */
const UUID_IN_TEXT = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

/** True when `text` is nothing but a uuid. */
export function isUuid(text: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(text.trim());
}

/** `text` with every uuid in it replaced by `…`. */
export function withoutIds(text: string): string {
  return text.replace(UUID_IN_TEXT, '…');
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/**
 * The text of an HTML fragment (older stored values, `<p>…</p>`): scripts and styles dropped,
 * tags removed, the common entities decoded. The result is text, never to be inserted as HTML.
 */
export function htmlToText(html: string): string {
  return html
    .replace(/<(script|style)\b[\s\S]*?<\/\1\s*>/gi, ' ')
    .replace(/<br\s*\/?>|<\/(p|div|li|h[1-6]|tr|blockquote|pre)\s*>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
      if (name.startsWith('#')) {
        const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
        return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
      }
      return ENTITIES[name.toLowerCase()] ?? whole;
    });
}

/**
 * The plain text of a stored rich-text value: a document (an array of blocks or its JSON), an HTML
 * string or plain text; anything unreadable is `''`. Whitespace is not collapsed.
 */
export function richTextToText(value: JsonValue | undefined): string {
  if (Array.isArray(value)) {
    const reading = readRichText(JSON.stringify(value));
    return reading.ok ? toPlainText(reading.doc) : '';
  }
  if (typeof value !== 'string') return '';
  if (isDocumentString(value)) {
    const reading = readRichText(value);
    return reading.ok ? toPlainText(reading.doc) : '';
  }
  return looksLikeHtml(value) ? htmlToText(value) : value;
}

/**
 * `text` with its whitespace collapsed to single spaces, cut to at most `max` characters (whole
 * code points) with `…` when longer.
 */
export function shorten(text: string, max: number): { text: string; isTruncated: boolean } {
  const flat = text.replace(/\s+/g, ' ').trim();
  const points = [...flat];
  if (points.length <= max) return { text: flat, isTruncated: false };
  return { text: `${points.slice(0, max).join('').trimEnd()}…`, isTruncated: true };
}

/**
 * The first `max` characters of a stored rich-text value as plain text (see {@link richTextToText}
 * and {@link shorten}), ids left out: what a history entry shows of a comment.
 */
export function richTextExcerpt(value: JsonValue | undefined, max: number): { excerpt: string; isTruncated: boolean } {
  const { text, isTruncated } = shorten(withoutIds(richTextToText(value)), max);
  return { excerpt: text, isTruncated };
}

/** `petsInUnit`, `pets_in_unit`, `pets-in-unit` → `Pets in unit`. */
export function humanise(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_\-.]+/g, ' ')
    .trim()
    .toLowerCase();
  return words ? words[0]!.toUpperCase() + words.slice(1) : key;
}

/** A value that reads as its name: a file reference `{ id, name, … }`, a user or a role group. */
export function isNamed(value: unknown): value is { name: string } {
  return isJsonObject(value) && typeof (value as { name?: unknown }).name === 'string';
}

/** True for a value that shows as nothing: null, undefined, `''`, `[]`. */
export function isEmptyValue(value: JsonValue | undefined): boolean {
  return value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0);
}

const CALENDAR_DATE = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;
const MONTH = /^(\d{4})-(\d{2})$/;
const VALUE_CHARS = 80;

/** `2026-03` → `March 2026`; anything else as it is. */
export function formatMonth(period: string): string {
  const match = MONTH.exec(period);
  if (!match) return period;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, 1));
  return dateTimeFormat({ month: 'long', year: 'numeric', timeZone: 'UTC' }, 'en-US').format(date);
}

/**
 * A moment as a due date reads: the date alone when it is midnight in `timeZone` (a date picked
 * without a time; default the runtime's zone), else date and time.
 */
export function formatMoment(iso: string, timeZone?: string): string {
  const date = new Date(iso);
  if (timeZone === undefined) {
    if (Number.isNaN(date.getTime())) return iso;
    return date.getHours() === 0 && date.getMinutes() === 0 ? formatDate(iso) : formatDateTime(iso);
  }
  const parts = dateTimeFormat({ hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone }, 'en-US')
    .formatToParts(date)
    .filter((part) => part.type === 'hour' || part.type === 'minute')
    .map((part) => part.value)
    .join(':');
  if (parts === '00:00') {
    const day = dateTimeFormat({ timeZone }, 'en-CA').format(date);
    return formatDate(day);
  }
  return formatDateTime(iso, timeZone);
}

function scalarText(value: string | number | boolean, timeZone: string | undefined): string {
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number') return formatNumber(value, {});
  if (isUuid(value)) return '';
  if (CALENDAR_DATE.test(value)) return formatDate(value);
  if (DATE_TIME.test(value) && !Number.isNaN(Date.parse(value))) return formatMoment(value, timeZone);
  return withoutIds(richTextToText(value));
}

function listText(values: JsonValue[], timeZone: string | undefined): string {
  if (values.every(isNamed)) return values.map((item) => item.name).join(', ');
  if (values.every((item) => !isJsonObject(item) && !Array.isArray(item))) {
    return values
      .map((item) => (item === null ? '' : scalarText(item as string | number | boolean, timeZone)))
      .filter(Boolean)
      .join(', ');
  }
  return values.length === 1 ? '1 entry' : `${values.length} entries`;
}

/**
 * One stored value as short text (at most 80 characters): files and people by name, rich text and
 * HTML as plain text, dates as dates, Yes/No, lists joined, rows counted; `''` for an empty value
 * or a bare id.
 */
export function valueText(value: JsonValue | undefined, timeZone?: string): string {
  if (isEmptyValue(value) || value === undefined || value === null) return '';
  let text: string;
  if (Array.isArray(value)) text = listText(value, timeZone);
  else if (isNamed(value)) text = isUuid(value.name) ? '' : value.name;
  else if (isJsonObject(value)) {
    const count = Object.keys(value).length;
    text = count === 1 ? '1 field' : `${count} fields`;
  } else text = scalarText(value, timeZone);
  return shorten(text, VALUE_CHARS).text;
}

let relativeTimeFormat: Intl.RelativeTimeFormat | undefined;
const RELATIVE_STEPS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
];

/**
 * How long ago `iso` was at `now` (ms since the epoch), for the last day: `just now`, `5 minutes
 * ago`, `3 hours ago`; null when it is a day or more ago (or in the future beyond a minute).
 */
export function relativeTime(iso: string, now: number): string | null {
  const seconds = Math.round((now - Date.parse(iso)) / 1000);
  if (Number.isNaN(seconds) || seconds < -60) return null;
  if (seconds < 45) return 'just now';
  relativeTimeFormat ??= new Intl.RelativeTimeFormat('en-US', { numeric: 'always' });
  let amount = seconds;
  for (const [unit, size] of RELATIVE_STEPS) {
    if (amount < size) return relativeTimeFormat.format(-Math.floor(amount), unit);
    amount /= size;
  }
  return null;
}
