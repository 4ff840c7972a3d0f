/**
 * How stored form values read to people: money, numbers, dates, times, enum labels and yes/no —
 * one module for the web app's read views (lists, the read-only form) and the server's PDF of a
 * submission, so both print `7,842.50` and `Mar 2, 2026` alike (docs/behaviour.md "Showing
 * values"). Intl with {@link DISPLAY_LOCALE}; no DOM, no Node APIs.
 */
import { isJsonObject, type JsonObject, type JsonPrimitive } from './json';

/** The product's name, as the web app's header and the PDF of a submission show it. */
export const PORTAL_NAME = 'TM online portal';

/** Locale of every date and number shown to people (web app and PDF). */
export const DISPLAY_LOCALE = 'en-US';

/**
 * True for a field that holds money: a `number` with `multipleOf: 0.01`, how every amount of the
 * areas is declared (cents, no finer). JSON Schema has no money format, and a UI hint would only
 * say again what `multipleOf` already says.
 */
export function isMoneySchema(schema: JsonObject): boolean {
  return schema.multipleOf === 0.01;
}

/** The number formats in use, each made on first use (see {@link dateTimeFormat} for why). */
const NUMBER_OPTIONS = {
  money: { minimumFractionDigits: 2, maximumFractionDigits: 2 },
  plain: { maximumFractionDigits: 6 },
  whole: { maximumFractionDigits: 0 },
  tenths: { maximumFractionDigits: 1 },
} satisfies Record<string, Intl.NumberFormatOptions>;

const numberFormats = new Map<keyof typeof NUMBER_OPTIONS, Intl.NumberFormat>();

function numberFormat(kind: keyof typeof NUMBER_OPTIONS): Intl.NumberFormat {
  let format = numberFormats.get(kind);
  if (!format) {
    format = new Intl.NumberFormat(DISPLAY_LOCALE, NUMBER_OPTIONS[kind]);
    numberFormats.set(kind, format);
  }
  return format;
}

/** An amount of money: `7842.5` → `7,842.50` (grouped, always two decimals, no currency sign). */
export function formatMoney(value: number): string {
  return numberFormat('money').format(value);
}

/** A number under its field's schema: money as {@link formatMoney}, any other grouped (`12,500`, `0.25`). */
export function formatNumber(value: number, schema: JsonObject): string {
  return numberFormat(isMoneySchema(schema) ? 'money' : 'plain').format(value);
}

const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * The `Intl.DateTimeFormat` of `locale` (default {@link DISPLAY_LOCALE}) and `options`, one per
 * distinct pair, made on first use and kept: setting one up costs far more than formatting with
 * it (about a millisecond each on a slow phone), and a ticket's history formats dozens of dates.
 * Options left `undefined` (a `timeZone` not given) mean the runtime's default, as in the
 * constructor.
 */
export function dateTimeFormat(options: Intl.DateTimeFormatOptions, locale = DISPLAY_LOCALE): Intl.DateTimeFormat {
  const key = `${locale} ${JSON.stringify(options)}`;
  let format = dateTimeFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options);
    dateTimeFormats.set(key, format);
  }
  return format;
}

const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** `2026-01-05` → `Jan 5, 2026` (a calendar date: no time-zone shift). Unparseable input is returned as is. */
export function formatDate(value: string): string {
  const match = CALENDAR_DATE.exec(value);
  const date = match ? new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))) : new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return dateTimeFormat({ dateStyle: 'medium', timeZone: match ? 'UTC' : undefined }).format(date);
}

/**
 * ISO 8601 date-time → `Jan 5, 2026, 3:04 PM` in `timeZone` (an IANA name; default the runtime's),
 * with the zone's short name when `showZone` (`… 3:04 PM UTC`). Unparseable input is returned as is.
 */
export function formatDateTime(value: string, timeZone?: string, showZone = false): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  // dateStyle/timeStyle do not combine with timeZoneName: the same parts spelt out
  const options: Intl.DateTimeFormatOptions = showZone
    ? {
        year: 'numeric',
        month: 'short',
        day: 'numeric',
        hour: 'numeric',
        minute: '2-digit',
        timeZone,
        timeZoneName: 'short',
      }
    : { dateStyle: 'medium', timeStyle: 'short', timeZone };
  return dateTimeFormat(options).format(date);
}

/**
 * ISO 8601 date-time → its date and its time of day apart, `['Jan 5, 2026', '3:04 PM']`, in the
 * runtime's zone: what {@link formatDateTime} joins with a comma, for a narrow column that may break
 * between the two and nowhere else. Unparseable input: `[value, '']`.
 */
export function formatDateAndTime(value: string): [string, string] {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return [value, ''];
  return [dateTimeFormat({ dateStyle: 'medium' }).format(date), dateTimeFormat({ timeStyle: 'short' }).format(date)];
}

/** A local time `14:30:00` (or `14:30`) → `2:30 PM`. Unparseable input is returned as is. */
export function formatTime(value: string): string {
  const match = /^(\d{2}):(\d{2})/.exec(value);
  if (!match) return value;
  const date = new Date(Date.UTC(1970, 0, 1, Number(match[1]), Number(match[2])));
  return dateTimeFormat({ timeStyle: 'short', timeZone: 'UTC' }).format(date);
}

/** The label of an enum value: `oneOf`/`anyOf` `const` + `title`, or `ui:enumNames`, else the value itself; undefined when not an enum. */
export function enumLabel(value: JsonPrimitive, schema: JsonObject, uiSchema: JsonObject): string | undefined {
  for (const key of ['oneOf', 'anyOf'] as const) {
    const options = schema[key];
    if (!Array.isArray(options)) continue;
    const match = options.find((option) => isJsonObject(option) && option.const === value);
    if (isJsonObject(match) && typeof match.title === 'string') return match.title;
  }
  if (!Array.isArray(schema.enum)) return undefined;
  const uiOptions = uiSchema['ui:options'];
  const names = uiSchema['ui:enumNames'] ?? (isJsonObject(uiOptions) ? uiOptions.enumNames : undefined);
  const index = schema.enum.indexOf(value);
  if (Array.isArray(names) && index >= 0 && typeof names[index] === 'string') return names[index];
  const named = isJsonObject(names) ? names[String(value)] : undefined;
  if (typeof named === 'string') return named;
  return String(value);
}

/**
 * One scalar value as text under its field's schema: enum labels, Yes/No, money and numbers,
 * dates, date-times (in `timeZone`, see {@link formatDateTime}), times; other text unchanged.
 * Empty values (`null`, `''`, undefined) are `''`.
 */
export function formatScalar(
  value: JsonPrimitive | undefined,
  schema: JsonObject,
  uiSchema: JsonObject = {},
  options: { timeZone?: string; showZone?: boolean } = {},
): string {
  if (value === undefined || value === null || value === '') return '';
  const label = enumLabel(value, schema, uiSchema);
  if (label !== undefined) return label;
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number') return formatNumber(value, schema);
  if (schema.format === 'date') return formatDate(value);
  if (schema.format === 'date-time') return formatDateTime(value, options.timeZone, options.showZone);
  if (schema.format === 'time') return formatTime(value);
  return value;
}

/** A size in bytes for people: `912 B`, `14.2 KB`, `3.1 MB` (1 KB = 1,024 bytes). */
export function formatBytes(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB'] as const;
  let size = bytes;
  let unit = 0;
  while (size >= 1024 && unit < units.length - 1) {
    size /= 1024;
    unit += 1;
  }
  return `${numberFormat(unit === 0 ? 'whole' : 'tenths').format(size)} ${units[unit]}`;
}
