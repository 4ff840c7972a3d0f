/**
 * Business-day rules of the report tracker (docs/behaviour.md "Report tracker due dates"): a
 * business day is Monday to Friday and not a configured holiday. Dates are ISO calendar dates
 * (`YYYY-MM-DD`), computed in UTC-free calendar arithmetic with date-fns (no time zone can shift a
 * due date).
 */
import { addDays, addMonths, format, isWeekend, parseISO } from 'date-fns';

/** True when `date` (`YYYY-MM-DD`) is a weekday that is not in `holidays`. */
export function isBusinessDay(date: string, holidays: ReadonlySet<string>): boolean {
  return !isWeekend(parseISO(date)) && !holidays.has(date);
}

/**
 * The `n`-th business day (1-based) of the month `month` (`YYYY-MM`), as `YYYY-MM-DD`.
 * Throws RangeError when `n` < 1 or the month has fewer than `n` business days.
 */
export function nthBusinessDay(month: string, n: number, holidays: ReadonlySet<string>): string {
  if (!Number.isInteger(n) || n < 1) throw new RangeError(`business day must be a whole number ≥ 1, got ${n}`);
  let day = parseISO(`${month}-01`);
  let count = 0;
  while (format(day, 'yyyy-MM') === month) {
    const text = format(day, 'yyyy-MM-dd');
    if (isBusinessDay(text, holidays)) {
      count += 1;
      if (count === n) return text;
    }
    day = addDays(day, 1);
  }
  throw new RangeError(`${month} has fewer than ${n} business days`);
}

/**
 * Due date of a reporting period's work: the `businessDay`-th business day of the month AFTER
 * `period` (`YYYY-MM`), when month-end close happens. E.g. period 2026-11, day 10 → 2026-12-14.
 */
export function dueDateFor(period: string, businessDay: number, holidays: ReadonlySet<string>): string {
  const next = format(addMonths(parseISO(`${period}-01`), 1), 'yyyy-MM');
  return nthBusinessDay(next, businessDay, holidays);
}
