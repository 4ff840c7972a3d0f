/** The people and group directory for the form's colleague and role-group pickers: every signed-in user, read only. */
import { signedIn, type MatrixRow } from './types';

export const rows: MatrixRow[] = [
  { method: 'GET', route: '/api/directory/users', url: '/api/directory/users?q=a', expect: signedIn(200) },
  { method: 'GET', route: '/api/directory/role-groups', url: '/api/directory/role-groups', expect: signedIn(200) },
];
