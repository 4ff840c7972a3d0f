/** Dates and date-times as the portal shows them (Intl with the display locale of config/env.ts). */
import { DISPLAY_LOCALE } from '../config/env';

/** `2026-01-05` → `Jan 5, 2026` (calendar date, no time-zone shift). Unparseable input is returned as-is. */
export function formatDate(value: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const date = match ? new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))) : new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return new Intl.DateTimeFormat(DISPLAY_LOCALE, { dateStyle: 'medium', timeZone: match ? 'UTC' : undefined }).format(date);
}

/** ISO 8601 date-time → `Jan 5, 2026, 3:04 PM` in `timeZone` (default: the browser's). */
export function formatDateTime(value: string, timeZone?: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return new Intl.DateTimeFormat(DISPLAY_LOCALE, { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(date);
}
