import { describe, expect, it } from 'vitest';
import { groupsFromClaims, identityFromClaims, mappedRoleGroups } from '../../../src/server/plugins/auth/index';

describe('claims of an access token', () => {
  it('reads the group claim as a JSON array or a space-separated string, ignoring other types', () => {
    expect(groupsFromClaims({ groups: ['Accounting', 7, 'HR'] }, 'groups')).toEqual(['Accounting', 'HR']);
    expect(groupsFromClaims({ roles: 'IT  Portal' }, 'roles')).toEqual(['IT', 'Portal']);
    expect(groupsFromClaims({ groups: { a: 1 } }, 'groups')).toEqual([]);
    expect(groupsFromClaims({}, 'groups')).toEqual([]);
  });

  it('takes name and e-mail from standard claims, with the Entra ID fallbacks', () => {
    expect(identityFromClaims({ name: 'Ada Admin', email: 'admin@tm.example' }, 's')).toEqual({
      name: 'Ada Admin',
      email: 'admin@tm.example',
    });
    expect(identityFromClaims({ preferred_username: 'ada@contoso.com' }, 's')).toEqual({
      name: 'ada@contoso.com',
      email: 'ada@contoso.com',
    });
    expect(identityFromClaims({ preferred_username: 'ada' }, 's')).toEqual({ name: 'ada', email: null });
    expect(identityFromClaims({ name: '' }, 'subject-1')).toEqual({ name: 'subject-1', email: null });
  });

  it('maps identity-provider groups to role-group names through OIDC_GROUP_MAP, once each', () => {
    const map = { 'guid-1': ['Accounting'], 'guid-2': ['IT', 'Accounting'] };
    expect(mappedRoleGroups(['guid-1', 'guid-2', 'unmapped'], map)).toEqual(['Accounting', 'IT']);
    expect(mappedRoleGroups(['toString', '__proto__'], map)).toEqual([]);
    expect(mappedRoleGroups([], map)).toEqual([]);
  });
});
