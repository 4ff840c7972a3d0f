/**
 * Tickets and history (docs/behaviour.md "Ticket visibility";
 * src/server/domains/submissions/visibility.ts): lists are signed-in and filtered; by id, another
 * user's ticket is 404 unless the role reads the whole area (Accounting reads AP), it is assigned
 * to the user (or their group), or the role is admin. An assignee without `tickets:work` (employee)
 * reads it but may not set any field (403). Handlers hold `tickets:work` (every department group;
 * admin): only they set priority, assignee and due date, and post internal comments (403 for the
 * requester alone).
 */
import { onlyRoles, signedIn, type MatrixRow } from './types';

const HANDLERS = ['accounting', 'maintenance', 'risk', 'it', 'admin'] as const;
const OTHERS_TICKET = { ...signedIn(404), accounting: 200, admin: 200 };

export const rows: MatrixRow[] = [
  { method: 'GET', route: '/api/tickets', url: '/api/tickets', expect: signedIn(200) },
  { method: 'GET', route: '/api/tickets/counts', url: '/api/tickets/counts', expect: signedIn(200) },
  { method: 'GET', route: '/api/tickets/export.csv', url: '/api/tickets/export.csv', expect: signedIn(200) },
  { method: 'GET', route: '/api/tickets/assignees', url: '/api/tickets/assignees', expect: onlyRoles(200, HANDLERS) },
  { method: 'GET', route: '/api/tickets/:id', url: '/api/tickets/{id}', object: 'own', expect: signedIn(200) },
  { method: 'GET', route: '/api/tickets/:id', url: '/api/tickets/{id}', object: 'other', expect: OTHERS_TICKET },
  { method: 'GET', route: '/api/tickets/:id', url: '/api/tickets/{id}', object: 'assigned', expect: signedIn(200) },
  {
    method: 'PATCH',
    route: '/api/tickets/:id',
    url: '/api/tickets/{fresh}',
    object: 'assigned',
    body: { status: 'In progress', version: 1 },
    expect: { ...signedIn(200), employee: 403 },
  },
  {
    method: 'PATCH',
    route: '/api/tickets/:id',
    url: '/api/tickets/{fresh}',
    object: 'assigned',
    body: { dueAt: '2030-01-31T17:00:00Z', version: 1 },
    expect: { ...signedIn(200), employee: 403 },
  },
  {
    method: 'PATCH',
    route: '/api/tickets/:id',
    url: '/api/tickets/{fresh}',
    object: 'own',
    body: { priority: 'High', version: 1 },
    expect: { ...signedIn(200), employee: 403 },
  },
  {
    method: 'PATCH',
    route: '/api/tickets/:id',
    url: '/api/tickets/{fresh}',
    object: 'own',
    body: { status: 'Closed', version: 1 },
    expect: { ...signedIn(200), employee: 409 },
  },
  {
    method: 'PATCH',
    route: '/api/tickets/:id',
    url: '/api/tickets/{fresh}',
    object: 'other',
    body: { priority: 'High', version: 1 },
    expect: OTHERS_TICKET,
  },
  {
    method: 'GET',
    route: '/api/tickets/:id/comments',
    url: '/api/tickets/{id}/comments',
    object: 'own',
    expect: signedIn(200),
  },
  {
    method: 'GET',
    route: '/api/tickets/:id/comments',
    url: '/api/tickets/{id}/comments',
    object: 'other',
    expect: OTHERS_TICKET,
  },
  {
    method: 'GET',
    route: '/api/tickets/:id/comments',
    url: '/api/tickets/{id}/comments',
    object: 'assigned',
    expect: signedIn(200),
  },
  {
    method: 'POST',
    route: '/api/tickets/:id/comments',
    url: '/api/tickets/{fresh}/comments',
    object: 'own',
    body: { body: '<p>Matrix comment {unique}</p>' },
    expect: signedIn(201),
  },
  {
    method: 'POST',
    route: '/api/tickets/:id/comments',
    url: '/api/tickets/{fresh}/comments',
    object: 'own',
    body: { body: '<p>Internal {unique}</p>', isInternal: true },
    expect: { ...signedIn(201), employee: 403 },
  },
  {
    method: 'POST',
    route: '/api/tickets/:id/comments',
    url: '/api/tickets/{fresh}/comments',
    object: 'other',
    body: { body: '<p>Matrix comment {unique}</p>' },
    expect: { ...signedIn(404), accounting: 201, admin: 201 },
  },
  { method: 'GET', route: '/api/changes', url: '/api/changes', expect: signedIn(200) },
];
