/**
 * Business-time arithmetic (src/server/domains/sla/business-time.ts) and the targets file check
 * (domains/sla/config.ts), in America/New_York: weekends, holidays, hours outside the window and
 * the daylight-saving changes of 2026 (8 March, 1 November).
 */
import { describe, expect, it } from 'vitest';
import {
  addBusinessTime,
  businessTimeBetween,
  parseSlaConfig,
  type BusinessCalendar,
} from '../../../src/server/domains/sla';

const HOUR = 3_600_000;
const ZONE = 'America/New_York';
const office: BusinessCalendar = {
  timeZone: ZONE,
  days: new Set([1, 2, 3, 4, 5]),
  startMinute: 9 * 60,
  endMinute: 17 * 60,
  holidays: new Set(['2026-01-19', '2026-07-03']),
};
const allDay: BusinessCalendar = {
  ...office,
  days: new Set([1, 2, 3, 4, 5, 6, 7]),
  startMinute: 0,
  endMinute: 24 * 60,
  holidays: new Set(),
};
const at = (local: string, offset: string) => new Date(`${local}:00${offset}`);

describe('addBusinessTime', () => {
  it('carries what is left on Friday over the weekend to Monday', () => {
    expect(addBusinessTime(office, at('2026-01-09T16:00', '-05:00'), 4 * HOUR)).toEqual(
      at('2026-01-12T12:00', '-05:00'),
    );
  });

  it('skips a holiday (Monday 19 January 2026) and lands on Tuesday', () => {
    expect(addBusinessTime(office, at('2026-01-16T16:00', '-05:00'), 4 * HOUR)).toEqual(
      at('2026-01-20T12:00', '-05:00'),
    );
  });

  it('starts from the next opening when the start is before or after hours', () => {
    expect(addBusinessTime(office, at('2026-01-05T07:00', '-05:00'), HOUR)).toEqual(at('2026-01-05T10:00', '-05:00'));
    expect(addBusinessTime(office, at('2026-01-05T18:00', '-05:00'), HOUR)).toEqual(at('2026-01-06T10:00', '-05:00'));
    expect(addBusinessTime(office, at('2026-01-10T12:00', '-05:00'), HOUR)).toEqual(at('2026-01-12T10:00', '-05:00'));
  });

  it('ends at closing time rather than the next opening, and adds nothing for 0', () => {
    expect(addBusinessTime(office, at('2026-01-05T09:00', '-05:00'), 8 * HOUR)).toEqual(
      at('2026-01-05T17:00', '-05:00'),
    );
    const saturday = at('2026-01-10T12:00', '-05:00');
    expect(addBusinessTime(office, saturday, 0)).toEqual(saturday);
  });

  it('keeps local opening hours across the spring-forward weekend (EST → EDT)', () => {
    // Friday 6 March 16:00 EST + 2 h: 1 h on Friday, 1 h from Monday 09:00 EDT
    expect(addBusinessTime(office, at('2026-03-06T16:00', '-05:00'), 2 * HOUR)).toEqual(
      at('2026-03-09T10:00', '-04:00'),
    );
    // the whole DST week: Monday 09:00 EDT + 40 h = Friday 17:00 EDT
    expect(addBusinessTime(office, at('2026-03-09T09:00', '-04:00'), 40 * HOUR)).toEqual(
      at('2026-03-13T17:00', '-04:00'),
    );
  });

  it('counts the 23-hour and 25-hour days of a round-the-clock calendar', () => {
    expect(addBusinessTime(allDay, at('2026-03-08T00:00', '-05:00'), 24 * HOUR)).toEqual(
      at('2026-03-09T01:00', '-04:00'),
    );
    expect(addBusinessTime(allDay, at('2026-11-01T00:00', '-04:00'), 24 * HOUR)).toEqual(
      at('2026-11-01T23:00', '-05:00'),
    );
  });

  it('throws for a calendar without working days instead of looping for ever', () => {
    expect(() => addBusinessTime({ ...office, days: new Set() }, at('2026-01-05T09:00', '-05:00'), HOUR)).toThrow(
      /no working time/,
    );
  });
});

