import { describe, expect, it } from 'vitest';
import { approvalConditionHolds, describeApprovalProblems } from '../../../src/shared/approvals';

describe('approvalConditionHolds', () => {
  const data = { amount: 6000, limit: 5000, rush: true, kind: 'New hardware', due: '2026-04-01' };

  it('holds without a condition, and compares a field with a value or another field', () => {
    expect(approvalConditionHolds(undefined, data)).toBe(true);
    expect(approvalConditionHolds({ field: '/amount', op: '>', value: 5000 }, data)).toBe(true);
    expect(approvalConditionHolds({ field: '/amount', op: '>', value: 6000 }, data)).toBe(false);
    expect(approvalConditionHolds({ field: '/amount', op: '>', other: '/limit' }, data)).toBe(true);
    expect(approvalConditionHolds({ field: '/due', op: '<', value: '2026-05-01' }, data)).toBe(true);
  });

  it('compares booleans with == and != only, and never values of different kinds or missing ones', () => {
    expect(approvalConditionHolds({ field: '/rush', op: '==', value: true }, data)).toBe(true);
    expect(approvalConditionHolds({ field: '/rush', op: '!=', value: true }, data)).toBe(false);
    expect(approvalConditionHolds({ field: '/rush', op: '>', value: false }, data)).toBe(false);
    expect(approvalConditionHolds({ field: '/amount', op: '>', value: '5000' }, data)).toBe(false);
    expect(approvalConditionHolds({ field: '/missing', op: '!=', value: 1 }, data)).toBe(false);
  });

  it('combines comparisons with any and all', () => {
    const big = { field: '/amount', op: '>', value: 10000 } as const;
    const hardware = { field: '/kind', op: '==', value: 'New hardware' } as const;
    expect(approvalConditionHolds({ any: [big, hardware] }, data)).toBe(true);
    expect(approvalConditionHolds({ all: [big, hardware] }, data)).toBe(false);
  });
});

describe('describeApprovalProblems', () => {
  const schema = {
    type: 'object',
    properties: { amount: { type: 'number' }, email: { type: 'string', format: 'email' } },
  };

  it('accepts a group step and an e-mail field step', () => {
    expect(
      describeApprovalProblems(
        [
          { id: 'a', name: 'A', when: { field: '/amount', op: '>', value: 1 }, approvers: { group: 'Anyone' } },
          { id: 'b', name: 'B', approvers: { field: '/email' } },
        ],
        schema,
      ),
    ).toEqual([]);
  });

  it('refuses a pointer without its slash and a nested approver field', () => {
    expect(
      describeApprovalProblems(
        [{ id: 'a', name: 'A', when: { field: 'amount', op: '>', value: 1 }, approvers: { field: '/email/x' } }],
        schema,
      ),
    ).toEqual([
      ['/approvals/0/when', '"amount" is not a JSON Pointer (write "/amount")'],
      [
        '/approvals/0/approvers/field',
        '"/email/x" is not a top-level text property with "format": "email" (the approver\'s e-mail address)',
      ],
    ]);
  });
});
