/**
 * Assignment rules (docs/behaviour.md "Routing rules"): every `/api/assignment-rules` route needs
 * `assignments:manage`, which among the seeded roles only admin holds (through `admin`).
 * A submission's assignment follows the submission visibility rule: the requester, area-wide
 * readers (Accounting reads AP) and admin; anyone else gets 404.
 */
import { onlyRoles, signedIn, type MatrixRow } from './types';

const ADMIN = ['admin'] as const;
const RULE = { name: 'Matrix rule {unique}', area: 'AP', property: 'P-1024', enabled: false, assigneeUserId: '{user}' };

export const rows: MatrixRow[] = [
  { method: 'GET', route: '/api/assignment-rules', url: '/api/assignment-rules', expect: onlyRoles(200, ADMIN) },
  {
    method: 'GET',
    route: '/api/assignment-rules/assignees',
    url: '/api/assignment-rules/assignees',
    expect: onlyRoles(200, ADMIN),
  },
  {
    method: 'GET',
    route: '/api/assignment-rules/:id',
    url: '/api/assignment-rules/{rule}',
    expect: onlyRoles(200, ADMIN),
  },
  {
    method: 'POST',
    route: '/api/assignment-rules',
    url: '/api/assignment-rules',
    body: RULE,
    expect: onlyRoles(201, ADMIN),
  },
  {
    method: 'PUT',
    route: '/api/assignment-rules/:id',
    url: '/api/assignment-rules/{rule}',
    body: { ...RULE, name: 'Renamed rule {unique}', version: 1 },
    expect: onlyRoles(200, ADMIN),
  },
  {
    method: 'PUT',
    route: '/api/assignment-rules/:id/enabled',
    url: '/api/assignment-rules/{rule}/enabled',
    body: { enabled: true, version: 1 },
    expect: onlyRoles(200, ADMIN),
  },
  {
    method: 'PUT',
    route: '/api/assignment-rules/order',
    url: '/api/assignment-rules/order',
    body: { ids: '{ruleIds}' },
    expect: onlyRoles(200, ADMIN),
  },
  {
    method: 'DELETE',
    route: '/api/assignment-rules/:id',
    url: '/api/assignment-rules/{rule}?version=1',
    expect: onlyRoles(204, ADMIN),
  },
  {
    method: 'GET',
    route: '/api/assignment-rules/:id/preview',
    url: '/api/assignment-rules/{rule}/preview',
    expect: onlyRoles(200, ADMIN),
  },
  {
    method: 'POST',
    route: '/api/assignment-rules/preview',
    url: '/api/assignment-rules/preview',
    body: { name: 'Preview {unique}', area: 'AP' },
    expect: onlyRoles(200, ADMIN),
  },
  {
    method: 'GET',
    route: '/api/areas/:key/submissions/:id/assignment',
    url: '/api/areas/AP/submissions/{id}/assignment',
    object: 'own',
    expect: signedIn(200),
  },
  {
    method: 'GET',
    route: '/api/areas/:key/submissions/:id/assignment',
    url: '/api/areas/AP/submissions/{id}/assignment',
    object: 'other',
    expect: { ...signedIn(404), accounting: 200, admin: 200 },
  },
  {
    method: 'GET',
    route: '/api/areas/:key/submissions/:id/assignment',
    url: '/api/areas/AP/submissions/{id}/assignment',
    object: 'assigned',
    expect: signedIn(200),
  },
];
