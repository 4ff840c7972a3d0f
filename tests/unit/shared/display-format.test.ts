import { afterEach, describe, expect, it } from 'vitest';
import {
  dateTimeFormat,
  enumLabel,
  formatBytes,
  formatCount,
  formatDate,
  formatDateAndTime,
  formatDateTime,
  formatMoney,
  formatNumber,
  formatScalar,
  formatTime,
  isMoneySchema,
} from '../../../src/shared/display-format';

/** Intl may put a narrow no-break space before AM/PM; compare with plain spaces. */
const plain = (text: string) => text.replace(/[\u202f\u00a0]/g, ' ');

const money = { type: 'number', multipleOf: 0.01 };

describe('display-format', () => {
  it('reads a number with multipleOf 0.01 as money, and nothing else', () => {
    expect(isMoneySchema(money)).toBe(true);
    expect(isMoneySchema({ type: 'number', multipleOf: 0.5 })).toBe(false);
    expect(isMoneySchema({ type: 'number' })).toBe(false);
  });

  it('shows money grouped with two decimals, other numbers grouped as they are', () => {
    expect(formatMoney(7842.5)).toBe('7,842.50');
    expect(formatNumber(7842.5, money)).toBe('7,842.50');
    expect(formatNumber(6900, money)).toBe('6,900.00');
    expect(formatNumber(0.1, money)).toBe('0.10');
    expect(formatNumber(12500, { type: 'integer' })).toBe('12,500');
    expect(formatNumber(2.25, { type: 'number', multipleOf: 0.25 })).toBe('2.25');
  });

  it('writes counts and amounts without Intl exactly as Intl en-US writes them', () => {
    const count = new Intl.NumberFormat('en-US', { maximumFractionDigits: 6 });
    const money = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    let seed = 7;
    const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    const whole = [0, -0, 1, -1, 999, 1000, -1000, 999_999, 1_000_000, 12_500, Number.MAX_SAFE_INTEGER, 2 ** 53, 1e21];
    for (let index = 0; index < 2000; index += 1)
      whole.push(Math.round((random() - 0.3) * 10 ** Math.floor(random() * 15)));
    for (const value of whole) expect(formatCount(value)).toBe(count.format(value));
    const amounts = [0, -0, 0.1 + 0.2, 7842.5, -7842.5, 0.29, 1.005, -0.001, 1e-9, -1e-9, 123_456_789.99, 1e15, 0.125];
    for (let index = 0; index < 2000; index += 1) {
      const cents = Math.round((random() - 0.3) * 10 ** Math.floor(random() * 13));
      amounts.push(cents / 100, (cents / 100) * 3, cents / 1000);
    }
    for (const value of amounts) expect(formatMoney(value)).toBe(money.format(value));
    // a sum of amounts, as the form totals make them
    expect(formatMoney([0.1, 0.2, 0.3].reduce((sum, value) => sum + value, 0))).toBe('0.60');
  });

  it('shows calendar dates without a time-zone shift, and leaves what is not a date as it is', () => {
    expect(formatDate('2026-03-02')).toBe('Mar 2, 2026');
    expect(formatDate('2026-12-31')).toBe('Dec 31, 2026');
    expect(formatDate('soon')).toBe('soon');
  });

  it('shows date-times in the given zone, naming it when asked', () => {
    expect(plain(formatDateTime('2026-03-05T15:04:00Z', 'UTC'))).toBe('Mar 5, 2026, 3:04 PM');
    expect(plain(formatDateTime('2026-03-05T15:04:00Z', 'UTC', true))).toBe('Mar 5, 2026, 3:04 PM UTC');
    expect(plain(formatDateTime('2026-03-05T15:04:00Z', 'America/New_York', true))).toBe('Mar 5, 2026, 10:04 AM EST');
    expect(formatDateTime('never')).toBe('never');
  });

  it('gives the date and the time of a date-time apart, as formatDateTime joins them', () => {
    for (const value of ['2026-03-05T15:04:00Z', '2026-12-31T23:59:59.999Z', '2026-07-01T00:00:00+02:00']) {
      const [day, time] = formatDateAndTime(value);
      expect(day).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/);
      expect(plain(time)).toMatch(/^\d{1,2}:\d{2} [AP]M$/);
      expect(`${day}, ${time}`).toBe(formatDateTime(value));
    }
    expect(formatDateAndTime('never')).toEqual(['never', '']);
  });

  it('keeps one date format per locale and options, and tells time zones apart', () => {
    const options = { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' } as const;
    expect(dateTimeFormat(options)).toBe(dateTimeFormat({ ...options }));
    expect(dateTimeFormat(options)).not.toBe(dateTimeFormat(options, 'en-GB'));
    expect(dateTimeFormat(options)).not.toBe(dateTimeFormat({ ...options, timeZone: 'Asia/Tokyo' }));
    // the same moment, formatted in turn in two zones through the kept formats
    for (let round = 0; round < 2; round += 1) {
      expect(plain(formatDateTime('2026-03-05T15:04:00Z', 'UTC'))).toBe('Mar 5, 2026, 3:04 PM');
      expect(plain(formatDateTime('2026-03-05T15:04:00Z', 'Asia/Tokyo'))).toBe('Mar 6, 2026, 12:04 AM');
    }
  });

  describe('in the runtime zone, without Intl', () => {
    const savedZone = process.env.TZ;
    afterEach(() => {
      if (savedZone === undefined) delete process.env.TZ;
      else process.env.TZ = savedZone;
    });
    /** Every hour of two days around each change of clock of 2026 in the zones below, and a spread of other moments. */
    const moments = [
      ...['2026-03-08', '2026-03-29', '2026-04-05', '2026-10-04', '2026-10-25', '2026-11-01'].flatMap((day) =>
        Array.from({ length: 48 }, (_, hour) => new Date(Date.parse(`${day}T00:00:00Z`) + (hour - 24) * 3_600_000)),
      ),
      ...Array.from(
        { length: 400 },
        (_, index) => new Date(Date.UTC(1999, 0, 1) + index * 86_400_000 * 29.3 + index * 61_000),
      ),
    ].map((date) => date.toISOString());

    it.each(['UTC', 'America/New_York', 'Europe/London', 'Australia/Sydney', 'Asia/Kolkata', 'America/St_Johns'])(
      'writes what Intl en-US writes, character for character, in %s',
      (zone) => {
        process.env.TZ = zone;
        const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
        const date = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });
        const time = new Intl.DateTimeFormat('en-US', { timeStyle: 'short' });
        expect(dateTime.resolvedOptions().timeZone).toBe(
          new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone,
        );
        for (const iso of moments) {
          const moment = new Date(iso);
          expect(formatDateTime(iso)).toBe(dateTime.format(moment));
          expect(formatDateAndTime(iso)).toEqual([date.format(moment), time.format(moment)]);
          expect(formatDate(iso)).toBe(date.format(moment));
        }
        for (const day of ['2026-03-08', '2026-03-29', '2026-10-04', '2026-01-01', '2000-02-29']) {
          expect(formatDate(day)).toBe(date.format(new Date(`${day}T12:00:00Z`)));
        }
        for (const [clock, hours, minutes] of [
          ['00:00', 0, 0],
          ['00:30:00', 0, 30],
          ['12:00', 12, 0],
          ['23:59', 23, 59],
          ['02:30', 2, 30],
        ] as const) {
          const utc = new Intl.DateTimeFormat('en-US', { timeStyle: 'short', timeZone: 'UTC' });
          expect(formatTime(clock)).toBe(utc.format(new Date(Date.UTC(2026, 2, 8, hours, minutes))));
        }
      },
    );

    it('leaves a time of day that is not one as it is', () => {
      expect(formatTime('25:00')).toBe('25:00');
      expect(formatTime('12:61')).toBe('12:61');
    });
  });

  it('shows local times on a 12-hour clock', () => {
    expect(plain(formatTime('14:30:00'))).toBe('2:30 PM');
    expect(plain(formatTime('09:05'))).toBe('9:05 AM');
  });

  it('names enum values by their labels', () => {
    expect(enumLabel('hvac', { oneOf: [{ const: 'hvac', title: 'Heating and cooling' }] }, {})).toBe(
      'Heating and cooling',
    );
    expect(enumLabel('high', { enum: ['low', 'high'] }, { 'ui:enumNames': ['Low', 'High'] })).toBe('High');
    expect(enumLabel('ACH', { enum: ['Check', 'ACH'] }, {})).toBe('ACH');
    expect(enumLabel('free text', { type: 'string' }, {})).toBeUndefined();
  });

  it('formats one scalar by its schema, and shows nothing for an empty value', () => {
    expect(formatScalar(7842.5, money)).toBe('7,842.50');
    expect(formatScalar('2026-04-01', { type: 'string', format: 'date' })).toBe('Apr 1, 2026');
    expect(formatScalar(true, { type: 'boolean' })).toBe('Yes');
    expect(formatScalar(false, { type: 'boolean' })).toBe('No');
    expect(formatScalar('', { type: 'string', format: 'date' })).toBe('');
    expect(formatScalar(undefined, { type: 'string', format: 'date' })).toBe('');
    expect(formatScalar(null, money)).toBe('');
    expect(formatScalar('INV-20931', { type: 'string' })).toBe('INV-20931');
  });

  it('shows file sizes in B, KB and MB', () => {
    expect(formatBytes(70)).toBe('70 B');
    expect(formatBytes(14_540)).toBe('14.2 KB');
    expect(formatBytes(3 * 1024 * 1024)).toBe('3 MB');
  });
});
