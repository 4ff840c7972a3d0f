import { describe, expect, it } from 'vitest';
import {
  dateTimeFormat,
  enumLabel,
  formatBytes,
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
