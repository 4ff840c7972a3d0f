import { describe, expect, it } from 'vitest';
import { dueDateFor, isBusinessDay, nthBusinessDay } from '../../../src/server/domains/report-tracker/calendar';
import {
  holidayCoverageWarning,
  parseReportTrackerConfig,
  reportTrackerConfig,
} from '../../../src/server/domains/report-tracker/config';

const NONE = new Set<string>();

describe('report tracker business days', () => {
  it('skips weekends: the 1st business day of November 2026 (a Sunday 1st) is Monday the 2nd', () => {
    expect(isBusinessDay('2026-11-01', NONE)).toBe(false);
    expect(nthBusinessDay('2026-11', 1, NONE)).toBe('2026-11-02');
  });

  it('skips configured holidays: with 1 Jan 2027 a holiday, the 1st business day is 4 Jan', () => {
    expect(nthBusinessDay('2027-01', 1, NONE)).toBe('2027-01-01');
    expect(nthBusinessDay('2027-01', 1, new Set(['2027-01-01']))).toBe('2027-01-04');
  });

  it('puts accounting on the 10th and delivery on the 15th business day of the month after the period', () => {
    const { holidays, dueRules } = reportTrackerConfig();
    // December 2026: 1–4, 7–11 are 9 days, 14th the 10th; 25 Dec is a holiday.
    expect(dueDateFor('2026-11', dueRules.accounting.businessDay, holidays)).toBe('2026-12-14');
    expect(dueDateFor('2026-11', dueRules.delivery.businessDay, holidays)).toBe('2026-12-21');
    // January 2027 starts with the New Year holiday: 10th business day is the 15th.
    expect(dueDateFor('2026-12', 10, holidays)).toBe('2027-01-15');
    // November 2026 has Veterans Day (11th): 10th business day is the 16th.
    expect(dueDateFor('2026-10', 10, holidays)).toBe('2026-11-16');
  });

  it('refuses a business day the month does not have', () => {
    expect(() => nthBusinessDay('2026-02', 25, NONE)).toThrow(RangeError);
    expect(() => nthBusinessDay('2026-02', 0, NONE)).toThrow(RangeError);
  });

  it('loads the shipped configuration: 8 reports, New York time, holidays through 2027', () => {
    const config = reportTrackerConfig();
    expect(config.reports).toHaveLength(8);
    expect(config.timeZone).toBe('America/New_York');
    expect(config.holidays.has('2027-01-01')).toBe(true);
    // 4 July 2027 is a Sunday: observed Monday the 5th; 1 Jan 2028 a Saturday: observed Friday 31 Dec.
    expect(config.holidays.has('2027-07-05')).toBe(true);
    expect(config.holidaysThrough).toBe('2027-12-31');
  });

  it('warns when the holiday list does not reach next January, and not before', () => {
    const config = reportTrackerConfig();
    expect(holidayCoverageWarning(config, '2026-11-23')).toBeNull();
    expect(holidayCoverageWarning(config, '2027-01-04')).toMatch(/holidays through 2027-12-31.*through 2028-01-31/);
  });

  it('defaults the time zone to America/New_York and refuses one that is not an IANA zone', () => {
    const base = {
      reports: [{ key: 'a', name: 'A' }],
      dueRules: { accounting: { businessDay: 10 }, delivery: { businessDay: 15 } },
      regionOwners: {},
      holidays: [],
    };
    expect(parseReportTrackerConfig(base).timeZone).toBe('America/New_York');
    expect(parseReportTrackerConfig({ ...base, timeZone: 'Europe/Berlin' }).timeZone).toBe('Europe/Berlin');
    expect(() => parseReportTrackerConfig({ ...base, timeZone: 'Eastern' })).toThrow(
      /timeZone "Eastern" is not an IANA/,
    );
  });

  it('lists every problem of a wrong configuration, duplicate report keys included', () => {
    expect(() => parseReportTrackerConfig({ reports: [], dueRules: {} })).toThrow(/reports[\s\S]*dueRules/);
    const duplicate = {
      reports: [
        { key: 'a', name: 'A' },
        { key: 'a', name: 'B' },
      ],
      dueRules: { accounting: { businessDay: 10 }, delivery: { businessDay: 15 } },
      regionOwners: {},
      holidays: [],
    };
    expect(() => parseReportTrackerConfig(duplicate)).toThrow(/"a" appears twice/);
  });
});
