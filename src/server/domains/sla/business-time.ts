/**
 * Business-time arithmetic in one IANA time zone (docs/behaviour.md "Service levels"): working
 * days (ISO weekday numbers, 1 = Monday … 7 = Sunday), one daily window of working hours in local
 * wall-clock time, and a list of holidays (local dates, `YYYY-MM-DD`) that are not working days.
 * Pure functions; instants are JavaScript Dates (or epoch milliseconds), durations milliseconds.
 * Each day's window is built from its local wall times with @date-fns/tz (`TZDate.tz`), so a day
 * that changes to or from daylight saving time still starts and ends at the configured local hours.
 */
import { TZDate } from '@date-fns/tz';

/** A working calendar. `start` and `end` are minutes after local midnight (`end` may be 1440). */
export type BusinessCalendar = {
  timeZone: string;
  /** ISO weekday numbers that are working days (1 = Monday … 7 = Sunday). */
  days: ReadonlySet<number>;
  startMinute: number;
  endMinute: number;
  /** Local dates (`YYYY-MM-DD`) that are not working days. */
  holidays: ReadonlySet<string>;
};

/** Days walked at most before giving up (a calendar with no working day left in ten years). */
const MAX_DAYS = 3660;
const DAY_MS = 86_400_000;

/** A local calendar date, as a UTC midnight in epoch ms (only the date parts are used). */
type LocalDay = number;

function localDayOf(calendar: BusinessCalendar, instant: number): LocalDay {
  const local = new TZDate(instant, calendar.timeZone);
  return Date.UTC(local.getFullYear(), local.getMonth(), local.getDate());
}

function isoDate(day: LocalDay): string {
  return new Date(day).toISOString().slice(0, 10);
}

/** The working window `[start, end)` of `day` as epoch ms, or null when it is not a working day. */
function windowOf(calendar: BusinessCalendar, day: LocalDay): [number, number] | null {
  const date = new Date(day);
  const isoWeekday = date.getUTCDay() === 0 ? 7 : date.getUTCDay();
  if (!calendar.days.has(isoWeekday) || calendar.holidays.has(isoDate(day))) return null;
  const at = (minute: number) =>
    TZDate.tz(
      calendar.timeZone,
      date.getUTCFullYear(),
      date.getUTCMonth(),
      date.getUTCDate(),
      Math.floor(minute / 60),
      minute % 60,
    ).getTime();
  return [at(calendar.startMinute), at(calendar.endMinute)];
}

/**
 * The instant `durationMs` of working time after `from`: the walk starts at `from` (or the next
 * window's start when `from` is outside working hours) and skips non-working days, holidays and
 * the hours outside the window. A duration of 0 (or less) returns `from` unchanged. A duration
 * that ends exactly at a window's end returns that end (not the next day's start).
 * Throws when no working time is found within ten years (a calendar without working days).
 */
export function addBusinessTime(calendar: BusinessCalendar, from: Date, durationMs: number): Date {
  if (durationMs <= 0) return new Date(from);
  let remaining = durationMs;
  let day = localDayOf(calendar, from.getTime());
  for (let walked = 0; walked < MAX_DAYS; walked += 1, day += DAY_MS) {
    const window = windowOf(calendar, day);
    if (!window) continue;
    const start = Math.max(window[0], from.getTime());
    if (start >= window[1]) continue;
    const available = window[1] - start;
    if (remaining <= available) return new Date(start + remaining);
    remaining -= available;
  }
  throw new Error(`no working time within ${MAX_DAYS} days after ${from.toISOString()}`);
}

/** Working time between two instants, in ms (0 when `to` is not after `from`). */
export function businessTimeBetween(calendar: BusinessCalendar, from: Date, to: Date): number {
  const end = to.getTime();
  if (end <= from.getTime()) return 0;
  let total = 0;
  const last = localDayOf(calendar, end);
  for (let day = localDayOf(calendar, from.getTime()); day <= last; day += DAY_MS) {
    const window = windowOf(calendar, day);
    if (!window) continue;
    const overlap = Math.min(window[1], end) - Math.max(window[0], from.getTime());
    if (overlap > 0) total += overlap;
  }
  return total;
}
