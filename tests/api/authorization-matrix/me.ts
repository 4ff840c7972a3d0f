/** The signed-in user's own pages (the home page's lists, My requests): only their own rows, no scope beyond signing in. */
import { signedIn, type MatrixRow } from './types';

export const rows: MatrixRow[] = [
  { method: 'GET', route: '/api/me/activity', url: '/api/me/activity', expect: signedIn(200) },
  { method: 'GET', route: '/api/me/requests', url: '/api/me/requests?state=all', expect: signedIn(200) },
];
