/**
 * Role groups, users and scopes (docs/behaviour.md "Role groups"): `rolegroups:manage` only, which
 * only admin holds among the seeded roles.
 */
import { onlyRoles, type MatrixRow } from './types';

const ADMIN = ['admin'] as const;

export const rows: MatrixRow[] = [
  { method: 'GET', route: '/api/role-groups', url: '/api/role-groups', expect: onlyRoles(200, ADMIN) },
  {
    method: 'POST',
    route: '/api/role-groups',
    url: '/api/role-groups',
    body: { name: 'Matrix {unique}', scopes: ['tickets:work'] },
    expect: onlyRoles(201, ADMIN),
  },
  { method: 'GET', route: '/api/role-groups/:id', url: '/api/role-groups/{group}', expect: onlyRoles(200, ADMIN) },
  {
    method: 'PUT',
    route: '/api/role-groups/:id',
    url: '/api/role-groups/{group}',
    body: { name: 'Renamed {unique}', scopes: [], version: 1 },
    expect: onlyRoles(200, ADMIN),
  },
  { method: 'DELETE', route: '/api/role-groups/:id', url: '/api/role-groups/{group}', expect: onlyRoles(204, ADMIN) },
  {
    method: 'PUT',
    route: '/api/role-groups/:id/members/:userId',
    url: '/api/role-groups/{group}/members/{user}',
    expect: onlyRoles(204, ADMIN),
  },
  {
    method: 'DELETE',
    route: '/api/role-groups/:id/members/:userId',
    url: '/api/role-groups/{group}/members/{user}',
    expect: onlyRoles(204, ADMIN),
  },
  { method: 'GET', route: '/api/users', url: '/api/users?q=a', expect: onlyRoles(200, ADMIN) },
  { method: 'GET', route: '/api/users/:id/access', url: '/api/users/{user}/access', expect: onlyRoles(200, ADMIN) },
  { method: 'GET', route: '/api/scopes', url: '/api/scopes', expect: onlyRoles(200, ADMIN) },
];
