import { describe, expect, it } from 'vitest';
import {
  isCellOverdue,
  isDeliveryLate,
  periodOf,
  propertyAccountingStatus,
  shiftPeriod,
} from '../../../src/shared/report-tracker';
import { nextStatus } from '../../../src/client/features/report-tracker/components/accounting-grid';
import { expectedVersion } from '../../../src/server/routes/api/report-tracker/index';

describe('report tracker rules', () => {
  it('shifts months across year ends', () => {
    expect(shiftPeriod('2026-01', -1)).toBe('2025-12');
    expect(shiftPeriod('2026-09', -11)).toBe('2025-10');
    expect(shiftPeriod('2026-12', 1)).toBe('2027-01');
    expect(periodOf(new Date('2026-11-30T23:59:59Z'))).toBe('2026-11');
  });

  it('calls a cell overdue only when not Complete and past due, and a delivery Late only when Pending and past due', () => {
    expect(isCellOverdue({ status: 'In review', dueDate: '2026-11-13' }, '2026-11-14')).toBe(true);
    expect(isCellOverdue({ status: 'In review', dueDate: '2026-11-14' }, '2026-11-14')).toBe(false);
    expect(isCellOverdue({ status: 'Complete', dueDate: '2026-01-01' }, '2026-11-14')).toBe(false);
    expect(isDeliveryLate({ status: 'Pending', dueDate: '2026-11-13' }, '2026-11-14')).toBe(true);
    expect(isDeliveryLate({ status: 'Delivered', dueDate: '2026-11-13' }, '2026-11-14')).toBe(false);
  });

  it('cycles a cell Not started → In progress → In review → Complete → Not started', () => {
    expect(nextStatus('Not started')).toBe('In progress');
    expect(nextStatus('In progress')).toBe('In review');
    expect(nextStatus('In review')).toBe('Complete');
    expect(nextStatus('Complete')).toBe('Not started');
  });

  it('reads the expected version from If-Match first, then the body, and asks for one otherwise', () => {
    expect(expectedVersion('"3"', 9)).toBe(3);
    expect(expectedVersion('W/"4"', undefined)).toBe(4);
    expect(expectedVersion(undefined, 5)).toBe(5);
    expect(() => expectedVersion('*', undefined)).toThrow(/If-Match/);
    expect(() => expectedVersion(undefined, undefined)).toThrow(expect.objectContaining({ statusCode: 428 }));
  });
});

describe('propertyAccountingStatus (overview counts per property)', () => {
  it.each([
    [[], 'Not started'],
    [['Not started', 'Not started'], 'Not started'],
    [['Complete', 'Complete'], 'Complete'],
    [['Complete', 'In review'], 'In review'],
    [['In review', 'In review'], 'In review'],
    [['In review', 'Not started'], 'In progress'],
    [['Complete', 'Not started'], 'In progress'],
    [['In progress', 'Complete'], 'In progress'],
  ] as const)('%j → %s', (statuses, expected) => {
    expect(propertyAccountingStatus(statuses)).toBe(expected);
  });
});
