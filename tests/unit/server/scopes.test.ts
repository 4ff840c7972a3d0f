import { describe, expect, it } from 'vitest';
import { areaScope, canReadAllOfArea, canSubmitArea, hasScope, scopeSet } from '../../../src/shared/scopes';

describe('hasScope (user.scope as a list or a map)', () => {
  it.each([
    ['a list', ['forms:submit', 'tickets:work']],
    ['a map', { 'forms:submit': true, 'tickets:work': 1, 'forms:AP:read': false }],
    ['a space-separated string', 'forms:submit tickets:work'],
  ])('reads %s', (_label, scope) => {
    const user = { scope };
    expect(hasScope(user, 'tickets:work')).toBe(true);
    expect(hasScope(user, 'forms:submit')).toBe(true);
    expect(hasScope(user, 'forms:AP:read')).toBe(false);
  });

  it('grants everything to admin', () => {
    expect(hasScope({ scope: ['admin'] }, 'rolegroups:manage')).toBe(true);
    expect(canReadAllOfArea({ scope: { admin: true } }, 'AP')).toBe(true);
  });

  it('is false for a missing user, a missing scope or a falsy map entry', () => {
    expect(hasScope(null, 'forms:submit')).toBe(false);
    expect(hasScope({}, 'forms:submit')).toBe(false);
    expect(hasScope({ scope: { 'forms:submit': 0 } }, 'forms:submit')).toBe(false);
  });

  it('combines the area scopes the server enforces', () => {
    expect(areaScope('AP', 'read')).toBe('forms:AP:read');
    expect(canSubmitArea({ scope: ['forms:AP:submit'] }, 'AP')).toBe(true);
    expect(canSubmitArea({ scope: ['forms:AP:submit'] }, 'Vendor')).toBe(false);
    expect(canSubmitArea({ scope: ['forms:submit'] }, 'Vendor')).toBe(true);
    expect(canReadAllOfArea({ scope: ['forms:submit'] }, 'AP')).toBe(false);
    expect([...scopeSet(['a', 'a', 'b'])]).toEqual(['a', 'b']);
  });
});
