/**
 * Dates and times as people read them (docs/behaviour.md "Showing values"), apart from the other
 * display rules (display-format.ts, which re-exports these) so that a page that shows only dates
 * loads only this.
 */
import { lightFormat } from 'date-fns';
import { dateTimeFormat } from './display-locale';

const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/*
 * Dates and times in the runtime's own zone — all of them in the web app — are written without
 * Intl: a browser sets up its internationalisation data on a page's first `Intl` formatter, 40–80
 * ms of the main thread in Chromium (docs/performance.md "Lighthouse"). The numbers come from
 * date-fns' `lightFormat` (date-fns' `format` with its locale data would add 5 KB to every page
 * that shows a date), the month's name from `Date.prototype.toDateString`, whose English
 * abbreviations ECMA-262 fixes. Together they write what `Intl.DateTimeFormat('en-US')` writes for
 * `dateStyle: 'medium'` and `timeStyle: 'short'` in V8 (Node and Chromium), character for character:
 * a unit test compares them in several zones. An explicit IANA zone, or the zone's name, goes
 * through Intl ({@link dateTimeFormat}).
 */

/** `Jan 5, 2026`: en-US `dateStyle: 'medium'` of `date` on the runtime's clock. */
function mediumDate(date: Date): string {
  // toDateString(): `Mon Jan 05 2026`
  return `${date.toDateString().slice(4, 7)} ${lightFormat(date, 'd, yyyy')}`;
}

/** `3:04 PM`: en-US `timeStyle: 'short'` of `date` on the runtime's clock. */
function shortTime(date: Date): string {
  return lightFormat(date, 'h:mm a');
}

/** `2026-01-05` → `Jan 5, 2026` (a calendar date: no time-zone shift). Unparseable input is returned as is. */
export function formatDate(value: string): string {
  const match = CALENDAR_DATE.exec(value);
  // a calendar date at noon on the runtime's clock: no zone's change of time moves it to another day
  const date = match ? new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]), 12) : new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return mediumDate(date);
}

/**
 * ISO 8601 date-time → `Jan 5, 2026, 3:04 PM` in `timeZone` (an IANA name; default the runtime's),
 * with the zone's short name when `showZone` (`… 3:04 PM UTC`). Unparseable input is returned as is.
 */
export function formatDateTime(value: string, timeZone?: string, showZone = false): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  if (timeZone === undefined && !showZone) return `${mediumDate(date)}, ${shortTime(date)}`;
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
  return [mediumDate(date), shortTime(date)];
}

/** A local time `14:30:00` (or `14:30`) → `2:30 PM`. Unparseable input is returned as is. */
export function formatTime(value: string): string {
  const match = /^(\d{2}):(\d{2})/.exec(value);
  if (!match) return value;
  const hours = Number(match[1]);
  const minutes = Number(match[2]);
  if (hours > 23 || minutes > 59) return value;
  // a day without a change of clock in any zone, so the runtime's clock shows the time as given
  return shortTime(new Date(2000, 0, 1, hours, minutes));
}
