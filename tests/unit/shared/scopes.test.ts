import { describe, expect, it } from 'vitest';
import { canSubmitSomeForm, hasScope, scopeSet } from '../../../src/shared/scopes';

describe('hasScope(user, scope) (user.scope read as a list or a map)', () => {
  it.each([
    ['a list', ['forms:submit', 'tickets:work']],
    ['a map of scope → true', { 'forms:submit': true, 'tickets:work': true }],
    ['a map with other truthy values', { 'forms:submit': 1, 'tickets:work': 'yes', 'forms:AP:read': false }],
  ] as const)('reads %s', (_label, scope) => {
    const user = { scope };
    expect(hasScope(user, 'tickets:work')).toBe(true);
    expect(hasScope(user, 'forms:submit')).toBe(true);
    expect(hasScope(user, 'forms:AP:read')).toBe(false);
    expect(hasScope(user, 'rolegroups:manage')).toBe(false);
  });

  it.each([
    ['a list', ['admin']],
    ['a map', { admin: true }],
  ] as const)('grants every scope to admin given as %s', (_label, scope) => {
    expect(hasScope({ scope }, 'rolegroups:manage')).toBe(true);
  });

  it.each([
    ['no user', null],
    ['an undefined user', undefined],
    ['a user without scope', {}],
    ['an empty list', { scope: [] }],
    ['an empty map', { scope: {} }],
    ['a map with the scope set to false', { scope: { 'forms:submit': false } }],
    ['a map with the scope set to 0', { scope: { 'forms:submit': 0 } }],
    ['a list with the scope only as a prefix', { scope: ['forms:submit:extra', 'forms'] }],
  ] as const)('is false for %s', (_label, user) => {
    expect(hasScope(user, 'forms:submit')).toBe(false);
  });

  it('ignores non-string entries of a list', () => {
    const list: unknown[] = ['a', 3, 'b'];
    expect([...scopeSet(list as string[])]).toEqual(['a', 'b']);
  });
});

describe('canSubmitSomeForm (what the home page offers)', () => {
  it.each([
    [['forms:submit'], true],
    [['forms:AP:submit'], true],
    [{ 'forms:Vendor:submit': true }, true],
    [['admin'], true],
    [['forms:AP:read', 'tickets:work'], false],
    [{ 'forms:AP:submit': false }, false],
    [[], false],
  ] as const)('scope %j → %s', (scope, expected) => {
    expect(canSubmitSomeForm({ scope })).toBe(expected);
  });
});
