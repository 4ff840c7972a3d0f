/**
 * Tickets and history (docs/behaviour.md "Ticket visibility", "Ticket handlers";
 * src/server/domains/submissions/visibility.ts): lists are signed-in and filtered; by id, another
 * user's ticket is 404 unless the role reads the whole area (Accounting reads AP, Risk reads
 * IncidentForm), it is assigned to the user (or their group), or the role is admin. An assignee
 * without `tickets:work` (employee) reads it but may not set any field (403). A ticket's handlers
 * are admin and the holders of `tickets:work` (every department group) who read its area or are
 * its assignee (user or group): only they set priority, assignee and due date, take the handlers'
 * status steps (409 for anyone else) and post internal comments (403). `tickets:work` alone
 * handles nothing: the Maintenance, Risk and IT handlers who file an AP invoice, and the
 * Accounting, Maintenance and IT handlers who file an incident (routed to Risk & compliance), are
 * only its requesters.
 */
import { onlyRoles, signedIn, type MatrixRow } from './types';

const HANDLERS = ['accounting', 'maintenance', 'risk', 'it', 'admin'] as const;
const OTHERS_TICKET = { ...signedIn(404), accounting: 200, admin: 200 };
/** Another user's incident: Risk reads the area (and is the assignee group), admin everything. */
const OTHERS_INCIDENT = { ...signedIn(404), risk: 200, admin: 200 };
/** A field or step only the ticket's handlers may take, on one's own ticket of area `handler` handles. */
const HANDLER_ONLY = (status: number, handler: 'accounting' | 'risk', refused = 403) => ({
  ...signedIn(refused),
  [handler]: status,
  admin: status,
});

export const rows: MatrixRow[] = [
  { method: 'GET', route: '/api/tickets', url: '/api/tickets', expect: signedIn(200) },
  { method: 'GET', route: '/api/tickets/counts', url: '/api/tickets/counts', expect: signedIn(200) },
  { method: 'GET', route: '/api/tickets/export.csv', url: '/api/tickets/export.csv', expect: signedIn(200) },
  { method: 'GET', route: '/api/tickets/assignees', url: '/api/tickets/assignees', expect: onlyRoles(200, HANDLERS) },
  {
    // `tickets:work` only; each ticket is then judged as its own PATCH (here: unknown, so not_found)
    method: 'POST',
    route: '/api/tickets/bulk',
    url: '/api/tickets/bulk',
    body: { items: [{ id: '00000000-0000-4000-8000-000000000000', version: 1 }], patch: { priority: 'High' } },
    expect: onlyRoles(200, HANDLERS),
  },
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
    expect: HANDLER_ONLY(200, 'accounting'),
  },
  {
    method: 'PATCH',
    route: '/api/tickets/:id',
    url: '/api/tickets/{fresh}',
    object: 'own',
    body: { status: 'Closed', version: 1 },
    expect: HANDLER_ONLY(200, 'accounting', 409),
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
    expect: HANDLER_ONLY(201, 'accounting'),
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
  // A requester who handles other areas: their own incident, routed to Risk & compliance (Assigned).
  {
    method: 'GET',
    route: '/api/tickets/:id',
    url: '/api/tickets/{id}',
    object: 'own',
    area: 'IncidentForm',
    expect: signedIn(200),
  },
  ...[
    { priority: 'High' },
    { dueAt: '2030-01-31T17:00:00Z' },
    { assigneeUserId: '{user}' },
    { assigneeGroupId: '{group}' },
  ].map((field): MatrixRow => ({
    method: 'PATCH',
    route: '/api/tickets/:id',
    url: '/api/tickets/{fresh}',
    object: 'own',
    area: 'IncidentForm',
    body: { ...field, version: 1 },
    expect: HANDLER_ONLY(200, 'risk'),
  })),
  ...['In progress', 'Closed'].map((status): MatrixRow => ({
    method: 'PATCH',
    route: '/api/tickets/:id',
    url: '/api/tickets/{fresh}',
    object: 'own',
    area: 'IncidentForm',
    body: { status, version: 1 },
    expect: HANDLER_ONLY(200, 'risk', 409),
  })),
  {
    method: 'POST',
    route: '/api/tickets/:id/comments',
    url: '/api/tickets/{fresh}/comments',
    object: 'own',
    area: 'IncidentForm',
    body: { body: '<p>Internal {unique}</p>', isInternal: true },
    expect: HANDLER_ONLY(201, 'risk'),
  },
  {
    method: 'POST',
    route: '/api/tickets/:id/comments',
    url: '/api/tickets/{fresh}/comments',
    object: 'own',
    area: 'IncidentForm',
    body: { body: '<p>Matrix comment {unique}</p>' },
    expect: signedIn(201),
  },
  // Someone else's incident: Risk handles it (area and group), everyone else but admin sees nothing.
  {
    method: 'GET',
    route: '/api/tickets/:id',
    url: '/api/tickets/{id}',
    object: 'other',
    area: 'IncidentForm',
    expect: OTHERS_INCIDENT,
  },
  {
    method: 'PATCH',
    route: '/api/tickets/:id',
    url: '/api/tickets/{fresh}',
    object: 'other',
    area: 'IncidentForm',
    body: { priority: 'High', version: 1 },
    expect: OTHERS_INCIDENT,
  },
  {
    method: 'POST',
    route: '/api/tickets/:id/comments',
    url: '/api/tickets/{fresh}/comments',
    object: 'other',
    area: 'IncidentForm',
    body: { body: '<p>Internal {unique}</p>', isInternal: true },
    expect: { ...OTHERS_INCIDENT, risk: 201, admin: 201 },
  },
  // Assigned to the role's user: every holder of tickets:work handles it, whatever its area.
  {
    method: 'PATCH',
    route: '/api/tickets/:id',
    url: '/api/tickets/{fresh}',
    object: 'assigned',
    area: 'IncidentForm',
    body: { priority: 'High', version: 1 },
    expect: { ...signedIn(200), employee: 403 },
  },
  {
    method: 'POST',
    route: '/api/tickets/:id/comments',
    url: '/api/tickets/{fresh}/comments',
    object: 'assigned',
    area: 'IncidentForm',
    body: { body: '<p>Internal {unique}</p>', isInternal: true },
    expect: { ...signedIn(201), employee: 403 },
  },
];
