/**
 * Attachments (docs/behaviour.md "Attachments"): anyone signed in uploads; a file is readable by its owner and by
 * whoever may read the submission it is linked to by the ticket visibility rule (the requester,
 * `forms:<Area>:read`, the assignee user or group, admin).
 * Anything else is 404, never 403 — also another user's file not yet on any submission (a
 * draft's upload), even for admin: there is nothing to read it through.
 */
import { signedIn, type MatrixRow } from './types';

export const rows: MatrixRow[] = [
  { method: 'POST', route: '/api/attachments', url: '/api/attachments', upload: true, expect: signedIn(201) },
  {
    method: 'GET',
    route: '/api/attachments/:id',
    url: '/api/attachments/{attachment}',
    object: 'own',
    expect: signedIn(200),
  },
  {
    method: 'GET',
    route: '/api/attachments/:id',
    url: '/api/attachments/{attachment}',
    object: 'other',
    expect: { ...signedIn(404), accounting: 200, admin: 200 },
  },
  {
    method: 'GET',
    route: '/api/attachments/:id',
    url: '/api/attachments/{attachment}',
    object: 'assigned',
    expect: signedIn(200),
  },
  {
    method: 'GET',
    route: '/api/attachments/:id',
    url: '/api/attachments/{strayAttachment}',
    expect: signedIn(404),
  },
];
