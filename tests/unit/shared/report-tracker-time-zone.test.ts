import { describe, expect, it } from 'vitest';
import { calendarDateIn, isCellOverdue, periodIn } from '../../../src/shared/report-tracker';
import { todayFor } from '../../../src/server/domains/report-tracker/read';

const NY = 'America/New_York';

describe('report tracker days in the organisation’s time zone', () => {
  it('turns the day at local midnight, not UTC midnight (EST, UTC−5)', () => {
    expect(calendarDateIn(new Date('2026-11-24T04:59:59Z'), NY)).toBe('2026-11-23');
    expect(calendarDateIn(new Date('2026-11-24T05:00:00Z'), NY)).toBe('2026-11-24');
    expect(calendarDateIn(new Date('2026-11-24T04:59:59Z'), 'UTC')).toBe('2026-11-24');
  });

  it('follows daylight saving time: UTC−4 in summer, and both changeover days', () => {
    expect(calendarDateIn(new Date('2026-07-01T03:59:59Z'), NY)).toBe('2026-06-30');
    expect(calendarDateIn(new Date('2026-07-01T04:00:00Z'), NY)).toBe('2026-07-01');
    // Spring forward, Sunday 8 March 2026: the day before ends at 05:00Z (EST), the day itself at 04:00Z (EDT).
    expect(calendarDateIn(new Date('2026-03-08T04:59:59Z'), NY)).toBe('2026-03-07');
    expect(calendarDateIn(new Date('2026-03-08T05:00:00Z'), NY)).toBe('2026-03-08');
    expect(calendarDateIn(new Date('2026-03-09T03:59:59Z'), NY)).toBe('2026-03-08');
    expect(calendarDateIn(new Date('2026-03-09T04:00:00Z'), NY)).toBe('2026-03-09');
    // Fall back, Sunday 1 November 2026: that day starts at 04:00Z (EDT) and ends at 05:00Z on the 2nd (EST).
    expect(calendarDateIn(new Date('2026-11-01T03:59:59Z'), NY)).toBe('2026-10-31');
    expect(calendarDateIn(new Date('2026-11-01T04:00:00Z'), NY)).toBe('2026-11-01');
    expect(calendarDateIn(new Date('2026-11-02T04:59:59Z'), NY)).toBe('2026-11-01');
    expect(calendarDateIn(new Date('2026-11-02T05:00:00Z'), NY)).toBe('2026-11-02');
  });

  it('keeps the evening of the last day of a month in that month, and of 31 December in that year', () => {
    expect(periodIn(new Date('2026-12-01T03:00:00Z'), NY)).toBe('2026-11');
    expect(periodIn(new Date('2027-01-01T04:59:00Z'), NY)).toBe('2026-12');
    expect(periodIn(new Date('2027-01-01T05:00:00Z'), NY)).toBe('2027-01');
    expect(periodIn(new Date('2026-12-01T03:00:00Z'), 'Asia/Tokyo')).toBe('2026-12');
  });

  it('calls a cell due on 14 December overdue only once that day has ended in New York', () => {
    const cell = { status: 'In review' as const, dueDate: '2026-12-14' };
    const config = { timeZone: NY };
    expect(isCellOverdue(cell, todayFor(config, new Date('2026-12-15T04:59:00Z')))).toBe(false);
    expect(isCellOverdue(cell, todayFor(config, new Date('2026-12-15T05:00:00Z')))).toBe(true);
  });

  it('refuses an unknown zone', () => {
    expect(() => calendarDateIn(new Date(), 'Mars/Olympus_Mons')).toThrow(RangeError);
  });
});
