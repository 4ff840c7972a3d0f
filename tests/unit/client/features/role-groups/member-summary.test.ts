import { describe, expect, it } from 'vitest';
import { memberSummary, memberSummaryTitle } from '../../../../../src/client/features/role-groups/member-summary';

const group = (memberCount: number, idpGroupIds: string[], includesEveryone = false) => ({
  memberCount,
  idpGroupIds,
  includesEveryone,
});

describe('the Members cell of /RoleGroups', () => {
  it('shows the count alone when nobody belongs through an identity-provider group', () => {
    expect(memberSummary(group(3, []))).toBe('3');
    expect(memberSummaryTitle(group(3, []))).toBeUndefined();
  });

  it('says "everyone" for the group everyone belongs to', () => {
    expect(memberSummary(group(0, ['X'], true))).toBe('everyone');
  });

  it('adds the identity-provider groups whose members are not counted', () => {
    expect(memberSummary(group(0, ['Administrators']))).toBe('0 + identity-provider group "Administrators"');
    expect(memberSummary(group(2, ['A', 'B']))).toBe('2 + identity-provider groups "A", "B"');
    expect(memberSummary(group(1, ['A', 'B', 'C', 'D']))).toBe('1 + identity-provider groups "A", "B" and 2 more');
    expect(memberSummaryTitle(group(0, ['A']))).toMatch(/not counted/);
  });
});