describe('businessTimeBetween', () => {
  it('counts only working hours, skipping weekends and holidays', () => {
    expect(businessTimeBetween(office, at('2026-01-09T16:00', '-05:00'), at('2026-01-12T12:00', '-05:00'))).toBe(
      4 * HOUR,
    );
    expect(businessTimeBetween(office, at('2026-01-16T16:00', '-05:00'), at('2026-01-20T12:00', '-05:00'))).toBe(
      4 * HOUR,
    );
    expect(businessTimeBetween(office, at('2026-01-05T18:00', '-05:00'), at('2026-01-06T08:00', '-05:00'))).toBe(0);
  });

  it('agrees with addBusinessTime across the DST change and is 0 backwards', () => {
    const from = at('2026-03-06T10:30', '-05:00');
    const to = addBusinessTime(office, from, 13.5 * HOUR);
    expect(businessTimeBetween(office, from, to)).toBe(13.5 * HOUR);
    expect(businessTimeBetween(office, to, from)).toBe(0);
    expect(businessTimeBetween(allDay, at('2026-03-08T00:00', '-05:00'), at('2026-03-09T00:00', '-04:00'))).toBe(
      23 * HOUR,
    );
  });
});

describe('parseSlaConfig', () => {
  const organisation = { timeZone: ZONE, holidays: new Set<string>() };
  const file = {
    businessHours: { days: [1, 2, 3, 4, 5], start: '09:00', end: '17:00' },
    defaults: {
      Urgent: { firstResponse: 1, resolution: 8 },
      High: { firstResponse: 4, resolution: 16 },
      Normal: { firstResponse: 8, resolution: 40 },
      Low: { firstResponse: 16, resolution: 80 },
    },
    areas: { TechnologyRequest: { Urgent: { firstResponse: 0.5 } }, TicketFeedback: null },
  };

  it('merges area overrides over the defaults, and null gives an area no service level', () => {
    const policy = parseSlaConfig(file, 'sla.json', organisation);
    expect(policy.targetsFor('TechnologyRequest', 'Urgent')).toEqual({
      firstResponseMs: HOUR / 2,
      resolutionMs: 8 * HOUR,
    });
    expect(policy.targetsFor('AP', 'Low')).toEqual({ firstResponseMs: 16 * HOUR, resolutionMs: 80 * HOUR });
    expect(policy.targetsFor('TicketFeedback', 'Urgent')).toBeNull();
    expect(policy.unknownAreas(['AP', 'TicketFeedback'])).toEqual(['TechnologyRequest']);
  });

  it('lists every problem with its JSON Pointer and the file name', () => {
    const bad = {
      ...file,
      businessHours: { days: [0, 1], start: '9:00', end: '17:00' },
      defaults: { ...file.defaults, High: undefined, Normal: { firstResponse: 0, resolution: 1 } },
      areas: { AP: { Critical: { firstResponse: 1 } } },
    };
    const error = (() => {
      try {
        parseSlaConfig(JSON.parse(JSON.stringify(bad)), 'config/sla.json', organisation);
      } catch (caught) {
        return String(caught);
      }
      return '';
    })();
    expect(error).toContain('config/sla.json is invalid');
    for (const path of [
      '/businessHours/days/0',
      '/businessHours/start',
      '/defaults',
      '/defaults/Normal/firstResponse',
      '/areas/AP',
    ]) {
      expect(error).toContain(path);
    }
  });

  it('refuses working hours that end before they start', () => {
    expect(() =>
      parseSlaConfig({ ...file, businessHours: { days: [1], start: '17:00', end: '09:00' } }, 'sla.json', organisation),
    ).toThrow(/\/businessHours\/end must be later/);
  });
});
