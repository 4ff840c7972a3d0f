/**
 * How stored form values read to people: money, numbers, dates, times, enum labels and yes/no —
 * one module for the web app's read views (lists, the read-only form) and the server's PDF of a
 * submission, so both print `7,842.50` and `Mar 2, 2026` alike (docs/behaviour.md "Showing
 * values"). Everything reads as {@link DISPLAY_LOCALE} writes it; the common cases (whole numbers,
 * cents, dates and times in the runtime's zone: display-dates.ts) without Intl, as the comments
 * there and below say why; no DOM, no Node APIs.
 */
import { formatDate, formatDateTime, formatTime } from './display-dates';
import { DISPLAY_LOCALE } from './display-locale';
import { isJsonObject, type JsonObject, type JsonPrimitive } from './json';

export { dateTimeFormat, DISPLAY_LOCALE, PORTAL_NAME } from './display-locale';
export { formatDate, formatDateAndTime, formatDateTime, formatTime } from './display-dates';

/**
 * True for a field that holds money: a `number` with `multipleOf: 0.01`, how every amount of the
 * areas is declared (cents, no finer). JSON Schema has no money format, and a UI hint would only
 * say again what `multipleOf` already says.
 */
export function isMoneySchema(schema: JsonObject): boolean {
  return schema.multipleOf === 0.01;
}

/** The number formats in use, each made on first use (see `dateTimeFormat` in display-locale.ts for why). */
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

/** `1234567` → `1,234,567`: a string of digits grouped by threes, as en-US groups them. */
function groupDigits(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/*
 * Whole numbers and whole numbers of cents — the counts of the lists and the amounts of the forms,
 * shown as a page first renders — are written without Intl (a page's first `Intl` formatter costs
 * tens of milliseconds; see display-dates.ts); they are exact in integer arithmetic, and a
 * unit test compares them with `Intl.NumberFormat('en-US')`. Anything else goes through Intl.
 */

/** A count: `12500` → `12,500`. */
export function formatCount(value: number): string {
  if (!Number.isSafeInteger(value) || Object.is(value, -0)) return numberFormat('plain').format(value);
  return value < 0 ? `-${groupDigits(String(-value))}` : groupDigits(String(value));
}

/** An amount of money: `7842.5` → `7,842.50` (grouped, always two decimals, no currency sign). */
export function formatMoney(value: number): string {
  const cents = Math.round(value * 100);
  // a whole number of cents (what a money field holds, and any sum of them) up to float noise
  if (Number.isSafeInteger(cents) && !Object.is(cents, -0) && Math.abs(cents - value * 100) < 1e-6) {
    const whole = Math.abs(cents);
    const text = `${groupDigits(String(Math.trunc(whole / 100)))}.${String(whole % 100).padStart(2, '0')}`;
    return cents < 0 ? `-${text}` : text;
  }
  return numberFormat('money').format(value);
}

/** A number under its field's schema: money as {@link formatMoney}, any other grouped (`12,500`, `0.25`). */
export function formatNumber(value: number, schema: JsonObject): string {
  if (isMoneySchema(schema)) return formatMoney(value);
  return Number.isInteger(value) ? formatCount(value) : numberFormat('plain').format(value);
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
