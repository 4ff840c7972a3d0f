/**
 * The signed-in user's own pages (the home page's lists, My requests, saved views of /Tickets):
 * only their own rows, no scope beyond signing in. A view id nobody owns is a 404 for everyone
 * (another user's view: tests/api/saved-views.test.ts).
 */
import { signedIn, type MatrixRow } from './types';

export const rows: MatrixRow[] = [
  { method: 'GET', route: '/api/me/activity', url: '/api/me/activity', expect: signedIn(200) },
  { method: 'GET', route: '/api/me/requests', url: '/api/me/requests?state=all', expect: signedIn(200) },
  { method: 'GET', route: '/api/me/views', url: '/api/me/views', expect: signedIn(200) },
  {
    method: 'POST',
    route: '/api/me/views',
    url: '/api/me/views',
    body: { name: 'Matrix {unique}', query: 'state=open&sort=-createdAt' },
    expect: signedIn(201),
  },
  {
    method: 'PATCH',
    route: '/api/me/views/:id',
    url: '/api/me/views/00000000-0000-4000-8000-000000000000',
    body: { name: 'Renamed' },
    expect: signedIn(404),
  },
  {
    method: 'DELETE',
    route: '/api/me/views/:id',
    url: '/api/me/views/00000000-0000-4000-8000-000000000000',
    expect: signedIn(404),
  },
];
